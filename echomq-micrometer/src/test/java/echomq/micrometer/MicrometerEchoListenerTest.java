package echomq.micrometer;

import echomq.domain.fold.Fold;
import echomq.domain.id.Snowflake;
import echomq.domain.observe.EchoListener;
import echomq.engine.projection.ProjectionReader;
import echomq.domain.retention.Retention;
import echomq.domain.retention.SafeRetention;
import echomq.domain.stream.StreamKey;
import echomq.engine.live.StreamFollowers;
import echomq.domain.window.Window;
import echomq.redis.RedisCheckpoints;
import echomq.redis.RedisConnections;
import echomq.redis.RedisConsumerGroup;
import echomq.redis.RedisStreamAppend;
import echomq.redis.RedisStreamRange;
import echomq.redis.RedisStreamReaders;
import echomq.redis.RedisStreamRetention;
import echomq.redis.RedisStreamState;
import echomq.redis.RedisStreamTail;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vavr.collection.HashMap;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The listener's meters against what the library did, on a real Redis. */
class MicrometerEchoListenerTest {

    static RedisServerProcess redis;
    static UnifiedJedis jedis;
    static final Fold<Long> COUNT = Fold.of("count", 0L, (n, e) -> n + 1);

    @BeforeAll
    static void start() {
        redis = TestRedis.privateServer();
        jedis = RedisConnections.connect(redis.uri());
    }

    @AfterAll
    static void stop() {
        jedis.close();
        redis.stop();
    }

    static double count(SimpleMeterRegistry r, String name, String... tags) {
        Counter c = r.find(name).tags(tags).counter();
        return c == null ? 0 : c.count();
    }

    static LinkedHashMap<String, String> record(int i) {
        return LinkedHashMap.of("n", Integer.toString(i));
    }

