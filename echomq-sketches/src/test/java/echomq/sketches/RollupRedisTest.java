package echomq.sketches;

import echomq.domain.closing.ServerClockPort;
import echomq.domain.id.StreamId;
import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.rollup.RollupSpec;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import echomq.domain.window.Buckets;
import echomq.engine.rollup.Rollup;
import echomq.engine.rollup.RollupReport;
import echomq.redis.RedisConnections;
import echomq.redis.RedisPorts;
import echomq.redis.RedisServerClock;
import echomq.redis.RedisStreamRange;
import echomq.testkit.RedisClusterProcess;
import echomq.testkit.Seeded;
import echomq.testkit.TestRedis;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.XAddParams;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Rollups that are streams on a real Redis, with {@link Aggregates}: a source written as another
 * service writes it ({@code XADD orders * …} and explicit ids), rolled up once, twice, interrupted,
 * rolled up again, continuously on a store's clock the test moves, and on a cluster.
 */
class RollupRedisTest {

    static final Aggregates FOLDS = Aggregates.parse("count,sum:amount,min:amount,max:amount,avg:amount,p99:amount,distinct:user,"
            + "range:amount,var:amount,stddev_samp:amount,twa:amount,first:amount,last:amount,median:amount");
    static final Buckets MINUTES = Buckets.tumbling(Duration.ofMinutes(1));
    static final Buckets HOURS = Buckets.tumbling(Duration.ofHours(1));
    static final Duration SKEW = Duration.ofMillis(100);

    static UnifiedJedis jedis;

    @BeforeAll
    static void connect() {
        jedis = RedisConnections.connect(TestRedis.uri());
    }

    @AfterAll
    static void close() {
        jedis.close();
    }

    /** The store's clock plus an offset the test moves: how a test closes buckets without waiting for them. */
    static final class AheadClock implements ServerClockPort {
        final ServerClockPort store;
        final AtomicLong aheadMs = new AtomicLong();

        AheadClock(ServerClockPort store, long aheadMs) {
            this.store = store;
            this.aheadMs.set(aheadMs);
        }

        @Override
        public Instant now(StreamKey stream) {
            return store.now(stream).plusMillis(aheadMs.get());
        }
    }

    static StreamKey fresh(String what) {
        return StreamKey.existing(what + ":" + UUID.randomUUID());
    }

    static Rollup<AggregateState> rollup(UnifiedJedis client, StreamKey from, StreamKey into, Buckets buckets, ServerClockPort clock) {
        return Rollup.over(RedisPorts.over(client), RollupSpec.of(from, into, buckets, SKEW), FOLDS.rollup()).withClock(clock);
    }

    static Map<String, String> order(Random r) {
        return Map.of("amount", r.nextInt(10) == 0 ? "n/a" : r.nextInt(5) == 0 ? (r.nextInt(20_000) / 100.0) + "" : Integer.toString(r.nextInt(500)),
                "user", "u" + r.nextInt(40));
    }

    /**
     * About three hours of orders under explicit ids (some sequences above 0, some ids at a minute's
     * start), then a few under {@code *}: Redis' own clock.
     */
    static void history(UnifiedJedis client, StreamKey key, Random r) {
        long now = new RedisServerClock(client).now(key).toEpochMilli();
        long ms = now - 3 * 3_600_000L - r.nextInt(3_600_000);
        while (ms < now - 120_000) {
            int burst = r.nextInt(4) == 0 ? 1 + r.nextInt(4) : 1;
            for (int q = 0; q < burst; q++) {
                client.xadd(key.toString(), XAddParams.xAddParams().id(ms + "-" + (q + 1)), order(r));
            }
            long next = ms + 1 + (r.nextInt(8) == 0 ? r.nextInt(900_000) : r.nextInt(40_000));
            if (r.nextInt(10) == 0 && next - next % 60_000 > ms) {
                next -= next % 60_000; // an entry at a minute's first millisecond
            }
            ms = next;
        }
        for (int i = 0; i < 20; i++) {
            client.xadd(key.toString(), XAddParams.xAddParams(), order(r));
        }
    }

