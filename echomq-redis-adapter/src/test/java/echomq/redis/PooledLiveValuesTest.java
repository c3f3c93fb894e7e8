package echomq.redis;

import echomq.domain.fold.Fold;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Window;
import echomq.engine.live.LiveValue;
import echomq.engine.live.StreamFollowers;
import echomq.engine.projection.ProjectionReader;
import echomq.testkit.TestRedis;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

import static echomq.redis.LiveValueTest.await;
import static echomq.redis.LiveValueTest.sleep;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Live values on a shared pool (#30): many values, a few threads; a value without a tick costs no
 * computation (no Redis command) while its stream is idle; a failing one backs off on the pool.
 */
class PooledLiveValuesTest {

    static final Fold<Long> COUNT = Fold.of("count", 0L, (n, e) -> n + 1);
    static final Window.Since ALL = Window.since(Instant.ofEpochMilli(Snowflake.EPOCH_MS));

    UnifiedJedis jedis;
    StreamFollowers followers;
    ProjectionReader reader;
    final AtomicInteger poolThreads = new AtomicInteger();
    final ScheduledExecutorService pool = Executors.newScheduledThreadPool(2, r -> {
        poolThreads.incrementAndGet();
        Thread t = new Thread(r, "test-pool");
        t.setDaemon(true);
        return t;
    });
    final ExecutorService dispatch = Executors.newFixedThreadPool(2);
    final List<LiveValue<?>> values = new ArrayList<>();

    @BeforeEach
    void open() {
        jedis = RedisConnections.connect(TestRedis.uri());
        RedisStreamState states = new RedisStreamState(jedis);
        reader = new ProjectionReader(new RedisStreamRange(jedis), states, Clock.systemUTC(), 5_000);
        followers = new StreamFollowers(new RedisStreamTail(jedis), states, Duration.ofMillis(500));
    }

    @AfterEach
    void close() {
        values.forEach(LiveValue::close);
        followers.close();
        pool.shutdownNow();
        dispatch.shutdownNow();
        jedis.close();
    }

    StreamKey stream() {
        return StreamKey.of("pooled", UUID.randomUUID().toString().substring(0, 8));
    }

    <A> LiveValue<A> started(LiveValue<A> v) {
        values.add(v);
        return v;
    }

    @Test
    void aValueWithoutATickComputesOnlyWhenItsStreamIsAppendedTo() {
        StreamKey key = stream();
        AtomicInteger computed = new AtomicInteger();
        LiveValue<Long> count = started(LiveValue.start("count", followers, List.of(key), () -> {
            computed.incrementAndGet();
            return reader.fold(key, ALL, COUNT);
        }, Option.none(), Duration.ZERO, pool, dispatch));
        await("the first value", () -> count.current().isDefined());
        sleep(600); // longer than the followers' block: an idle stream wakes nothing
        assertThat(computed).hasValue(1);
        assertThat(count.metrics().computes()).isEqualTo(1);

        new RedisStreamAppend(jedis, new Snowflake(1, Clock.systemUTC())).append(key, LinkedHashMap.of("n", "1"));
        await("the append's value", () -> count.current().exists(u -> u.value() == 1L));
        assertThat(count.current().get().version()).isEqualTo(2);
    }

    @Test
    void aValueWithAMinimumGapIsNotComputedBackToBackUnderAFloodOfAppends() {
        StreamKey key = stream();
        Duration gap = Duration.ofMillis(150);
        List<long[]> runs = java.util.Collections.synchronizedList(new ArrayList<>()); // start and end of each computation, ns
        LiveValue<Long> count = started(LiveValue.start("count", followers, List.of(key), () -> {
            long start = System.nanoTime();
            long n = reader.fold(key, ALL, COUNT);
            runs.add(new long[] {start, System.nanoTime()});
            return n;
        }, Option.none(), gap, pool, dispatch));
        await("the first value", () -> count.current().isDefined());
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(1, Clock.systemUTC()));
        long floodEnds = System.nanoTime() + Duration.ofMillis(800).toNanos();
        int appended = 0;
        while (System.nanoTime() < floodEnds) { // one append after another: each wakes the value
            append.append(key, LinkedHashMap.of("n", Integer.toString(appended++)));
        }
        long total = appended;
        await("the flood's last value", () -> count.current().exists(u -> u.value() == total));
        List<long[]> seen = List.copyOf(runs);
        assertThat(seen.size()).as("computations for %d appends", appended).isGreaterThan(2).isLessThan(appended);
        for (int i = 1; i < seen.size(); i++) {
            // scheduled in whole milliseconds: a start may come up to a millisecond before the gap is out
            assertThat(Duration.ofNanos(seen.get(i)[0] - seen.get(i - 1)[1])).as("from computation %d's end to the next's start", i)
                    .isGreaterThanOrEqualTo(gap.minusMillis(1));
        }
    }

    @Test
    void hundredsOfValuesShareThePoolsThreads() {
        StreamKey key = stream();
        int n = 300;
        List<LiveValue<Long>> counts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            counts.add(started(LiveValue.start("count", followers, List.of(key), () -> reader.fold(key, ALL, COUNT),
                    Option.none(), Duration.ZERO, pool, dispatch)));
        }
        await("every first value", () -> counts.stream().allMatch(c -> c.current().isDefined()));
        new RedisStreamAppend(jedis, new Snowflake(2, Clock.systemUTC())).append(key, LinkedHashMap.of("n", "1"));
        await("every value after the append", () -> counts.stream().allMatch(c -> c.current().exists(u -> u.value() == 1L)));

        assertThat(poolThreads).as("threads the pool made for %d values", n).hasValueLessThanOrEqualTo(2);
        assertThat(Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("live-")).count())
                .as("threads of their own").isZero();
    }

    @Test
    void aValueOfSomeEntriesIsWokenOnlyByThemAndEveryValueWhenItsStreamGoesBelow() {
        StreamKey key = stream();
        int n = 200;
        List<AtomicInteger> computed = new ArrayList<>();
        List<LiveValue<Long>> games = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            AtomicInteger c = new AtomicInteger();
            computed.add(c);
            String game = "g" + i;
            games.add(started(LiveValue.start("game", followers, List.of(key), new StreamFollowers.Where("game", game), () -> {
                c.incrementAndGet();
                return reader.fold(key, ALL, Fold.<Long>of("of-" + game, 0L, (k, e) -> e.field("game").contains(game) ? k + 1 : k));
            }, Option.none(), Duration.ZERO, pool, dispatch)));
        }
        await("every first value", () -> games.stream().allMatch(g -> g.current().isDefined()));
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(3, Clock.systemUTC()));
        append.append(key, LinkedHashMap.of("game", "g7", "n", "1"));
        append.append(key, LinkedHashMap.of("game", "g42", "n", "2"));
        append.append(key, LinkedHashMap.of("game", "g7", "n", "3"));
        await("g7's two entries", () -> games.get(7).current().exists(u -> u.value() == 2L));
        await("g42's entry", () -> games.get(42).current().exists(u -> u.value() == 1L));
        sleep(600); // longer than the followers' block: every wake the appends made has been made
        for (int i = 0; i < n; i++) {
            if (i != 7 && i != 42) {
                assertThat(computed.get(i)).as("computations of g%d, whose entries nobody appended", i).hasValue(1);
            }
        }
        assertThat(computed.get(7).get()).as("g7, woken by its own entries").isBetween(2, 3);
        assertThat(followers.metrics().followers()).as("one follower for every value").isEqualTo(1);

        // the stream deleted and written again below what was seen: what it missed cannot be known, every value is woken
        jedis.del(key.toString());
        new RedisStreamAppend(jedis, new Snowflake(4, Clock.fixed(Instant.ofEpochMilli(Snowflake.EPOCH_MS + 1000), java.time.ZoneOffset.UTC)))
                .append(key, LinkedHashMap.of("game", "other", "n", "4"));
        await("every value computed again", () -> computed.stream().allMatch(c -> c.get() >= 2));
        await("g7 folded afresh", () -> games.get(7).current().exists(u -> u.value() == 0L));
    }

    @Test
    void aFailingComputationIsTriedAgainOnThePoolAfterABackoff() {
        StreamKey key = stream();
        AtomicInteger attempts = new AtomicInteger();
        LiveValue<Long> flaky = started(LiveValue.start("flaky", followers, List.of(key), () -> {
            if (attempts.incrementAndGet() <= 2) {
                throw new IllegalStateException("not yet");
            }
            return reader.fold(key, ALL, COUNT);
        }, Option.none(), Duration.ZERO, pool, dispatch));
        await("a value after two failures", () -> flaky.current().isDefined());
        assertThat(flaky.metrics().failures()).isEqualTo(2);
        assertThat(flaky.current().get().value()).isZero();
    }

    @Test
    void aTickRecomputesWithoutAppends() {
        StreamKey key = stream();
        AtomicInteger computed = new AtomicInteger();
        started(LiveValue.start("ticking", followers, List.of(key), () -> {
            computed.incrementAndGet();
            return reader.fold(key, ALL, COUNT);
        }, Option.some(Duration.ofMillis(20)), Duration.ZERO, pool, dispatch));
        await("three computations without an append", () -> computed.get() >= 3);
    }

    @Test
    void aClosedValueComputesNoMore() {
        StreamKey key = stream();
        AtomicInteger computed = new AtomicInteger();
        LiveValue<Long> v = LiveValue.start("closed", followers, List.of(key), () -> {
            computed.incrementAndGet();
            return reader.fold(key, ALL, COUNT);
        }, Option.some(Duration.ofMillis(20)), Duration.ZERO, pool, dispatch);
        await("a first value", () -> v.current().isDefined());
        v.close();
        int after = computed.get();
        sleep(200);
        assertThat(computed.get()).isLessThanOrEqualTo(after + 1); // one may have been under way
        assertThat(pool.isShutdown()).as("the shared pool stays up").isFalse();
    }
}
