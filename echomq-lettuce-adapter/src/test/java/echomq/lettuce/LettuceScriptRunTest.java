package echomq.lettuce;

import echomq.domain.stream.StreamStoreException;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import echomq.wire.LuaScript;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link LettuceRedis#run(LuaScript, List, List)}: a script's reply of any shape, read as the Jedis adapter reads a raw one. */
class LettuceScriptRunTest {

    static final LuaScript SHAPES = LuaScript.load(LettuceScriptRunTest.class, "reply-shapes.lua");

    static RedisServerProcess server;
    static LettuceRedis redis;

    @BeforeAll
    static void start() {
        server = TestRedis.privateServer();
        redis = LettuceConnections.connect(server.uri());
    }

    @AfterAll
    static void stop() {
        redis.close();
        server.stop();
    }

    private static Object run(String shape) {
        return redis.run(SHAPES, List.of("any"), List.of(shape, "é✓"));
    }

    /** Bulk strings back to text, recursively, to compare whole replies. */
    private static Object text(Object reply) {
        if (reply instanceof byte[] b) {
            return new String(b, StandardCharsets.UTF_8);
        }
        if (reply instanceof List<?> l) {
            return l.stream().map(LettuceScriptRunTest::text).toList();
        }
        return reply;
    }

    @Test
    void everyShapeOfReplyIsReadWhole() {
        assertThat(run("integer")).isEqualTo(42L);
        assertThat(run("bulk")).isInstanceOf(byte[].class);
        assertThat(text(run("bulk"))).isEqualTo("é✓");
        assertThat(run("nil")).isNull();
        assertThat(text(run("status"))).isEqualTo("OK");
        assertThat(run("empty")).isEqualTo(List.of());
        assertThat(text(run("nested"))).isEqualTo(Arrays.asList("é✓", 7L, Arrays.asList("é✓", List.of(), List.of(1L, 2L)), List.of()));
    }

    @Test
    void aScriptTheServerForgotIsSentWholeAndAnErrorIsTyped() {
        redis.sync().scriptFlush();
        assertThat(run("integer")).isEqualTo(42L);
        assertThat(redis.sync().scriptExists(SHAPES.sha1())).containsExactly(true);
        assertThatThrownBy(() -> run("other")).isInstanceOf(StreamStoreException.class).hasMessageContaining("unknown shape other");
        assertThatThrownBy(() -> redis.run(SHAPES, List.of(), List.of("integer"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("reply-shapes.lua");
    }
}