    static List<StreamEntry> all(UnifiedJedis client, StreamKey key) {
        return new RedisStreamRange(client).rangeFrom(key, StreamId.MIN, 1_000_000);
    }

    /** Each written bucket equals an independent fold of the source's entries over it, and no non-empty bucket is missing. */
    static void assertEachBucketIsTheFoldOfItsEntries(UnifiedJedis client, StreamKey source, StreamKey rollup, Buckets buckets) {
        List<StreamEntry> written = all(client, rollup);
        List<StreamEntry> entries = all(client, source);
        long folded = 0;
        for (StreamEntry w : written) {
            long to = Long.parseLong(w.field("to").get());
            AggregateState direct = FOLDS.empty();
            for (StreamEntry e : entries) {
                if (e.id().ms() >= w.id().ms() && e.id().ms() <= to) {
                    direct = FOLDS.fold().step(direct, e);
                }
            }
            assertThat(w.id().seq()).isZero();
            assertThat(w.fields()).as("bucket %s", w.id()).isEqualTo(direct.rollupFields(to));
            folded += direct.entries();
        }
        long last = Long.parseLong(written.get(written.size() - 1).field("to").get());
        assertThat(folded).as("every entry up to the last bucket is in a written bucket")
                .isEqualTo(entries.stream().filter(e -> e.id().ms() <= last).count());
        assertThat(written.stream().map(w -> w.id().ms()).toList())
                .as("one entry per non-empty bucket").doesNotHaveDuplicates().isSorted();
        assertThat(written).allSatisfy(w -> assertThat(buckets.over(echomq.domain.window.Window.closed(
                Instant.ofEpochMilli(w.id().ms()), Instant.ofEpochMilli(Long.parseLong(w.field("to").get()))))).hasSize(1));
    }

    @Test
    void onceRunTwiceWritesNothingTheSecondTimeAndEachBucketIsTheFoldOfItsEntries() {
        StreamKey orders = fresh("orders");
        StreamKey minutes = fresh("orders:1m");
        history(jedis, orders, Seeded.random("RollupRedisTest.twice"));
        AheadClock clock = new AheadClock(new RedisServerClock(jedis), 3_600_000);
        RollupReport first = rollup(jedis, orders, minutes, MINUTES, clock).once();
        List<StreamEntry> after = all(jedis, minutes);
        assertThat(first.written()).isEqualTo(after.size()).isGreaterThan(10);
        RollupReport second = rollup(jedis, orders, minutes, MINUTES, clock).once();
        assertThat(second.written()).isZero();
        assertThat(second.alreadyThere()).isZero();
        assertThat(second.resumedAfter()).isEqualTo(first.lastWritten());
        assertThat(all(jedis, minutes)).isEqualTo(after);
        assertEachBucketIsTheFoldOfItsEntries(jedis, orders, minutes, MINUTES);
    }

    @Test
    void aMinuteRollupRolledUpToHoursEqualsTheDirectHourRollup() {
        StreamKey orders = fresh("orders");
        history(jedis, orders, Seeded.random("RollupRedisTest.hours"));
        AheadClock clock = new AheadClock(new RedisServerClock(jedis), 2 * 3_600_000);
        StreamKey minutes = fresh("orders:1m");
        StreamKey hoursOfMinutes = fresh("orders:1m:1h");
        StreamKey hours = fresh("orders:1h");
        rollup(jedis, orders, minutes, MINUTES, clock).once();
        rollup(jedis, minutes, hoursOfMinutes, HOURS, clock).once();
        rollup(jedis, orders, hours, HOURS, clock).once();
        List<StreamEntry> direct = all(jedis, hours);
        assertThat(direct).hasSizeGreaterThanOrEqualTo(3);
        assertThat(all(jedis, hoursOfMinutes)).isEqualTo(direct);
        assertEachBucketIsTheFoldOfItsEntries(jedis, orders, hours, HOURS);
        // the folds were all there, with values
        assertThat(direct.get(0).fields().keySet().toJavaList()).contains("count", "sum_amount", "min_amount", "max_amount",
                "avg_amount", "p99_amount", "distinct_user", "avg_amount_state", "p99_amount_state", "distinct_user_state");
    }

