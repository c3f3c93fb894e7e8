package echomq.bench;

import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.engine.projection.ProjectionReader;
import echomq.redis.RedisStreamAppend;
import echomq.redis.RedisStreamRange;
import echomq.redis.RedisStreamState;
import io.vavr.collection.LinkedHashMap;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * 19. A standing answer (issue #56): the last hour in 1-minute panes of a feed-like combinable
 * fold, read 10,000 times a second of a simulated clock while entries are appended at 50 and at
 * 2,000 a second, on the bench's Redis. Counted, not timed: the accumulators combined per read (the
 * goal: at most 1), the reads answered as the answer stood, the entries read per entry appended (each
 * once as it is appended, once more when its pane trails the window: over a short run the trailing
 * pane's entries, read once a minute, weigh more than they do in the steady state's 2), the range reads
 * per read and Redis' time per read ({@code INFO commandstats}: the state read's script, which holds its
 * own commands' time, and the range reads' share of the XRANGE time). The simulation starts a few seconds before a minute's end, so a
 * pane seals and another slides out within it, and the answer is checked against a fresh fold of the
 * hour every simulated ten seconds and at the end. The time per read is printed for reading, not as
 * the figure.
 */
final class StandingCase {

    private StandingCase() {
    }

    private static final int READS_PER_MS = 10; // 10,000 reads a second
    private static final Duration HOUR = Duration.ofHours(1);
    private static final Window.Sliding WINDOW = Window.last(HOUR).inPanesOf(Duration.ofMinutes(1));

    static void run(Harness h, UnifiedJedis jedis, boolean quick) {
        int seconds = quick ? 8 : 70;
        String title = "19. the last hour in 1-minute panes read 10,000 times a second (" + seconds + " s simulated): counted";
        List<Harness.Row> rows = new ArrayList<>();
        System.out.printf("%n== %s%n%n", title);
        System.out.println("| appends/s | reads | combines / read | as it stood / read | entries read / append | range reads / read | Redis µs / read | client µs / read (not the figure) |");
        System.out.println("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (int perSecond : new int[] {50, 2_000}) {
            rows.add(one(jedis, perSecond, seconds, title));
        }
        h.keep(rows);
    }

    private static Harness.Row one(UnifiedJedis jedis, int perSecond, int seconds, String title) {
        String name = "standing-" + perSecond + "-" + System.nanoTime();
        StreamKey key = StreamKey.of(Bench.Q, name);
        // the hour ends 5 s before a minute's end: within the run a pane seals and the trailing one slides out
        long start = (Snowflake.EPOCH_MS + 700L * 86_400_000L) / 60_000 * 60_000 + 55_000;
        AtomicLong now = new AtomicLong(start - HOUR.toMillis());
        RedisStreamAppend writer = new RedisStreamAppend(jedis, new Snowflake(19, now::get));
        List<LinkedHashMap<String, String>> batch = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            batch.add(LinkedHashMap.of("player", "p" + i % 37, "total", Integer.toString(100 + i)));
        }
        while (now.get() < start) { // the hour before, 50 entries a second
            Bench.appendSecond(writer, name, batch, now);
        }
        RedisStreamRange range = new RedisStreamRange(jedis);
        ProjectionReader reader = new ProjectionReader(range, new RedisStreamState(jedis), Bench.fixedClock(now), 10_000);
        StreamWindows fresh = new StreamWindows(range);
        reader.fold(key, WINDOW, Bench.FEEDISH); // the hour folded once, as a restart's first read does
        ProjectionReader.Metrics m0 = reader.metrics();
        RedisStats s0 = RedisStats.of(jedis);
        long appended = 0;
        long reads = 0;
        long nanos = 0;
        RedisStats checks = RedisStats.none();
        List<LinkedHashMap<String, String>> due = new ArrayList<>();
        for (long ms = 0; ms < seconds * 1_000L; ms++) {
            now.incrementAndGet();
            // appends due in this millisecond, spread evenly over the second
            long n = (ms + 1) * perSecond / 1_000 - ms * perSecond / 1_000;
            due.clear();
            for (int i = 0; i < n; i++) {
                due.add(batch.get((int) ((appended + i) % batch.size())));
            }
            if (n == 1) {
                writer.append(key, due.get(0));
            } else if (n > 1) {
                writer.appendBatch(key, due);
            }
            appended += n;
            long t0 = System.nanoTime();
            for (int r = 0; r < READS_PER_MS; r++) {
                reader.fold(key, WINDOW, Bench.FEEDISH);
            }
            nanos += System.nanoTime() - t0;
            reads += READS_PER_MS;
            if (ms % 10_000 == 9_999 || ms == seconds * 1_000L - 1) {
                Bench.Feedish got = reader.fold(key, WINDOW, Bench.FEEDISH);
                reads++;
                RedisStats c0 = RedisStats.of(jedis);
                Bench.Feedish expected = fresh.foldWindow(key, Window.since(Instant.ofEpochMilli(now.get()).minus(HOUR)), Bench.FEEDISH);
                checks = checks.plus(RedisStats.of(jedis).since(c0));
                if (!got.equals(expected)) {
                    throw new IllegalStateException("19: the standing answer " + got.count() + " differs from the fresh fold "
                            + expected.count() + " at " + ms + " ms");
                }
            }
        }
        // the appends (XADD) and the checks' fresh folds left out: what the reads cost Redis
        RedisStats redis = RedisStats.of(jedis).since(s0, "xadd").minus(checks);
        ProjectionReader.Metrics m1 = reader.metrics();
        double combines = (m1.combines() - m0.combines()) / (double) reads;
        double stood = (m1.standing() - m0.standing()) / (double) reads;
        double entries = (m1.entriesFolded() - m0.entriesFolded()) / (double) appended;
        // a read is one state read (EVALSHA of stream-observe.lua, whose XINFO STREAM, XRANGE probe and EXISTS are listed on
        // their own too, its time included in the script's) and, when something moved, range reads (XRANGE beyond the probes)
        long scripts = redis.calls().getOrDefault("evalsha", 0L);
        double commands = (redis.calls().getOrDefault("xrange", 0L) - scripts) / (double) reads;
        long rangeUsec = redis.calls().getOrDefault("xrange", 0L) == 0 ? 0
                : Math.round(redis.usec().getOrDefault("xrange", 0L) * (redis.calls().get("xrange") - scripts) / (double) redis.calls().get("xrange"));
        double usec = (redis.usec().getOrDefault("evalsha", 0L) + rangeUsec) / (double) reads;
        double clientUs = nanos / 1e3 / (reads - seconds / 10 - 1);
        System.out.printf("| %,d | %,d | %.3f | %.3f | %.2f | %.2f | %.1f | %.1f |%n", perSecond, reads, combines, stood, entries, commands,
                usec, clientUs);
        System.out.println("   Redis per read, by command (the appends' and the checks' left out; a script's own commands apart): " + redis.per(reads));
        System.out.printf("   goal: at most 1 combine per read: %s (%.3f)%n", combines <= 1.0 ? "met" : "MISSED", combines);
        jedis.del(key.toString());
        return new Harness.Row(title, perSecond + " appends/s: combines per read", reads, clientUs / 1e3, 1e6 / clientUs, combines,
                new double[] {combines, stood, entries, commands, usec});
    }
}
