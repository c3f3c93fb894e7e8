package echomq.redis;

import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.observe.EchoListener;
import echomq.domain.stream.StreamKey;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import echomq.wire.EchoConnection;
import echomq.wire.LuaScript;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The library's one connection on Jedis ({@link RedisPorts} as an {@link EchoConnection}): it owns what it opened, runs scripts, closes. */
class RedisPortsConnectionTest {

    static final LuaScript SET_AND_GET = LuaScript.load(RedisPortsConnectionTest.class, "set-and-get.lua");

    @Test
    void anOpenedConnectionOwnsItsClientRunsScriptsAndClosesIt() {
        try (RedisServerProcess server = TestRedis.privateServer("--requirepass", "s3cret")) {
            String uri = "redis://:s3cret@127.0.0.1:" + server.port();
            EchoConnection redis = RedisPorts.open(uri);
            assertThat(redis.description()).startsWith("jedis, on ").doesNotContain("s3cret");
            StreamKey key = StreamKey.of("conn", "orders");
            redis.append(new Snowflake(1, Clock.systemUTC()), EchoListener.NONE).append(key, LinkedHashMap.of("sku", "a1"));
            assertThat(redis.range().range(key, StreamId.MIN, StreamId.MAX, 10)).hasSize(1);
            assertThat(text(redis.run(SET_AND_GET, List.of("conn:k"), List.of("v1")))).isEqualTo("v1");
            redis.close();
            assertThatThrownBy(() -> redis.range().range(key, StreamId.MIN, StreamId.MAX, 10)).isInstanceOf(RuntimeException.class)
                    .isNotInstanceOf(NullPointerException.class);
        }
    }

    @Test
    void aConnectionOverALentClientLeavesItOpen() {
        try (UnifiedJedis jedis = RedisConnections.connect(TestRedis.uri())) {
            EchoConnection lent = RedisPorts.over(jedis);
            lent.close();
            assertThat(text(lent.run(SET_AND_GET, List.of("conn:lent"), List.of("still")))).isEqualTo("still");
            assertThat(jedis.get("conn:lent")).isEqualTo("still");
        }
    }

    @Test
    void aBadUriIsRefusedNamingItBeforeAnyConnection() {
        assertThatThrownBy(() -> RedisPorts.open("http://127.0.0.1:1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("http://127.0.0.1:1");
    }

    private static String text(Object reply) {
        return reply instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(reply);
    }
}
