package echomq.lettuce;

import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every port contract on a client somebody else owns ({@link LettuceConnections#on}), built with
 * Lettuce's default options as Spring Boot builds its own: RESP3 on this Redis, commands queued
 * while disconnected. Closing the adapters' connection leaves that client running.
 */
class LettuceSharedClientContractTests extends LettucePortContracts {

    static RedisServerProcess server;
    static RedisClient owner;
    static LettuceRedis redis;

    @BeforeAll
    static void start() {
        server = TestRedis.privateServer();
        owner = RedisClient.create(RedisURI.create(server.uri()));   // default ClientOptions: the newest protocol, RESP3
        redis = LettuceConnections.on(owner);
    }

    @AfterAll
    static void stop() {
        redis.close();
        owner.shutdown();
        server.stop();
    }

    @Override
    LettuceRedis redis() {
        return redis;
    }

    @Test
    void theClientSpeaksResp3AndTheConnectionIsNotItsOwner() {
        assertThat(redis.sync().clientInfo()).contains("resp=3");   // the adapters' own connection, as the client negotiated it
        assertThat(redis.ownsClient()).isFalse();
        assertThat(redis.isOpen()).isTrue();
    }

    /** Closing a connection on a shared client closes it and the blocking readers' connections, never the client. */
    @Test
    void closingLeavesTheOwnersClientRunning() {
        LettuceRedis mine = LettuceConnections.on(owner, Duration.ofSeconds(2));
        StreamKey key = StreamKey.of("shared", "close");
        new LettuceStreamAppend(mine, new Snowflake(7, Clock.systemUTC())).append(key, LinkedHashMap.of("n", "1"));
        assertThat(new LettuceStreamTail(mine).readAfter(key, StreamId.MIN, 10, Duration.ofMillis(50))).hasSize(1);
        long before = clients(Long.MAX_VALUE);
        mine.close();
        mine.close();
        assertThat(mine.isOpen()).isFalse();
        assertThat(clients(before - 2)).isEqualTo(before - 2);   // the shared connection and the tail's own
        try (StatefulRedisConnection<String, String> c = owner.connect()) {
            assertThat(c.sync().ping()).isEqualTo("PONG");
        }
        assertThatThrownBy(() -> new LettuceStreamTail(mine).readAfter(key, StreamId.MIN, 10, Duration.ofMillis(50)))
                .hasMessageContaining("closed");
    }

    /** The server's client count, waited for (up to 5 s) to fall to {@code expected}. */
    private static long clients(long expected) {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        long n;
        do {
            n = redis.sync().clientList().lines().filter(l -> !l.isBlank()).count();
            if (n <= expected) {
                return n;
            }
            sleep(50);
        } while (System.nanoTime() < deadline && expected != Long.MAX_VALUE);
        return n;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
