package echomq.redis;

import echomq.domain.fold.Fold;
import echomq.domain.id.Snowflake;
import echomq.engine.projection.ProjectionReader;
import echomq.domain.stream.StreamKey;
import echomq.engine.live.LiveValue;
import echomq.engine.live.StreamFollowers;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link LiveValue} against a real Redis: every change reaches its listeners in order, a slow
 * listener gets the newest value instead of a queue, and neither a Redis killed and restarted nor
 * one paused, nor a stream deleted and created again, leaves a listener with a wrong value.
 */
class LiveValueTest {

    static final String Q = "live";
    static final Fold<Long> COUNT = Fold.of("count", 0L, (n, e) -> n + 1);
    static final Window.Since ALL = Window.since(Instant.ofEpochMilli(Snowflake.EPOCH_MS));

    private final ExecutorService dispatch = Executors.newFixedThreadPool(2);
    private final List<StreamFollowers> opened = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        opened.forEach(StreamFollowers::close);
        dispatch.shutdownNow();
    }

    LiveValue<Long> count(UnifiedJedis jedis, String name) {
        RedisStreamState states = new RedisStreamState(jedis);
        ProjectionReader reader = new ProjectionReader(new RedisStreamRange(jedis), states, Clock.systemUTC(), 100);
        StreamFollowers followers = new StreamFollowers(new RedisStreamTail(jedis), states, Duration.ofMillis(500));
        opened.add(followers);
        return LiveValue.start(name, followers, List.of(StreamKey.of(Q, name)), () -> reader.fold(StreamKey.of(Q, name), ALL, COUNT),
                Duration.ofMillis(200), dispatch);
    }

    static long fresh(UnifiedJedis jedis, String name) {
        return new StreamWindows(new RedisStreamRange(jedis)).foldWindow(StreamKey.of(Q, name), ALL, COUNT);
    }

    static void await(String what, BooleanSupplier done) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
            sleep(10);
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    static void assertInOrder(List<LiveValue.Update<Long>> seen) {
        for (int i = 1; i < seen.size(); i++) {
            assertThat(seen.get(i).version()).as("versions").isGreaterThan(seen.get(i - 1).version());
            assertThat(seen.get(i).value()).as("counts only grow while only appends happen").isGreaterThan(seen.get(i - 1).value());
        }
    }

    @Test
    void everyChangeReachesTheListenersInOrderAndASlowOneGetsTheNewest() {
        UnifiedJedis jedis = SharedRedis.client();
        String name = "changes-" + UUID.randomUUID();
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(3, Clock.systemUTC()));
        append.append(StreamKey.of(Q, name), LinkedHashMap.of("n", "0")); // there before the value starts
        try (LiveValue<Long> live = count(jedis, name)) {
            List<LiveValue.Update<Long>> fast = new CopyOnWriteArrayList<>();
            List<LiveValue.Update<Long>> slow = new CopyOnWriteArrayList<>();
            live.subscribe(fast::add);
            live.subscribe(u -> {
                slow.add(u);
                sleep(30); // a listener that keeps up with nothing
            });
            await("the first value", () -> live.current().isDefined());
            for (int i = 1; i <= 2000; i++) {
                append.append(StreamKey.of(Q, name), LinkedHashMap.of("n", Integer.toString(i)));
                if (i % 50 == 0) {
                    sleep(5); // bursts, so that several values are computed
                }
            }
            await("both listeners at 2001", () -> !fast.isEmpty() && fast.get(fast.size() - 1).value() == 2001
                    && !slow.isEmpty() && slow.get(slow.size() - 1).value() == 2001);
            assertThat(fresh(jedis, name)).isEqualTo(2001);
            assertInOrder(fast);
            assertInOrder(slow);
            assertThat(fast.get(0).value()).as("the value there before the first append").isGreaterThanOrEqualTo(1);
            LiveValue.Metrics m = live.metrics();
            System.out.println("[live] " + m + "; fast listener saw " + fast.size() + ", slow " + slow.size());
            assertThat(m.changes()).isGreaterThan(2);
            assertThat(m.conflated()).as("values a busy listener never took").isPositive();
            assertThat(slow.size()).isLessThan(fast.size());
            await("the deliveries counted", () -> live.metrics().delivered() == fast.size() + slow.size());
        }
    }

    @Test
    void aRedisKilledAndRestartedThenPausedLeavesTheListenerWithTheRightValue() throws Exception {
        try (RedisServerProcess server = TestRedis.privateServer("--appendonly", "yes", "--appendfsync", "always");
             UnifiedJedis jedis = RedisConnections.connect(server.uri(), Duration.ofSeconds(1), Duration.ofSeconds(3))) {
            String name = "restart";
            RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(4, Clock.systemUTC()));
            try (LiveValue<Long> live = count(jedis, name)) {
                List<LiveValue.Update<Long>> seen = new CopyOnWriteArrayList<>();
                live.subscribe(seen::add);
                for (int i = 0; i < 300; i++) {
                    append.append(StreamKey.of(Q, name), LinkedHashMap.of("n", Integer.toString(i)));
                }
                await("300", () -> live.current().exists(u -> u.value() == 300));
                server.stop(); // SIGKILL
                sleep(500);
                server.restart(); // the same port and AOF
                for (int i = 300; i < 600; i++) {
                    append.append(StreamKey.of(Q, name), LinkedHashMap.of("n", Integer.toString(i)));
                }
                await("600 after the restart", () -> live.current().exists(u -> u.value() == 600));
                try (UnifiedJedis admin = RedisConnections.connect(server.uri())) {
                    admin.sendCommand(Protocol.Command.CLIENT, "PAUSE", "1500", "ALL");
                }
                for (int i = 600; i < 700; i++) {
                    append.append(StreamKey.of(Q, name), LinkedHashMap.of("n", Integer.toString(i))); // waits out the pause
                }
                await("700 after the pause", () -> live.current().exists(u -> u.value() == 700));
                assertThat(fresh(jedis, name)).isEqualTo(700);
                await("the listener to get 700 (delivered on the dispatcher)", () -> !seen.isEmpty() && seen.get(seen.size() - 1).value() == 700);
                assertInOrder(seen);
                System.out.println("[live] through a restart and a pause: " + live.metrics());
                System.out.println("[live] followers: " + opened.get(0).metrics());
                assertThat(opened.get(0).metrics().failures()).as("the outage was noticed and backed off").isPositive();
            }
        }
    }

    @Test
    void aStreamDeletedAndCreatedAgainBelowWhatWasSeenIsFollowedAfresh() {
        UnifiedJedis jedis = SharedRedis.client();
        String name = "recreated-" + UUID.randomUUID();
        long now = System.currentTimeMillis();
        RedisStreamAppend late = new RedisStreamAppend(jedis, new Snowflake(5, () -> now + 60_000));
        RedisStreamAppend early = new RedisStreamAppend(jedis, new Snowflake(5, () -> now));
        try (LiveValue<Long> live = count(jedis, name)) {
            List<LiveValue.Update<Long>> seen = new CopyOnWriteArrayList<>();
            live.subscribe(seen::add);
            for (int i = 0; i < 10; i++) {
                late.append(StreamKey.of(Q, name), LinkedHashMap.of("n", Integer.toString(i)));
            }
            await("10", () -> live.current().exists(u -> u.value() == 10));
            jedis.del(StreamKey.of(Q, name).toString());
            for (int i = 0; i < 3; i++) {
                early.append(StreamKey.of(Q, name), LinkedHashMap.of("n", Integer.toString(i))); // ids a minute below what the follower saw
            }
            await("3, the new stream's count", () -> live.current().exists(u -> u.value() == 3));
            assertThat(fresh(jedis, name)).isEqualTo(3);
            await("the follower to start again from the new top", () -> opened.get(0).metrics().restarts() > 0);
            long wakeups = opened.get(0).metrics().wakeups();
            early.append(StreamKey.of(Q, name), LinkedHashMap.of("n", "3"));
            await("4", () -> live.current().exists(u -> u.value() == 4));
            await("the follower to see the new append", () -> opened.get(0).metrics().wakeups() > wakeups);
            await("the listener to get 4 (delivered on the dispatcher)", () -> !seen.isEmpty() && seen.get(seen.size() - 1).value() == 4);
        }
    }
}
