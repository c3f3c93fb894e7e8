package echomq.lettuce;

import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.engine.live.StreamFollowers;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/** The tail over Lettuce: what comes after an id, blocking on connections of its own, under the library's followers. */
class LettuceStreamTailTest {

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

    @Test
    void readsWhatCameAfterAnIdAndNothingWhenNothingCame() {
        LettuceStreamAppend append = new LettuceStreamAppend(redis, new Snowflake(1, Clock.systemUTC()));
        List<BrandedId> ids = append.appendBatch(StreamKey.of("tail", "read"), List.of(LinkedHashMap.of("n", "0"), LinkedHashMap.of("n", "1"),
                LinkedHashMap.of("n", "2")));
        LettuceStreamTail tail = new LettuceStreamTail(redis);
        StreamKey key = StreamKey.of("tail", "read");
        List<StreamEntry> after = tail.readAfter(key, ids.get(0).streamId(), 10, Duration.ofMillis(100));
        assertThat(after).extracting(e -> e.branded().get()).containsExactly(ids.get(1), ids.get(2));
        assertThat(tail.readAfter(key, ids.get(2).streamId(), 10, Duration.ofMillis(100))).isEmpty();
        assertThat(tail.readAfter(StreamKey.of("tail", "none"), StreamId.MIN, 10, Duration.ofMillis(100))).isEmpty();
    }

    /** Two followers block at once on connections of their own; the shared connection keeps answering meanwhile. */
    @Test
    void followersOfTwoStreamsHearTheirAppendsAndTheSharedConnectionIsNotHeldUp() throws Exception {
        AtomicLong heardA = new AtomicLong();
        AtomicLong heardB = new AtomicLong();
        // commands of the shared connection time out after 500 ms: one queued behind a 2 s XREAD BLOCK would fail
        try (LettuceRedis redis = LettuceConnections.connect(server.uri(), Duration.ofMillis(500));
             StreamFollowers followers = new StreamFollowers(new LettuceStreamTail(redis), new LettuceStreamState(redis), Duration.ofSeconds(2))) {
            LettuceStreamAppend append = new LettuceStreamAppend(redis, new Snowflake(2, Clock.systemUTC()));
            followers.follow(StreamKey.of("tail", "a"), id -> heardA.incrementAndGet());
            followers.follow(StreamKey.of("tail", "b"), id -> heardB.incrementAndGet());
            // the followers start from each stream's top as they find it: append until each has heard one
            await(() -> {
                append.append(StreamKey.of("tail", "a"), LinkedHashMap.of("k", "a"));
                return heardA.get() > 0;
            });
            await(() -> {
                append.append(StreamKey.of("tail", "b"), LinkedHashMap.of("k", "b"));
                return heardB.get() > 0;
            });
            // both followers are blocked in XREAD for up to 2 s now; the shared connection answers meanwhile
            for (int i = 0; i < 20; i++) {
                assertThat(new LettuceStreamRange(redis).rangeFrom(StreamKey.of("tail", "a"), StreamId.MIN, 1)).hasSize(1);
            }
            long a = heardA.get();
            append.append(StreamKey.of("tail", "a"), LinkedHashMap.of("k", "a2"));
            await(() -> heardA.get() > a);
            assertThat(followers.metrics().failures()).isZero();
        }
    }

    static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 10 s");
            }
            Thread.sleep(20);
        }
    }
}
