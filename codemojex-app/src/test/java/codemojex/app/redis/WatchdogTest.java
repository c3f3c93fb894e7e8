package codemojex.app.redis;

import echomq.redis.RedisConnections;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The watchdog starts a dead embedded Redis again, on its port, and stops watching when closed. */
class WatchdogTest {

    private static void kill(long pid) throws Exception {
        ProcessHandle p = ProcessHandle.of(pid).orElseThrow();
        p.destroyForcibly();
        assertThat(p.onExit().get(10, TimeUnit.SECONDS).isAlive()).isFalse();
    }

    private static boolean answers(EmbeddedRedis redis) {
        try (UnifiedJedis probe = RedisConnections.connect(redis.uri())) {
            return "PONG".equals(probe.ping());
        } catch (RuntimeException down) {
            return false;
        }
    }

    @Test
    void aKilledRedisIsStartedAgainOnItsPort() throws Exception {
        try (EmbeddedRedis redis = EmbeddedRedis.ephemeral(); Watchdog watchdog = new Watchdog(redis, Duration.ofMillis(100))) {
            assertThat(Thread.getAllStackTraces().keySet()).anyMatch(t -> t.getName().equals(Watchdog.THREAD) && t.isDaemon());
            long pid = redis.pid();
            kill(pid);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (System.nanoTime() < deadline && !(redis.pid() != pid && answers(redis))) {
                Thread.sleep(50);
            }
            assertThat(redis.pid()).as("a new redis-server").isNotEqualTo(pid);
            assertThat(answers(redis)).as("answering at " + redis.uri()).isTrue();
        }
    }

    @Test
    void aClosedWatchdogWatchesNoMore() throws Exception {
        try (EmbeddedRedis redis = EmbeddedRedis.ephemeral()) {
            new Watchdog(redis, Duration.ofMillis(50)).close();
            long pid = redis.pid();
            kill(pid);
            Thread.sleep(500); // ten checks' worth
            assertThat(redis.pid()).isEqualTo(pid);
            assertThat(answers(redis)).isFalse();
            assertThat(redis.restartIfDead()).as("still dead when the watchdog stopped").isTrue();
        }
    }
}
