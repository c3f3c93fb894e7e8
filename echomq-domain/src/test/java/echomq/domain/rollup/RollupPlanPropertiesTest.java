package echomq.domain.rollup;

import echomq.domain.id.StreamId;
import echomq.domain.testing.Seeded;
import echomq.domain.window.Buckets;
import echomq.domain.window.Window;

import io.vavr.control.Option;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link RollupPlan}, run by a model of the runner over a model of Redis (a sorted source, a target
 * that refuses an id not above its top): whatever the passes, the crashes and the second writers,
 * the target holds exactly the final non-empty buckets, each once, in order, at {@code <start>-0},
 * with the count of its entries; computed independently of {@link Buckets}.
 */
class RollupPlanPropertiesTest {

    static final ZoneId[] ZONES = {ZoneId.of("UTC"), ZoneId.of("Europe/Berlin"), ZoneId.of("America/New_York"),
            ZoneId.of("Australia/Lord_Howe"), ZoneId.of("Asia/Kolkata")};
    static final long T0 = Instant.parse("2026-03-20T00:00:00Z").toEpochMilli();

    /** The model of a target stream: entries by id, refusing an id not above the top. */
    static final class Target {
        final TreeMap<StreamId, Long> entries = new TreeMap<>();
        StreamId top = StreamId.MIN;

        AppendOutcome appendAt(StreamId id, long count) {
            if (!id.isAfter(top)) {
                return new AppendOutcome.NotAboveTop(top);
            }
            entries.put(id, count);
            top = id;
            return new AppendOutcome.Appended(id);
        }
    }

    /** Thrown by the model runner to stop after k appends, as a crash would. */
    static final class Crash extends RuntimeException {
    }

    /** One pass of the runner, as the engine's: at most {@code crashAfter} appends. */
    static int run(Buckets buckets, TreeMap<Long, Integer> source, Target target, Instant now, Duration skew, int max,
                   int crashAfter) {
        int appends = 0;
        Option<Window.Closed> done = RollupPlan.resumeAfter(buckets, target.top.equals(StreamId.MIN) ? Option.none() : Option.some(target.top));
        while (true) {
            Option<StreamId> from = RollupPlan.readFrom(done);
            if (from.isEmpty()) {
                return appends;
            }
            Map.Entry<Long, Integer> next = source.ceilingEntry(from.get().ms());
            Option<RollupPlan.Plan> plan = RollupPlan.next(buckets, next == null ? Option.none() : Option.some(StreamId.of(next.getKey(), 0)),
                    now, skew, max);
            if (plan.isEmpty()) {
                return appends;
            }
            for (Window.Closed b : plan.get().buckets()) {
                long count = source.subMap(b.t0().toEpochMilli(), true, b.t1().toEpochMilli(), true).values().stream()
                        .mapToLong(Integer::longValue).sum();
                if (count > 0) {
                    if (appends == crashAfter) {
                        throw new Crash();
                    }
                    target.appendAt(RollupPlan.entryId(b), count);
                    appends++;
                }
            }
            done = Option.some(plan.get().range());
        }
    }

    /** The bucket start of {@code ms}, independently: floor to the grid, or the local date's start of day. */
    static long startOf(boolean tumbling, long size, long origin, ZoneId zone, long ms) {
        if (tumbling) {
            return origin + Math.floorDiv(ms - origin, size) * size;
        }
        LocalDate d = Instant.ofEpochMilli(ms).atZone(zone).toLocalDate();
        long s = d.atStartOfDay(zone).toInstant().toEpochMilli();
        return s > ms ? d.minusDays(1).atStartOfDay(zone).toInstant().toEpochMilli() : s;
    }

    static long nextStart(boolean tumbling, long size, ZoneId zone, long start) {
        if (tumbling) {
            return start + size;
        }
        LocalDate d = Instant.ofEpochMilli(start).atZone(zone).toLocalDate();
        return d.plusDays(1).atStartOfDay(zone).toInstant().toEpochMilli();
    }

    @TestFactory
    Stream<DynamicTest> passesCrashesAndSecondWritersLeaveEachFinalNonEmptyBucketOnce() {
        Random seeds = Seeded.random("RollupPlanPropertiesTest");
        return IntStream.range(0, Math.max(50, Seeded.CASES / 5)).mapToObj(i -> {
            long seed = seeds.nextLong();
            return DynamicTest.dynamicTest("seed " + seed, () -> {
                Random r = new Random(seed);
                boolean tumbling = r.nextInt(3) > 0;
                long size = 1 + r.nextInt(r.nextBoolean() ? 50 : 120_000);
                long origin = tumbling && r.nextBoolean() ? T0 - r.nextInt(100_000) : 0;
                ZoneId zone = ZONES[r.nextInt(ZONES.length)];
                Buckets buckets = tumbling ? Buckets.tumbling(Duration.ofMillis(size)).alignedTo(Instant.ofEpochMilli(origin))
                        : Buckets.calendar(ChronoUnit.DAYS, zone);
                long span = tumbling ? size * (1 + r.nextInt(60)) : 86_400_000L * (1 + r.nextInt(20));
                TreeMap<Long, Integer> source = new TreeMap<>();
                int n = r.nextInt(40);
                for (int k = 0; k < n; k++) {
                    source.merge(T0 + (long) (r.nextDouble() * span), 1 + r.nextInt(3), Integer::sum);
                }
                Duration skew = Duration.ofMillis(r.nextInt(3) == 0 ? 0 : r.nextInt((int) Math.min(size * 2, 5_000) + 1));
                int max = 1 + r.nextInt(8);
                Target target = new Target();
                Instant now = Instant.ofEpochMilli(T0);
                for (int pass = 0; pass < 30; pass++) {
                    now = now.plusMillis((long) (r.nextDouble() * span / 10));
                    int crashAfter = r.nextInt(4) == 0 ? r.nextInt(3) : Integer.MAX_VALUE;
                    try {
                        run(buckets, source, target, now, skew, max, crashAfter);
                    } catch (Crash crashed) {
                        // rerun (a restart) or not: the next pass resumes from the target's top
                    }
                    if (r.nextInt(5) == 0) {
                        run(buckets, source, target, now, skew, max, Integer.MAX_VALUE); // a second writer at once
                    }
                }
                run(buckets, source, target, now, skew, max, Integer.MAX_VALUE);
                // expected, independently: every bucket with entries whose end is before now - skew
                TreeMap<StreamId, Long> expected = new TreeMap<>();
                long finalBefore = now.minus(skew).toEpochMilli();
                for (Map.Entry<Long, Integer> e : source.entrySet()) {
                    long s = startOf(tumbling, size, origin, zone, e.getKey());
                    long end = nextStart(tumbling, size, zone, s) - 1;
                    if (end < finalBefore) {
                        expected.merge(StreamId.of(s, 0), (long) e.getValue(), Long::sum);
                    }
                }
                assertThat(target.entries).as("buckets written").isEqualTo(expected);
            });
        });
    }