    @Test
    void aRunInterruptedMidwayAndRunAgainLeavesWhatOneUninterruptedRunLeaves() {
        StreamKey orders = fresh("orders");
        history(jedis, orders, Seeded.random("RollupRedisTest.crash"));
        AheadClock clock = new AheadClock(new RedisServerClock(jedis), 3_600_000);
        StreamKey whole = fresh("orders:1m");
        rollup(jedis, orders, whole, MINUTES, clock).once();
        int n = all(jedis, whole).size();
        for (int k : new int[]{0, 1, n / 3, n - 1}) {
            StreamKey interrupted = fresh("orders:1m");
            AtomicInteger appends = new AtomicInteger();
            RollupAppendPort dies = (key, id, fields) -> {
                if (appends.getAndIncrement() >= k) {
                    throw new StreamStoreException.Unavailable(key.toString(), "the process died after " + k + " appends", null);
                }
                return RedisPorts.over(jedis).rollupAppends().appendAt(key, id, fields);
            };
            Rollup<AggregateState> crashing = new Rollup<>(RollupSpec.of(orders, interrupted, MINUTES, SKEW), FOLDS.rollup(),
                    new RedisStreamRange(jedis), RedisPorts.over(jedis).states(), dies, clock);
            assertThatThrownBy(crashing::once).isInstanceOf(StreamStoreException.Unavailable.class);
            assertThat(all(jedis, interrupted)).hasSize(k);
            RollupReport rerun = rollup(jedis, orders, interrupted, MINUTES, clock).once();
            assertThat(rerun.written()).isEqualTo(n - k);
            assertThat(all(jedis, interrupted)).as("after %d appends", k).isEqualTo(all(jedis, whole));
        }
    }

    @Test
    void continuousPassesWriteBucketsAsTheyCloseAndARestartNeitherSkipsNorDoubles() throws Exception {
        StreamKey orders = fresh("orders");
        StreamKey minutes = fresh("orders:1m");
        Random r = Seeded.random("RollupRedisTest.continuous");
        RedisServerClock store = new RedisServerClock(jedis);
        AheadClock clock = new AheadClock(store, 0);
        List<Throwable> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
        long serverMs = store.now(orders).toEpochMilli();
        long minute = serverMs - serverMs % 60_000 + 60_000;
        Rollup.Running running = rollup(jedis, orders, minutes, MINUTES, clock).start(Duration.ofMillis(10), errors::add);
        try {
            for (int step = 0; step < 6; step++) {
                // an entry in the next minute, then three under *: Redis mints them in that millisecond (its clock is behind)
                jedis.xadd(orders.toString(), XAddParams.xAddParams().id((minute + 1 + r.nextInt(50_000)) + "-*"), order(r));
                for (int i = 0; i < 3; i++) {
                    jedis.xadd(orders.toString(), XAddParams.xAddParams(), order(r));
                }
                assertThat(all(jedis, minutes)).as("step %d: the minute is not written before it closes", step).hasSize(step);
                // the rollup's store clock moves past the minute's end and the skew: that minute closes, the next does not
                clock.aheadMs.set(minute + 60_000 + SKEW.toMillis() + 1 - store.now(orders).toEpochMilli());
                if (step == 2) {
                    running.close(); // a restart: the next run resumes after the target's top
                    running = rollup(jedis, orders, minutes, MINUTES, clock).start(Duration.ofMillis(10), errors::add);
                }
                awaitSize(minutes, step + 1);
                minute += 60_000 * (1 + r.nextInt(3)); // idle minutes between, sometimes
            }
        } finally {
            running.close();
        }
        assertThat(errors).isEmpty();
        StreamKey once = fresh("orders:1m");
        rollup(jedis, orders, once, MINUTES, clock).once();
        assertThat(all(jedis, minutes)).as("the continuous run equals one run over the same closed buckets").isEqualTo(all(jedis, once));
        assertEachBucketIsTheFoldOfItsEntries(jedis, orders, minutes, MINUTES);
    }

