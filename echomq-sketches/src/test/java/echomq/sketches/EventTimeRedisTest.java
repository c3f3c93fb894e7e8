package echomq.sketches;

import echomq.domain.closing.ServerClockPort;
import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.id.StreamId;
import echomq.domain.rollup.RollupSpec;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.domain.window.Window;
import echomq.engine.live.ClosingBuckets;
import echomq.engine.rollup.Rollup;
import echomq.engine.rollup.RollupReport;
import echomq.redis.RedisBucketMarks;
import echomq.redis.RedisConnections;
import echomq.redis.RedisPorts;
import echomq.redis.RedisServerClock;
import echomq.redis.RedisStreamRange;
import echomq.testkit.Seeded;
import echomq.testkit.TestRedis;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.XAddParams;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static echomq.sketches.EventTimeCases.Case;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rollups and closing buckets by event time on a real Redis (#57): the source written by
 * {@code XADD} at its entries' ids as they come due, rolled up on a clock the test moves and checked
 * against the brute force of the rule (the target, the stream of left-out entries, each once; a rollup
 * of the rollup equal to the direct one); closing buckets by event time against the brute force; and
 * a bucket by event time closing on Redis' own {@code TIME} on an idle stream, never before
 * {@code t1 + L + skew}.
 */
class EventTimeRedisTest {

    static UnifiedJedis jedis;

    @BeforeAll
    static void connect() {
        jedis = RedisConnections.connect(TestRedis.uri());
    }

    @AfterAll
    static void close() {
        jedis.close();
    }

    static Stream<Case> cases() {
        long base = Seeded.seed("EventTimeRedisTest");
        return LongStream.range(0, Math.max(1, Math.min(Seeded.CASES, 40))).mapToObj(i -> EventTimeCases.random(base + i, 200));
    }

    static StreamKey fresh(String what) {
        return StreamKey.existing(what + ":" + UUID.randomUUID());
    }

    static int arrive(Case c, StreamKey key, int next, long clock) {
        int i = next;
        while (i < c.stream().size() && c.stream().get(i).id().ms() <= clock) {
            StreamEntry e = c.stream().get(i++);
            java.util.LinkedHashMap<String, String> fields = new java.util.LinkedHashMap<>();
            e.forEachField(fields::put);
            jedis.xadd(key.toString(), XAddParams.xAddParams().id(e.id().toString()), fields);
        }
        return i;
    }

    static List<StreamEntry> all(StreamKey key) {
        return new RedisStreamRange(jedis).rangeFrom(key, StreamId.MIN, 1_000_000);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aRollupAndClosingBucketsByEventTimeOnRedisAreTheBruteForceOnes(Case c) {
        StreamKey source = fresh("orders");
        StreamKey target = fresh("orders:w");
        StreamKey late = fresh("orders:late");
        AtomicLong now = new AtomicLong();
        ServerClockPort clock = key -> Instant.ofEpochMilli(now.get());
        RollupSpec spec = RollupSpec.of(source, target, c.buckets(), c.skew()).byEventTime(c.time()).lateInto(late);
        RedisPorts ports = RedisPorts.over(jedis);
        List<Bucket<AggregateState>> handed = new ArrayList<>();
        List<StreamEntry> told = new ArrayList<>();
        long from = (c.stream().isEmpty() ? EventTimeCases.T : c.stream().get(0).id().ms()) - 3_000;
        ClosingBuckets.Subscription sub = new ClosingBuckets(ports.range(), clock, new RedisBucketMarks(jedis))
                .byEventTime(c.time(), (e, why) -> told.add(e))
                .subscribe(source, "chart-" + UUID.randomUUID(), c.buckets(), Instant.ofEpochMilli(from), c.skew(), EventTimeCases.FOLDS.fold(),
                        handed::add);
        List<StreamEntry> events = EventTimeCases.byEventTime(c);
        Random r = new Random(c.seed());
        int arrived = 0;
        long copied = 0;
        for (long at : c.clocks()) {
            now.set(at);
            arrived = arrive(c, source, arrived, at);
            RollupReport report = Rollup.over(ports, spec, EventTimeCases.FOLDS.rollup()).withClock(clock).once();
            copied += report.lateCopied();
            while (sub.pass() > 0) {
                // at most ClosingBuckets.PER_PASS buckets a pass
            }
            long upTo = EventTimeCases.closedUpTo(c, at);
            assertThat(all(target)).as("the target at %d", at).isEqualTo(EventTimeCases.target(c, events, at));
            assertThat(all(late)).as("the left-out entries at %d", at).isEqualTo(EventTimeCases.copies(c, upTo));
            assertThat(copied).isEqualTo(all(late).size());
            List<Window.Closed> expected = upTo < from ? List.of()
                    : c.buckets().over(Window.closed(Instant.ofEpochMilli(from), Instant.ofEpochMilli(upTo))).toJavaList();
            assertThat(handed).extracting(Bucket::window).isEqualTo(expected);
            assertThat(told).extracting(StreamEntry::id).isEqualTo(all(late).stream().filter(e -> e.id().ms() >= from).map(StreamEntry::id).toList());
            if (r.nextBoolean()) {
                // a run again at the same clock writes nothing
                RollupReport again = Rollup.over(ports, spec, EventTimeCases.FOLDS.rollup()).withClock(clock).once();
                assertThat(again.written() + again.lateCopied()).isZero();
            }
        }
        for (Bucket<AggregateState> b : handed) {
            assertThat(b.value()).as("bucket %s", b.window()).isEqualTo(EventTimeCases.fold(events, b.window()));
        }
        assertThat(all(late)).isEqualTo(EventTimeCases.copies(c, Long.MAX_VALUE));

        now.addAndGet(8 * c.width() + c.time().lead().toMillis());
        Buckets coarse = Buckets.tumbling(Duration.ofMillis(4 * c.width()));
        StreamKey coarseOfTarget = fresh("orders:w:4w");
        StreamKey direct = fresh("orders:4w");
        Rollup.over(ports, RollupSpec.of(target, coarseOfTarget, coarse, c.skew()), EventTimeCases.FOLDS.rollup()).withClock(clock).once();
        Rollup.over(ports, RollupSpec.of(source, direct, coarse, c.skew()).byEventTime(c.time()), EventTimeCases.FOLDS.rollup())
                .withClock(clock).once();
        assertThat(all(coarseOfTarget)).isEqualTo(all(direct));
        assertThat(all(direct).stream().mapToLong(e -> Long.parseLong(e.field("entries").get())).sum()).isEqualTo(events.size());
        jedis.del(source.toString(), target.toString(), late.toString(), coarseOfTarget.toString(), direct.toString());
    }

    @Test
    void aBucketByEventTimeClosesOnRedisTimeOnAnIdleStreamOnceItsEndTheLatenessAndTheSkewHavePassed() throws Exception {
        StreamKey key = fresh("orders");
        RedisServerClock serverClock = new RedisServerClock(jedis);
        Duration lateness = Duration.ofMillis(700);
        Duration skew = Duration.ofMillis(100);
        EventTime ts = EventTime.field("ts").lateness(lateness);
        Instant start = serverClock.now(key);
        Buckets buckets = Buckets.tumbling(Duration.ofMillis(250)).alignedTo(start);
        // three orders under Redis' own ids, stamped a little before they are written (one of them too late, one without a time)
        for (long behind : new long[]{50, 120, 5_000, -1}) {
            long t = serverClock.now(key).toEpochMilli() - behind;
            jedis.xadd(key.toString(), XAddParams.xAddParams(), behind < 0 ? java.util.Map.of("amount", "1") : java.util.Map.of("ts", Long.toString(t), "amount", "1"));
        }
        List<Bucket<AggregateState>> got = new CopyOnWriteArrayList<>();
        List<Long> closedAt = new CopyOnWriteArrayList<>();
        LeftOut.Tally missed = new LeftOut.Tally();
        ClosingBuckets.Subscription sub = new ClosingBuckets(new RedisStreamRange(jedis), serverClock, new RedisBucketMarks(jedis))
                .byEventTime(ts, missed)
                .subscribe(key, "chart", buckets, start.minusMillis(500), skew, EventTimeCases.FOLDS.fold(), b -> {
                    got.add(b);
                    closedAt.add(serverClock.now(key).toEpochMilli());
                })
                .start("closing-by-event-time", Duration.ofMillis(20), e -> { });
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (got.size() < 12) {
                assertThat(System.nanoTime()).as("12 buckets within 10 s").isLessThan(deadline);
                Thread.sleep(20);
            }
        } finally {
            sub.close();
        }
        long latest = 0;
        for (int i = 0; i < got.size(); i++) {
            long due = got.get(i).window().t1().toEpochMilli() + lateness.toMillis() + skew.toMillis();
            assertThat(closedAt.get(i)).as("bucket %s is handed out only once its end, the lateness and the skew passed", got.get(i).window())
                    .isGreaterThan(due);
            latest = Math.max(latest, closedAt.get(i) - due);
        }
        System.out.println("[event time] the latest of 12 buckets closed " + latest + " ms after t1 + L + skew (passes every 20 ms)");
        assertThat(got.stream().mapToLong(b -> b.value().entries()).sum()).as("the two orders on time").isEqualTo(2);
        assertThat(missed.counts()).isEqualTo(new LeftOut(1, 0, 1));
        jedis.del(key.toString());
    }
}
