package echomq.redis;

import echomq.domain.stream.StreamKey;
import echomq.testkit.RedisServerProcess;
import echomq.domain.id.BrandedId;
import echomq.domain.fold.Fold;
import echomq.domain.retention.Retention;
import echomq.domain.id.Snowflake;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.TestRedis;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Bad input is refused before any command reaches Redis: counted with INFO commandstats on a server of its own. */
class NothingReachesRedisTest {

    static RedisServerProcess server;
    static UnifiedJedis jedis;

    @BeforeAll
    static void start() {
        server = TestRedis.privateServer();
        jedis = RedisConnections.connect(server.uri());
    }

    @AfterAll
    static void stop() {
        jedis.close();
        server.stop();
    }

    /** Calls of stream commands so far, by INFO commandstats. */
    static long streamCommands() {
        String info = jedis.info("commandstats");
        Matcher m = Pattern.compile("cmdstat_(x\\w+):calls=(\\d+)").matcher(info);
        long n = 0;
        while (m.find()) {
            n += Long.parseLong(m.group(2));
        }
        return n;
    }

    @Test
    void everyRefusedInputSendsNoCommand() {
        StreamWindows windows = new StreamWindows(new RedisStreamRange(jedis));
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(1, Clock.systemUTC()));
        RedisStreamRetention retention = new RedisStreamRetention(jedis);
        Instant t = Instant.parse("2025-01-01T00:00:00Z");
        Fold<Integer> count = Fold.of("count", 0, (n, e) -> n + 1);
        Map<String, Executable> refused = new java.util.LinkedHashMap<>();
        refused.put("inverted window", () -> windows.readWindow("q", "s", t, t.minusMillis(1), 10));
        refused.put("inverted window fold", () -> windows.foldWindow(StreamKey.of("q", "s"), Window.closed(t, t.minusNanos(1)), count));
        refused.put("count 0", () -> windows.readWindow("q", "s", t, t, 0));
        refused.put("page size -1", () -> windows.foldWindow(StreamKey.of("q", "s"), Window.since(t), count, -1));
        refused.put("queue with brace", () -> windows.readSince("q{x}", "s", t, 10));
        refused.put("queue with colon", () -> append.append(StreamKey.of("a:b", "s"), LinkedHashMap.of("k", "v")));
        refused.put("empty stream name", () -> retention.trim(StreamKey.of("q", ""), Retention.maxLen(1)));
        refused.put("CRLF in name", () -> append.append(StreamKey.of("q", "s\r\nFLUSHALL"), LinkedHashMap.of("k", "v")));
        refused.put("huge name", () -> append.append(StreamKey.of("q", "x".repeat(10_000)), LinkedHashMap.of("k", "v")));
        refused.put("id field", () -> append.append(StreamKey.of("q", "s"), LinkedHashMap.of("id", "EVT0KHTOWnGLuC")));
        refused.put("wrong namespace", () -> append.appendWithId(StreamKey.of("q", "s"), new BrandedId("USR", 1), LinkedHashMap.of("k", "v")));
        refused.put("bad record in batch", () -> append.appendBatch(StreamKey.of("q", "s"), List.of(LinkedHashMap.of("k", "v"), LinkedHashMap.of("id", "x"))));
        refused.put("pre-1970 window", () -> windows.readSince("q", "s", Instant.EPOCH.minusMillis(1), 10));
        refused.put("negative maxlen", () -> retention.trim(StreamKey.of("q", "s"), Retention.maxLen(-1)));
        refused.put("bad URI", () -> RedisConnections.connect("http://127.0.0.1:" + server.port()));

        long before = streamCommands();
        refused.forEach((what, call) -> assertThatThrownBy(call::execute).as(what).isInstanceOf(IllegalArgumentException.class));
        assertThat(streamCommands()).isEqualTo(before);

        // and the counter does count: one good read is one XRANGE
        windows.readSince("q", "s", t, 10);
        assertThat(streamCommands()).isEqualTo(before + 1);
    }
}
