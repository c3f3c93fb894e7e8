package echomq.redis;

import echomq.domain.fold.Fold;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.engine.live.ClosingBuckets;

import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ClosingBuckets} on a real Redis: buckets close on the server's {@code TIME}, idle ones
 * too, and a subscription made again (a restart) resumes after the bucket kept in Redis.
 */
class ClosingBucketsRedisTest {

    static final Fold<Long> COUNT = Fold.of("count", 0L, (n, e) -> n + 1);

    /** Waits until {@code got} holds {@code n} buckets, at most 10 s (a bucket closes every 200 ms). */
    static void awaitSize(List<?> got, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (got.size() < n) {
            assertThat(System.nanoTime()).as("%d buckets handed out within 10 s, got %d", n, got.size()).isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    /**
     * How late an append may land and still be in its bucket: longer than an append can take on a loaded machine (an
     * append minted by the client's clock that lands after its bucket closed is, by design, not in it).
     */
    static final Duration SKEW = Duration.ofSeconds(1);

    @Test
    void bucketsCloseOnTheServersTimeIdleOrNotAndAResubscriptionResumesAfterTheMark() throws Exception {
        UnifiedJedis jedis = SharedRedis.client();
        StreamKey key = StreamKey.of("closing", "s-" + UUID.randomUUID());
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(5, Clock.systemUTC()));
        RedisServerClock serverClock = new RedisServerClock(jedis);
        Instant from = serverClock.now(key);
        Buckets buckets = Buckets.tumbling(Duration.ofMillis(200)).alignedTo(from);
        List<Bucket<Long>> got = new CopyOnWriteArrayList<>();
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        try {
            ClosingBuckets.Subscription first = new ClosingBuckets(new RedisStreamRange(jedis), serverClock, new RedisBucketMarks(jedis))
                    .subscribe(key, "chart", buckets, from, SKEW, COUNT, got::add)
                    .start(scheduler, Duration.ofMillis(20), errors::add);
            for (int i = 0; i < 5; i++) {
                append.append(key, LinkedHashMap.of("n", Integer.toString(i)));
            }
            awaitSize(got, 3); // the later ones are idle
            first.close();
            Thread.sleep(500); // buckets close while no subscription runs
            int before = got.size();
            ClosingBuckets.Subscription again = new ClosingBuckets(new RedisStreamRange(jedis), serverClock, new RedisBucketMarks(jedis))
                    .subscribe(key, "chart", buckets, from, SKEW, COUNT, got::add)
                    .start(scheduler, Duration.ofMillis(20), errors::add);
            awaitSize(got, before + 3);
            again.close();
        } finally {
            scheduler.shutdownNow();
            scheduler.awaitTermination(5, TimeUnit.SECONDS);
        }
        assertThat(errors).isEmpty();
        List<Bucket<Long>> handed = new ArrayList<>(got);
        Window.Closed range = Window.closed(from, handed.get(handed.size() - 1).window().t1());
        assertThat(handed).as("each bucket once, in order, none skipped across the resubscription")
                .isEqualTo(new StreamWindows(new RedisStreamRange(jedis)).foldSeries(key, buckets, range, COUNT).buckets().toJavaList());
        assertThat(handed.stream().mapToLong(Bucket::entries).sum()).isEqualTo(5);
        assertThat(new RedisBucketMarks(jedis).last(key, "chart")).contains(handed.get(handed.size() - 1).window());
    }
}