    @Test
    void foldsAppendsAndStateReadsAreCountedAsTheyHappened() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        MicrometerEchoListener metrics = new MicrometerEchoListener(registry);
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(1, Clock.systemUTC())).observedBy(metrics);
        ProjectionReader reader = new ProjectionReader(new RedisStreamRange(jedis), new RedisStreamState(jedis), Clock.systemUTC(), 100)
                .observedBy(metrics);
        Instant t0 = Instant.now().minusSeconds(1);
        for (int i = 0; i < 40; i++) {
            append.append(StreamKey.of("mm", "folds"), record(i));
        }
        Window.Since w = Window.since(t0);
        assertThat(reader.fold(StreamKey.of("mm", "folds"), w, COUNT)).isEqualTo(40L);
        assertThat(reader.fold(StreamKey.of("mm", "folds"), w, COUNT)).isEqualTo(40L);
        for (int i = 0; i < 5; i++) {
            append.append(StreamKey.of("mm", "folds"), record(i));
        }
        assertThat(reader.fold(StreamKey.of("mm", "folds"), w, COUNT)).isEqualTo(45L);

        String[] tags = {"queue", "mm", "stream", "folds", "projection", "count"};
        assertThat(count(registry, "echomq.projection.folds", append(tags, "result", "full"))).isEqualTo(1);
        assertThat(count(registry, "echomq.projection.folds", append(tags, "result", "hit"))).isEqualTo(1);
        assertThat(count(registry, "echomq.projection.folds", append(tags, "result", "incremental"))).isEqualTo(1);
        assertThat(count(registry, "echomq.projection.entries", tags)).isEqualTo(45).isEqualTo(reader.metrics().entriesFolded());
        assertThat(count(registry, "echomq.stream.state.reads", "queue", "mm", "stream", "folds"))
                .isEqualTo(reader.metrics().stateReads());
        assertThat(registry.find("echomq.projection.reads").tag("projection", "count").timer().count()).isEqualTo(3);
        assertThat(count(registry, "echomq.append.records", "queue", "mm", "stream", "folds")).isEqualTo(45);
        assertThat(registry.find("echomq.append").tags("queue", "mm", "stream", "folds").timer().count()).isBetween(1L, 45L);
        assertThat(count(registry, "echomq.append.refusals")).isZero();
    }

    static String[] append(String[] tags, String k, String v) {
        String[] out = java.util.Arrays.copyOf(tags, tags.length + 2);
        out[tags.length] = k;
        out[tags.length + 1] = v;
        return out;
    }

    @Test
    void retentionAndGroupsAreObserved() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        MicrometerEchoListener metrics = new MicrometerEchoListener(registry);
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(2, Clock.systemUTC()));
        for (int i = 0; i < 30; i++) {
            append.append(StreamKey.of("mm", "trimmed"), record(i));
        }
        // a group that has read 10 and acknowledged none holds retention back at its oldest pending
        RedisConsumerGroup group = new RedisConsumerGroup(jedis, echomq.domain.group.ConsumerGroup.of(StreamKey.of("mm", "trimmed"), "readers").consumer("r1"));
        group.ensure();
        assertThat(group.read(10, Duration.ofMillis(10))).hasSize(10);
        StreamKey key = StreamKey.of("mm", "trimmed");
        SafeRetention retention = new SafeRetention(new RedisStreamRetention(jedis),
                new RedisStreamReaders(jedis).observedBy(metrics), new RedisCheckpoints(jedis), new RedisStreamState(jedis), HashMap.empty())
                .observedBy(metrics);
        long removed = retention.trim(StreamKey.of("mm", "trimmed"), Retention.maxLen(5, false));
        assertThat(removed).isZero(); // the group's first pending entry is the oldest
        String[] tags = {"queue", "mm", "stream", "trimmed"};
        assertThat(count(registry, "echomq.retention.held.back", tags)).isEqualTo(1);
        assertThat(count(registry, "echomq.retention.removed", tags)).isZero();
        assertThat(registry.find("echomq.group.pending").tags(tags).tag("group", "readers").gauge().value()).isEqualTo(10);
        assertThat(registry.find("echomq.group.lag").tags(tags).tag("group", "readers").gauge().value()).isEqualTo(20);
        // acknowledged: retention may cut up to the undelivered ones
        group.pending(10).forEach(e -> jedis.xack(key.toString(), "readers", new redis.clients.jedis.StreamEntryID(e.id().toString())));
        assertThat(retention.trim(StreamKey.of("mm", "trimmed"), Retention.maxLen(5, false))).isEqualTo(10);
        assertThat(count(registry, "echomq.retention.removed", tags)).isEqualTo(10);
        assertThat(count(registry, "echomq.retention.held.back", tags)).isEqualTo(2); // the 20 undelivered still held it
        assertThat(registry.find("echomq.group.pending").tags(tags).gauge().value()).isZero();
    }

    @Test
    void aFollowerThatLostItsConnectionCountsItsReconnect() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        MicrometerEchoListener metrics = new MicrometerEchoListener(registry);
        try (UnifiedJedis own = RedisConnections.connect(redis.uri());
             StreamFollowers followers = new StreamFollowers(new RedisStreamTail(own), new RedisStreamState(own), Duration.ofMillis(200))
                     .observedBy(metrics)) {
            AtomicLong woken = new AtomicLong();
            StreamKey key = StreamKey.of("mm", "followed");
            followers.follow(key, id -> woken.incrementAndGet());
            RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(3, Clock.systemUTC()));
            // the follower starts from the stream's top as it finds it: append until it hears one
            awaitTrue(() -> {
                append.append(StreamKey.of("mm", "followed"), record(0));
                return woken.get() > 0;
            });
            // every client but this test's own: the follower's blocked read breaks, it backs off and reads again
            jedis.sendCommand(Protocol.Command.CLIENT, "KILL", "TYPE", "normal", "SKIPME", "yes");
            append.append(StreamKey.of("mm", "followed"), record(1));
            awaitTrue(() -> count(registry, "echomq.subscription.reconnects", "queue", "mm", "stream", "followed") >= 1);
            assertThat(followers.metrics().failures()).isGreaterThanOrEqualTo(1);
        }
    }

    /** With no registry behind it (Micrometer's global one, empty) meters are no-ops and nothing breaks; nor does a throwing listener. */
    @Test
    void withoutARegistryOrWithABrokenListenerTheAnswersAreTheSame() {
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(4, Clock.systemUTC()));
        Instant t0 = Instant.now().minusSeconds(1);
        for (int i = 0; i < 12; i++) {
            append.append(StreamKey.of("mm", "quiet"), record(i));
        }
        EchoListener[] listeners = {EchoListener.NONE, new MicrometerEchoListener(Metrics.globalRegistry), event -> {
            throw new IllegalStateException("a broken listener");
        }};
        for (EchoListener l : listeners) {
            ProjectionReader reader = new ProjectionReader(new RedisStreamRange(jedis), new RedisStreamState(jedis), Clock.systemUTC(), 10)
                    .observedBy(l);
            assertThat(reader.fold(StreamKey.of("mm", "quiet"), Window.since(t0), COUNT)).isEqualTo(12L);
            assertThat(reader.fold(StreamKey.of("mm", "quiet"), Window.since(t0), COUNT)).isEqualTo(12L);
            assertThat(reader.metrics().hits()).isEqualTo(1);
        }
        assertThat(Metrics.globalRegistry.find("echomq.projection.folds").counters()).isNotEmpty()
                .allSatisfy(c -> assertThat(c.count()).isZero()); // no registry: nothing recorded
    }

    static void awaitTrue(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 10 s");
            }
            Thread.sleep(20);
        }
    }
}
