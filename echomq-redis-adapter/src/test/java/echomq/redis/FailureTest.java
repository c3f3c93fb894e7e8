package echomq.redis;

import echomq.domain.Fold;
import echomq.domain.Snowflake;
import echomq.domain.StreamKey;
import echomq.domain.StreamStoreException;
import echomq.domain.StreamWindows;
import echomq.domain.Window;
import echomq.redis.testkit.TestRedis;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Failures of Redis surface as typed exceptions naming the key, passwords masked. */
class FailureTest {

    @Test
    void aStoppedRedisIsUnavailableNamingTheKey() {
        try (RedisServerProcess server = TestRedis.privateServer()) {
            UnifiedJedis jedis = RedisConnections.connect(server.uri(), Duration.ofMillis(500), Duration.ofMillis(500));
            RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(1, Clock.systemUTC()));
            append.append("q", "s", LinkedHashMap.of("k", "v"));
            server.stop();
            assertThatThrownBy(() -> append.append("q", "s", LinkedHashMap.of("k", "v")))
                    .isInstanceOf(StreamStoreException.Unavailable.class)
                    .hasMessageContaining("emq:{q}:stream:s");
            StreamWindows windows = new StreamWindows(new RedisStreamRange(jedis));
            assertThatThrownBy(() -> windows.foldWindow("q", "s", Window.since(Instant.EPOCH), Fold.of("n", 0, (n, e) -> n + 1)))
                    .isInstanceOf(echomq.domain.FoldInterruptedException.class)
                    .hasCauseInstanceOf(StreamStoreException.Unavailable.class);
            assertThatThrownBy(() -> new RedisStreamState(jedis).state("emq:{q}:stream:s"))
                    .isInstanceOf(StreamStoreException.Unavailable.class);
            jedis.close();
        }
    }

    @Test
    void wrongTypeSurfacesAsSuch() {
        String name = "wrongtype-" + UUID.randomUUID();
        String key = StreamKey.of("q", name).toString();
        TestRedis.client().set(key, "not a stream");
        assertThatThrownBy(() -> new RedisStreamRange(TestRedis.client()).range(key, echomq.domain.StreamId.MIN, echomq.domain.StreamId.MAX, 10))
                .isInstanceOf(StreamStoreException.WrongType.class).hasMessageContaining(key);
        assertThatThrownBy(() -> new RedisStreamAppend(TestRedis.client(), new Snowflake(1, Clock.systemUTC()))
                .append("q", name, LinkedHashMap.of("k", "v")))
                .isInstanceOf(StreamStoreException.WrongType.class).hasMessageContaining(key);
        assertThatThrownBy(() -> new RedisStreamState(TestRedis.client()).state(key))
                .isInstanceOf(StreamStoreException.WrongType.class);
    }

    @Test
    void aRefusedPasswordIsAccessDeniedAndNeverShown() {
        String secret = "s3cret-" + UUID.randomUUID();
        try (RedisServerProcess server = TestRedis.privateServer("--requirepass", secret)) {
            String good = "redis://:" + secret + "@127.0.0.1:" + server.port();
            String bad = "redis://:wrong-" + secret + "@127.0.0.1:" + server.port();
            try (UnifiedJedis ok = RedisConnections.connect(good)) {
                new RedisStreamAppend(ok, new Snowflake(1, Clock.systemUTC())).append("q", "s", LinkedHashMap.of("k", "v"));
                assertThat(new RedisStreamState(ok).state("emq:{q}:stream:s").get().length()).isEqualTo(1);
            }
            try (UnifiedJedis refused = RedisConnections.connect(bad)) {
                assertThatThrownBy(() -> new RedisStreamRange(refused).rangeFrom("emq:{q}:stream:s", echomq.domain.StreamId.MIN, 1))
                        .isInstanceOf(StreamStoreException.AccessDenied.class)
                        .satisfies(e -> assertThat(fullText(e)).doesNotContain(secret));
            }
            try (UnifiedJedis none = RedisConnections.connect(server.uri())) {
                assertThatThrownBy(() -> new RedisStreamRange(none).rangeFrom("emq:{q}:stream:s", echomq.domain.StreamId.MIN, 1))
                        .isInstanceOf(StreamStoreException.AccessDenied.class);
            }
            assertThatThrownBy(() -> RedisConnections.connect("redis://:" + secret + "@127.0.0.1:" + server.port() + "/db"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain(secret).contains("***"));
        }
    }

    @Test
    void aStalledRedisTimesOutInsteadOfHanging() {
        try (RedisServerProcess server = TestRedis.privateServer()) {
            try (UnifiedJedis jedis = RedisConnections.connect(server.uri(), Duration.ofMillis(500), Duration.ofMillis(300));
                 UnifiedJedis pauser = RedisConnections.connect(server.uri())) {
                new RedisStreamRange(jedis).rangeFrom("emq:{q}:stream:s", echomq.domain.StreamId.MIN, 1);
                pauser.sendCommand(redis.clients.jedis.Protocol.Command.CLIENT, "PAUSE", "1500", "ALL");
                assertThatThrownBy(() -> new RedisStreamRange(jedis).rangeFrom("emq:{q}:stream:s", echomq.domain.StreamId.MIN, 1))
                        .isInstanceOf(StreamStoreException.Timeout.class);
            }
        }
    }

    static String fullText(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            b.append(c).append('\n');
        }
        return b.toString();
    }
}