    @TestFactory
    Stream<DynamicTest> theBucketOfAMillisecondHoldsItAndIsWhole() {
        Random seeds = Seeded.random("RollupPlanPropertiesTest.bucketOf");
        return IntStream.range(0, Math.max(50, Seeded.CASES / 5)).mapToObj(i -> {
            long seed = seeds.nextLong();
            return DynamicTest.dynamicTest("seed " + seed, () -> {
                Random r = new Random(seed);
                boolean tumbling = r.nextBoolean();
                long size = 1 + r.nextInt(10_000_000);
                long origin = tumbling ? r.nextInt(10_000_000) : 0;
                ZoneId zone = ZONES[r.nextInt(ZONES.length)];
                Buckets buckets = tumbling ? Buckets.tumbling(Duration.ofMillis(size)).alignedTo(Instant.ofEpochMilli(origin))
                        : Buckets.calendar(ChronoUnit.DAYS, zone);
                long ms = T0 + (long) (r.nextDouble() * 400L * 86_400_000L);
                Window.Closed b = RollupPlan.bucketOf(buckets, ms);
                long s = startOf(tumbling, size, origin, zone, ms);
                assertThat(b.t0().toEpochMilli()).isEqualTo(s);
                assertThat(b.t1().toEpochMilli()).isEqualTo(nextStart(tumbling, size, zone, s) - 1);
            });
        });
    }

    @Test
    void aResumeStartsAfterTheTopsBucketAndAPlanWaitsForTheSkew() {
        Buckets minutes = Buckets.tumbling(Duration.ofMinutes(1));
        long m = 1_700_000_040_000L; // a minute's start
        assertThat(RollupPlan.resumeAfter(minutes, Option.some(StreamId.of(m, 0)))).contains(
                Window.closed(Instant.ofEpochMilli(m), Instant.ofEpochMilli(m + 59_999)));
        assertThat(RollupPlan.readFrom(RollupPlan.resumeAfter(minutes, Option.some(StreamId.of(m, 0))))).contains(StreamId.of(m + 60_000, 0));
        assertThat(RollupPlan.resumeAfter(minutes, Option.some(StreamId.MIN))).isEmpty();
        Option<StreamId> entry = Option.some(StreamId.of(m + 10, 3));
        assertThat(RollupPlan.next(minutes, entry, Instant.ofEpochMilli(m + 60_000 + 1_999), Duration.ofSeconds(2), 10)).isEmpty();
        assertThat(RollupPlan.next(minutes, entry, Instant.ofEpochMilli(m + 60_000 + 2_000), Duration.ofSeconds(2), 10).get().buckets())
                .containsExactly(Window.closed(Instant.ofEpochMilli(m), Instant.ofEpochMilli(m + 59_999)));
        assertThat(RollupPlan.next(minutes, Option.none(), Instant.ofEpochMilli(m * 2), Duration.ZERO, 10)).isEmpty();
    }

    @Test
    void badInputIsNamed() {
        Buckets minutes = Buckets.tumbling(Duration.ofMinutes(1));
        assertThatThrownBy(() -> RollupPlan.bucketOf(Buckets.hopping(Duration.ofMinutes(2), Duration.ofMinutes(1)), 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tumbling or calendar");
        assertThatThrownBy(() -> RollupPlan.next(minutes, Option.none(), Instant.EPOCH, Duration.ofSeconds(-1), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative");
        assertThatThrownBy(() -> RollupPlan.next(minutes, Option.none(), Instant.EPOCH, Duration.ZERO, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("max 0");
        assertThatThrownBy(() -> RollupPlan.entryId(Window.closed(Instant.EPOCH, Instant.ofEpochMilli(59_999))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0-0");
        assertThatThrownBy(() -> RollupAppendPort.requireFields(io.vavr.collection.LinkedHashMap.of("id", "x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"id\"");
        assertThatThrownBy(() -> RollupAppendPort.requireFields(io.vavr.collection.LinkedHashMap.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one field");
        echomq.domain.stream.StreamKey k = echomq.domain.stream.StreamKey.existing("orders");
        assertThatThrownBy(() -> RollupSpec.of(k, echomq.domain.stream.StreamKey.existing("orders"), minutes, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("another stream");
    }
}
