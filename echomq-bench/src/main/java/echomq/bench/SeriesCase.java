package echomq.bench;

import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Bucketed;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.engine.projection.ProjectionReader;
import echomq.redis.RedisStreamAppend;
import echomq.redis.RedisStreamRange;
import echomq.redis.RedisStreamState;
import echomq.sketches.QuantileState;
import echomq.sketches.Quantiles;

import io.vavr.collection.LinkedHashMap;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * 13. Series (issue #26): the caching reader against a fresh one-pass series, on the two goals.
 * <ul>
 *   <li>13a: 60 one-minute buckets of the last hour, re-read every (simulated) second while 50
 *       entries a second arrive: entries folded per read, goal at most 2 × (new + expired) = 200;</li>
 *   <li>13b: 30 calendar days (Europe/Berlin) re-read after 100 appends: entries folded by the
 *       re-read, goal at most 200.</li>
 *   <li>13c (issue #49): 13a with a p90 of each minute ({@code Quantiles}, 2 digits) instead of a
 *       count: the same goal, and the bytes a kept bucket takes (its checkpoint text, its buckets).</li>
 * </ul>
 * Each read of the reader is checked against the fresh series: a cheaper wrong answer fails the run.
 */
final class SeriesCase {

    private SeriesCase() {
    }

    static void run(Harness h, UnifiedJedis jedis, boolean quick) {
        RedisStreamRange range = new RedisStreamRange(jedis);
        RedisStreamState states = new RedisStreamState(jedis);
        perMinuteOfTheLastHour(h, jedis, range, states, quick);
        calendarDays(jedis, range, states);
        p90PerMinuteOfTheLastHour(h, jedis, range, states, quick);
    }

    private static void perMinuteOfTheLastHour(Harness h, UnifiedJedis jedis, RedisStreamRange range, RedisStreamState states,
                                               boolean quick) {
        StreamKey key = StreamKey.of(Bench.Q, "series-" + System.nanoTime());
        AtomicLong now = new AtomicLong(Snowflake.EPOCH_MS + 600L * 86_400_000L);
        RedisStreamAppend writer = new RedisStreamAppend(jedis, new Snowflake(4, now::get));
        List<LinkedHashMap<String, String>> second = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            second.add(LinkedHashMap.of("player", "p" + i, "total", "120"));
        }
        for (int s = 0; s < 3600; s++) { // an hour already in the stream
            Bench.appendSecond(writer, key.name(), second, now);
        }
        ProjectionReader reader = new ProjectionReader(range, states, Bench.fixedClock(now), 10_000);
        StreamWindows fresh = new StreamWindows(range, Bench.fixedClock(now));
        Bucketed hour = Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1)));
        int seconds = quick ? 300 : 900;
        reader.fold(key, hour, Bench.COUNT); // the first read folds the hour once
        long warm = reader.metrics().entriesFolded();
        double readerNanos = 0;
        double freshNanos = 0;
        int freshReads = 0;
        long maxPerRead = 0;
        for (int s = 0; s < seconds; s++) {
            Bench.appendSecond(writer, key.name(), second, now);
            long before = reader.metrics().entriesFolded();
            long t0 = System.nanoTime();
            Series<Long> cached = reader.fold(key, hour, Bench.COUNT);
            readerNanos += System.nanoTime() - t0;
            maxPerRead = Math.max(maxPerRead, reader.metrics().entriesFolded() - before);
            if (s % 30 == 15) {
                long t1 = System.nanoTime();
                Series<Long> whole = fresh.foldSeries(key, hour.buckets(), hour.at(Instant.ofEpochMilli(now.get())), Bench.COUNT);
                freshNanos += System.nanoTime() - t1;
                freshReads++;
                if (!whole.equals(cached)) {
                    throw new IllegalStateException("the cached series differs from a fresh one at second " + s);
                }
            }
        }
        double freshMs = freshNanos / freshReads / 1e6;
        double readerMs = readerNanos / seconds / 1e6;
        String name = "13a. 60 one-minute buckets of the last hour, re-read every second, 50 appends/s, " + seconds + " s simulated";
        h.record(List.of(
                new Harness.Row(name, "fresh foldSeries, one pass (baseline, every 30th s)", 180_000, freshMs, 180_000 / (freshMs / 1000), 1.0,
                        new double[0]),
                new Harness.Row(name, "ProjectionReader.fold(key, Bucketed)", 180_000, readerMs, 180_000 / (readerMs / 1000),
                        freshMs / readerMs, new double[0])));
        double perRead = (double) (reader.metrics().entriesFolded() - warm) / seconds;
        System.out.printf("   entries folded per read after the first: %.1f mean, %d at most (new + expired per read: 100; goal <= 200: %s)%n",
                perRead, maxPerRead, perRead <= 200 ? "met" : "MISSED");
        jedis.del(key.toString());
    }

    /** 13c: the hour of 13a as a p90 per minute, values spread over four decades so a bucket holds many of HdrHistogram's. */
    private static void p90PerMinuteOfTheLastHour(Harness h, UnifiedJedis jedis, RedisStreamRange range, RedisStreamState states,
                                                  boolean quick) {
        StreamKey key = StreamKey.of(Bench.Q, "p90-" + System.nanoTime());
        AtomicLong now = new AtomicLong(Snowflake.EPOCH_MS + 700L * 86_400_000L);
        RedisStreamAppend writer = new RedisStreamAppend(jedis, new Snowflake(5, now::get));
        java.util.Random r = new java.util.Random(49);
        List<List<LinkedHashMap<String, String>>> seconds = new ArrayList<>();
        for (int k = 0; k < 16; k++) { // sixteen different seconds, in turn
            List<LinkedHashMap<String, String>> second = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                second.add(LinkedHashMap.of("player", "p" + i, "total", Long.toString((long) Math.exp(r.nextDouble() * Math.log(1_000_000)))));
            }
            seconds.add(second);
        }
        for (int s = 0; s < 3600; s++) {
            Bench.appendSecond(writer, key.name(), seconds.get(s % 16), now);
        }
        Checkpointable<QuantileState> p90 = Quantiles.of("p90", "total", 2, 1_000_000L);
        ProjectionReader reader = new ProjectionReader(range, states, Bench.fixedClock(now), 10_000);
        StreamWindows fresh = new StreamWindows(range, Bench.fixedClock(now));
        Bucketed hour = Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1)));
        int length = quick ? 300 : 900;
        reader.fold(key, hour, p90);
        long warm = reader.metrics().entriesFolded();
        double readerNanos = 0;
        double freshNanos = 0;
        int freshReads = 0;
        long maxPerRead = 0;
        Series<QuantileState> cached = null;
        for (int s = 0; s < length; s++) {
            Bench.appendSecond(writer, key.name(), seconds.get(s % 16), now);
            long before = reader.metrics().entriesFolded();
            long t0 = System.nanoTime();
            cached = reader.fold(key, hour, p90);
            readerNanos += System.nanoTime() - t0;
            maxPerRead = Math.max(maxPerRead, reader.metrics().entriesFolded() - before);
            if (s % 30 == 15) {
                long t1 = System.nanoTime();
                Series<QuantileState> whole = fresh.foldSeries(key, hour.buckets(), hour.at(Instant.ofEpochMilli(now.get())), p90);
                freshNanos += System.nanoTime() - t1;
                freshReads++;
                if (!whole.equals(cached)) {
                    throw new IllegalStateException("the cached p90 series differs from a fresh one at second " + s);
                }
            }
        }
        double freshMs = freshNanos / freshReads / 1e6;
        double readerMs = readerNanos / length / 1e6;
        String name = "13c. a p90 of each minute of the last hour (Quantiles, 2 digits), re-read every second, 50 appends/s, "
                + length + " s simulated";
        h.record(List.of(
                new Harness.Row(name, "fresh foldSeries, one pass (baseline, every 30th s)", 180_000, freshMs, 180_000 / (freshMs / 1000), 1.0,
                        new double[0]),
                new Harness.Row(name, "ProjectionReader.fold(key, Bucketed)", 180_000, readerMs, 180_000 / (readerMs / 1000),
                        freshMs / readerMs, new double[0])));
        double perRead = (double) (reader.metrics().entriesFolded() - warm) / length;
        long textBytes = 0;
        long heapBytes = 0;
        long buckets = 0;
        int full = 0;
        for (var b : cached.buckets()) {
            if (b.entries() == 3_000) { // the whole minutes, not the clipped ends
                textBytes += p90.codec().encode(b.value()).length();
                buckets += b.value().buckets();
                heapBytes += b.value().footprint();
                full++;
            }
        }
        System.out.printf("   entries folded per read after the first: %.1f mean, %d at most (new + expired per read: 100; goal <= 200: %s)%n",
                perRead, maxPerRead, perRead <= 200 ? "met" : "MISSED");
        System.out.printf("   a kept bucket of 3,000 values: %.0f bytes of checkpoint text, %.0f of HdrHistogram's buckets held"
                        + ", about %.0f bytes of heap (QuantileState.footprint)%n",
                (double) textBytes / full, (double) buckets / full, (double) heapBytes / full);
        jedis.del(key.toString());
    }

    private static void calendarDays(UnifiedJedis jedis, RedisStreamRange range, RedisStreamState states) {
        StreamKey key = StreamKey.of(Bench.Q, "days-" + System.nanoTime());
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        Instant from = Instant.parse("2026-03-10T00:00:00Z").atZone(berlin).truncatedTo(ChronoUnit.DAYS).toInstant();
        AtomicLong now = new AtomicLong(from.toEpochMilli());
        RedisStreamAppend writer = new RedisStreamAppend(jedis, new Snowflake(6, now::get));
        List<LinkedHashMap<String, String>> batch = java.util.Collections.nCopies(100, LinkedHashMap.of("room", "r"));
        Instant to = from.atZone(berlin).plusDays(30).toInstant().minusMillis(1); // 30 local days: one of them 23 hours
        while (now.get() < to.minus(Duration.ofMinutes(30)).toEpochMilli()) { // 100 entries every ten minutes, across a DST change
            writer.appendBatch(key, batch);
            now.addAndGet(600_000);
        }
        ProjectionReader reader = new ProjectionReader(range, states, Bench.fixedClock(now), 10_000);
        Bucketed days = Buckets.calendar(ChronoUnit.DAYS, berlin).within(Window.closed(from, to));
        long t0 = System.nanoTime();
        reader.fold(key, days, Bench.COUNT);
        double firstMs = (System.nanoTime() - t0) / 1e6;
        now.set(to.minus(Duration.ofMinutes(10)).toEpochMilli()); // the appends fall in the last day, above the stream's top
        writer.appendBatch(key, batch);
        long before = reader.metrics().entriesFolded();
        long t1 = System.nanoTime();
        Series<Long> again = reader.fold(key, days, Bench.COUNT);
        double againMs = (System.nanoTime() - t1) / 1e6;
        long folded = reader.metrics().entriesFolded() - before;
        Series<Long> whole = new StreamWindows(range).foldSeries(key, days.buckets(), (Window.Closed) days.range(), Bench.COUNT);
        if (!whole.equals(again)) {
            throw new IllegalStateException("the cached calendar series differs from a fresh one");
        }
        System.out.printf("13b. 30 calendar days (Europe/Berlin, %d buckets, %d entries) re-read after 100 appends: %d entries folded "
                        + "(goal <= 200: %s); first read %.1f ms, re-read %.1f ms (%.0fx)%n",
                again.buckets().size(), again.entries(), folded, folded <= 200 ? "met" : "MISSED", firstMs, againMs, firstMs / againMs);
        jedis.del(key.toString());
    }
}
