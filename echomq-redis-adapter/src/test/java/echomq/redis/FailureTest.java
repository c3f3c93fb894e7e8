package echomq.redis;

import echomq.testkit.RedisServerProcess;
import echomq.domain.fold.Fold;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.TestRedis;
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
            append.append(StreamKey.of("q", "s"), LinkedHashMap.of("k", "v"));
            server.stop();
            assertThatThrownBy(() -> append.append(StreamKey.of("q", "s"), LinkedHashMap.of("k", "v")))
                    .isInstanceOf(StreamStoreException.Unavailable.class)
                    .hasMessageContaining("emq:{q}:stream:s");
            StreamWindows windows = new StreamWindows(new RedisStreamRange(jedis));
            assertThatThrownBy(() -> windows.foldWindow(StreamKey.of("q", "s"), Window.since(Instant.EPOCH), Fold.of("n", 0, (n, e) -> n + 1)))
                    .isInstanceOf(echomq.domain.window.FoldInterruptedException.class)
                    .hasCauseInstanceOf(StreamStoreException.Unavailable.class);
            assertThatThrownBy(() -> new RedisStreamState(jedis).state(StreamKey.of("q", "s")))
                    .isInstanceOf(StreamStoreException.Unavailable.class);
            jedis.close();
        }
    }

    @Test
    void wrongTypeSurfacesAsSuch() {
        String name = "wrongtype-" + UUID.randomUUID();
        StreamKey key = StreamKey.of("q", name);
        SharedRedis.client().set(key.toString(), "not a stream");
        assertThatThrownBy(() -> new RedisStreamRange(SharedRedis.client()).range(key, echomq.domain.id.StreamId.MIN, echomq.domain.id.StreamId.MAX, 10))
                .isInstanceOf(StreamStoreException.WrongType.class).hasMessageContaining(key.toString());
        assertThatThrownBy(() -> new RedisStreamAppend(SharedRedis.client(), new Snowflake(1, Clock.systemUTC()))
                .append(StreamKey.of("q", name), LinkedHashMap.of("k", "v")))
                .isInstanceOf(StreamStoreException.WrongType.class).hasMessageContaining(key.toString());
        assertThatThrownBy(() -> new RedisStreamState(SharedRedis.client()).state(key))
                .isInstanceOf(StreamStoreException.WrongType.class);
    }

    @Test
    void aRefusedPasswordIsAccessDeniedAndNeverShown() {
        String secret = "s3cret-" + UUID.randomUUID();
        try (RedisServerProcess server = TestRedis.privateServer("--requirepass", secret)) {
            String good = "redis://:" + secret + "@127.0.0.1:" + server.port();
            String bad = "redis://:wrong-" + secret + "@127.0.0.1:" + server.port();
            try (UnifiedJedis ok = RedisConnections.connect(good)) {
                new RedisStreamAppend(ok, new Snowflake(1, Clock.systemUTC())).append(StreamKey.of("q", "s"), LinkedHashMap.of("k", "v"));
                assertThat(new RedisStreamState(ok).state(StreamKey.of("q", "s")).get().length()).isEqualTo(1);
            }
            try (UnifiedJedis refused = RedisConnections.connect(bad)) {
                assertThatThrownBy(() -> new RedisStreamRange(refused).rangeFrom(StreamKey.of("q", "s"), echomq.domain.id.StreamId.MIN, 1))
                        .isInstanceOf(StreamStoreException.AccessDenied.class)
                        .satisfies(e -> assertThat(fullText(e)).doesNotContain(secret));
            }
            try (UnifiedJedis none = RedisConnections.connect(server.uri())) {
                assertThatThrownBy(() -> new RedisStreamRange(none).rangeFrom(StreamKey.of("q", "s"), echomq.domain.id.StreamId.MIN, 1))
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
                new RedisStreamRange(jedis).rangeFrom(StreamKey.of("q", "s"), echomq.domain.id.StreamId.MIN, 1);
                pauser.sendCommand(redis.clients.jedis.Protocol.Command.CLIENT, "PAUSE", "10000", "ALL"); // outlasts a stalled test thread; the server is killed after
                assertThatThrownBy(() -> new RedisStreamRange(jedis).rangeFrom(StreamKey.of("q", "s"), echomq.domain.id.StreamId.MIN, 1))
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
