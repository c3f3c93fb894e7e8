package echomq.bench;

import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.redis.RedisStreamRange;
import echomq.sketches.AggregateState;
import echomq.sketches.Aggregates;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;

/**
 * 20. A series by event time (issue #57): 1-minute buckets of {@code count,sum:amount} over a stream
 * of 1,000,000 entries (100,000 quick) another service wrote over two hours (explicit ids), each with
 * a {@code ts} up to 4.5 minutes behind its id (one in a hundred 10 minutes late, one in two hundred
 * a minute early, one in two hundred without a time), read by event time with {@code L = 5m}
 * ({@code EventTime.over}: the id range widened by the lead and the lateness, each entry's time parsed,
 * held until the read's watermark passes it, handed out in event-time order), against the same series
 * by the ids' time ({@code StreamWindows.foldSeries} over the store). Both read every entry of the
 * stream once. Goal: by event time within 1.2× the time by id time (ratio at least 0.83). Before it
 * is timed, the series by event time is checked bucket by bucket against the generator's own count,
 * and its left-out counts against the generator's: a faster wrong answer fails the run.
 */
final class EventTimeCase {

    static final long MINUTE = 60_000;

    private EventTimeCase() {
    }

    static void run(Harness h, UnifiedJedis jedis, boolean quick, int rounds) throws Exception {
        int entries = quick ? 100_000 : 1_000_000;
        String key = "evt-orders-" + System.nanoTime();
        long from = Bench.T0 - Bench.T0 % MINUTE + 10 * MINUTE;
        long span = 120 * MINUTE;
        Expected expected = load(jedis, key, entries, from, span);
        EventTime ts = EventTime.field("ts").lateness(Duration.ofMinutes(5));
        Aggregates folds = Aggregates.parse("count,sum:amount");
        RedisStreamRange range = new RedisStreamRange(jedis);
        StreamKey stream = StreamKey.existing(key);
        Buckets minutes = Buckets.tumbling(Duration.ofMinutes(1));
        // the data's whole span: by event time the read reaches a second before it and 5 minutes after, where nothing is
        Window.Closed whole = Window.closed(Instant.ofEpochMilli(from - 5 * MINUTE), Instant.ofEpochMilli(from + span + MINUTE - 1));
        StreamWindows byId = new StreamWindows(range);

        LeftOut.Tally first = new LeftOut.Tally();
        Series<AggregateState> checked = new StreamWindows(ts.over(range, first)).foldSeries(stream, minutes, whole, folds.fold());
        for (Bucket<AggregateState> b : checked.buckets()) {
            long minute = b.window().t0().toEpochMilli();
            long want = expected.perMinute().getOrDefault(minute, 0L);
            if (b.value().entries() != want) {
                throw new IllegalStateException("case 20: the minute " + b.window().t0() + " by event time holds " + b.value().entries()
                        + " entries, the generator put " + want + " there");
            }
        }
        if (!first.counts().equals(expected.leftOut())) {
            throw new IllegalStateException("case 20: left out " + first.counts() + ", the generator made " + expected.leftOut());
        }
        System.out.printf("   checked: %d buckets by event time equal the generator's, left out %s%n", checked.buckets().size(), first.counts());

        Map<String, Callable<Long>> contenders = new LinkedHashMap<>();
        contenders.put("series by id time", () -> {
            Series<AggregateState> s = byId.foldSeries(stream, minutes, whole, folds.fold());
            return read(s, entries, 0);
        });
        contenders.put("series by event time, L = 5m", () -> {
            LeftOut.Tally left = new LeftOut.Tally();
            Series<AggregateState> s = new StreamWindows(ts.over(range, left)).foldSeries(stream, minutes, whole, folds.fold());
            return read(s, entries, left.counts().total());
        });
        List<Harness.Row> rows = h.compare("20 series by event time (L = 5m, 1-minute buckets) vs by id time over " + entries + " entries",
                1, rounds, contenders);
        double ratio = rows.get(1).ratioToBaseline();
        System.out.printf("[case 20] by event time at %.3fx the throughput by id time, %.2fx its time (goal: within 1.2x, i.e. ratio >= 0.83: %s)%n",
                ratio, 1 / ratio, 1 / ratio <= 1.2 ? "met" : "MISSED");
        jedis.del(key);
    }

    /** The entries the read met: those folded and those left out, which must be every entry of the stream. */
    private static long read(Series<AggregateState> s, int entries, long leftOut) {
        long n = s.buckets().map(b -> b.value().entries()).sum().longValue() + leftOut;
        if (n != entries) {
            throw new IllegalStateException("case 20: the series met " + n + " entries of " + entries);
        }
        return n;
    }

    /** What the generator put in each minute by event time, and left out. */
    record Expected(Map<Long, Long> perMinute, LeftOut leftOut) {
    }

    /**
     * {@code n} orders at explicit ids spread evenly over {@code span} from {@code from}, each with a
     * {@code ts} in epoch milliseconds, pipelined in batches of 10,000.
     */
    static Expected load(UnifiedJedis jedis, String key, int n, long from, long span) {
        long t0 = System.nanoTime();
        Random rnd = new Random(57);
        Map<Long, Long> perMinute = new java.util.HashMap<>();
        LeftOut left = LeftOut.NONE;
        int batch = 10_000;
        long last = -1;
        long seq = 0;
        for (int i = 0; i < n; i += batch) {
            try (redis.clients.jedis.AbstractPipeline p = jedis.pipelined()) {
                for (int k = i; k < Math.min(n, i + batch); k++) {
                    long ms = from + span * k / n;
                    seq = ms == last ? seq + 1 : 0;
                    last = ms;
                    int kind = rnd.nextInt(200);
                    Map<String, String> fields = new java.util.HashMap<>(Map.of("amount", Integer.toString(k % 1000), "user", "u" + (k % 97)));
                    if (kind < 2) {
                        fields.put("ts", Long.toString(ms - 10 * MINUTE));
                        left = left.plus(LeftOut.Reason.LATE);
                    } else if (kind == 2) {
                        fields.put("ts", Long.toString(ms + MINUTE));
                        left = left.plus(LeftOut.Reason.EARLY);
                    } else if (kind == 3) {
                        left = left.plus(LeftOut.Reason.UNTIMED);
                    } else {
                        long e = ms - rnd.nextInt((int) (4.5 * MINUTE));
                        fields.put("ts", Long.toString(e));
                        perMinute.merge(e - Math.floorMod(e, MINUTE), 1L, Long::sum);
                    }
                    p.xadd(key, new StreamEntryID(ms, seq), fields);
                }
                p.sync();
            }
        }
        System.out.printf("loaded %d entries into %s in %.1f s%n", n, key, (System.nanoTime() - t0) / 1e9);
        return new Expected(perMinute, left);
    }
}