    /** Waits until {@code key} holds {@code n} entries, at most 10 s. */
    static void awaitSize(StreamKey key, long n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (all(jedis, key).size() < n) {
            assertThat(System.nanoTime()).as("%d rollup entries within 10 s", n).isLessThan(deadline);
            Thread.sleep(10);
        }
        assertThat(all(jedis, key)).hasSize((int) n);
    }

    @Test
    void calendarDaysOfAZoneAcrossItsClockChangeStartAtLocalMidnight() {
        java.time.ZoneId berlin = java.time.ZoneId.of("Europe/Berlin");
        Buckets days = Buckets.calendar(java.time.temporal.ChronoUnit.DAYS, berlin);
        StreamKey orders = fresh("orders");
        StreamKey daily = fresh("orders:1d");
        Random r = Seeded.random("RollupRedisTest.days");
        long ms = Instant.parse("2026-03-26T21:00:00Z").toEpochMilli();
        long end = Instant.parse("2026-04-01T03:00:00Z").toEpochMilli();
        while (ms < end) {
            jedis.xadd(orders.toString(), XAddParams.xAddParams().id(ms + "-" + (1 + r.nextInt(3))), order(r));
            ms += 1 + r.nextInt(3_600_000);
        }
        RollupReport report = rollup(jedis, orders, daily, days, new RedisServerClock(jedis)).once();
        List<StreamEntry> written = all(jedis, daily);
        assertThat(report.written()).isEqualTo(written.size()).isBetween(6L, 7L);
        assertEachBucketIsTheFoldOfItsEntries(jedis, orders, daily, days);
        for (StreamEntry w : written) {
            java.time.ZonedDateTime start = Instant.ofEpochMilli(w.id().ms()).atZone(berlin);
            assertThat(start.toLocalTime()).isEqualTo(java.time.LocalTime.MIDNIGHT);
            long to = Long.parseLong(w.field("to").get());
            assertThat(Instant.ofEpochMilli(to + 1).atZone(berlin)).isEqualTo(start.plusDays(1));
            if (start.toLocalDate().equals(java.time.LocalDate.of(2026, 3, 29))) {
                assertThat(to + 1 - w.id().ms()).as("the day the clocks go forward").isEqualTo(23 * 3_600_000L);
            }
        }
    }

    @Test
    void onAClusterSourceAndTargetInOtherSlots() {
        try (RedisClusterProcess cluster = RedisClusterProcess.start(); UnifiedJedis client = RedisConnections.connect(cluster.uri())) {
            String id = UUID.randomUUID().toString();
            StreamKey orders = StreamKey.existing("orders:{a}:" + id);           // slot of "a"
            StreamKey minutes = StreamKey.existing("orders:{b}:" + id + ":1m");  // slot of "b"
            assertThat(echomq.domain.partition.HashSlot.of(orders.toString())).isNotEqualTo(echomq.domain.partition.HashSlot.of(minutes.toString()));
            history(client, orders, Seeded.random("RollupRedisTest.cluster"));
            AheadClock clock = new AheadClock(new RedisServerClock(client), 3_600_000);
            RollupReport first = rollup(client, orders, minutes, MINUTES, clock).once();
            assertThat(first.written()).isPositive();
            assertThat(rollup(client, orders, minutes, MINUTES, clock).once().written()).isZero();
            assertEachBucketIsTheFoldOfItsEntries(client, orders, minutes, MINUTES);
            List<StreamEntry> one = new ArrayList<>(all(client, minutes));
            assertThat(one).hasSize((int) first.written());
        }
    }
}
