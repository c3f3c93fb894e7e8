package echomq.redis;

import echomq.domain.fold.Fold;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Session;
import echomq.domain.window.Sessioned;
import echomq.domain.window.Sessions;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.engine.live.ClosingBuckets;
import echomq.engine.projection.ProjectionReader;

import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sessions on a real Redis: the caching reader folds only what was appended after its first read
 * (no closed session is read again), and {@link ClosingBuckets} hands out a session that went quiet
 * on an idle stream once the server's {@code TIME}, less the skew, has passed its last entry by the gap.
 */
class SessionsRedisTest {

    static final String Q = "sessions";
    static final Fold<Long> COUNT = Fold.of("count", 0L, (n, e) -> n + 1);

    @Test
    void theCachingReaderFoldsOnlyWhatWasAppendedAndEqualsAFreshRead() {
        UnifiedJedis jedis = SharedRedis.client();
        StreamKey key = StreamKey.of(Q, "cached-" + UUID.randomUUID());
        echomq.testkit.MovableClock clock = new echomq.testkit.MovableClock(Snowflake.EPOCH_MS + 80_000_000L);
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(2, clock::millis));
        // 20 players, a burst of 5 guesses a second apart every 90 seconds, for 20 minutes
        for (int sec = 0; sec < 20 * 60; sec++) {
            clock.advance(1_000);
            if (sec % 90 < 5) {
                for (int p = 0; p < 20; p++) {
                    append.append(key, LinkedHashMap.of("player", "p" + p));
                }
            }
        }
        ProjectionReader reader = new ProjectionReader(new RedisStreamRange(jedis), new RedisStreamState(jedis), clock, 100, 200);
        Sessioned hour = Sessions.of(Duration.ofSeconds(30)).perKey("player").longest(Duration.ofMinutes(5))
                .within(Window.last(Duration.ofHours(1)));
        StreamWindows fresh = new StreamWindows(new RedisStreamRange(jedis), clock);
        List<Session<Long>> first = reader.fold(key, hour, COUNT).asJava();
        assertThat(first).hasSize(20 * 14).allSatisfy(s -> assertThat(s.value()).isEqualTo(5L));
        long before = reader.metrics().entriesFolded();
        for (int read = 0; read < 5; read++) {
            clock.advance(1_000);
            for (int p = 0; p < 4; p++) {
                append.append(key, LinkedHashMap.of("player", "p" + p));
            }
            assertThat(reader.fold(key, hour, COUNT).asJava())
                    .isEqualTo(fresh.foldSessions(key, hour.sessions(), hour.at(clock.instant()), COUNT).asJava());
        }
        assertThat(reader.metrics().entriesFolded() - before).as("entries folded by five re-reads of 4 appends").isEqualTo(20);
    }

    @Test
    void aQuietSessionIsHandedOutOnAnIdleStreamOnTheServersTime() throws Exception {
        UnifiedJedis jedis = SharedRedis.client();
        StreamKey key = StreamKey.of(Q, "closing-" + UUID.randomUUID());
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(6, Clock.systemUTC()));
        RedisServerClock serverClock = new RedisServerClock(jedis);
        Duration gap = Duration.ofMillis(200);
        Duration skew = Duration.ofMillis(300);
        Instant from = serverClock.now(key);
        List<Session<Long>> got = new CopyOnWriteArrayList<>();
        List<Instant> handedAt = new CopyOnWriteArrayList<>();
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        try {
            ClosingBuckets.Subscription sub = new ClosingBuckets(new RedisStreamRange(jedis), serverClock, new RedisBucketMarks(jedis))
                    .subscribe(key, "sessions", Sessions.of(gap).perKey("player"), from, skew, COUNT, s -> {
                        handedAt.add(serverClock.now(key));
                        got.add(s);
                    })
                    .start(scheduler, Duration.ofMillis(20), errors::add);
            for (int i = 0; i < 3; i++) {
                append.append(key, LinkedHashMap.of("player", "ada"));
                append.append(key, LinkedHashMap.of("player", "bob"));
            }
            // nothing is appended from here on: the sessions close on the server's clock alone
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (got.size() < 2) {
                assertThat(System.nanoTime()).as("2 sessions handed out within 10 s, got %d", got.size()).isLessThan(deadline);
                Thread.sleep(10);
            }
            sub.close();
        } finally {
            scheduler.shutdownNow();
            scheduler.awaitTermination(5, TimeUnit.SECONDS);
        }
        assertThat(errors).isEmpty();
        assertThat(got).extracting(s -> s.key().get()).containsExactlyInAnyOrder("ada", "bob");
        assertThat(got).allSatisfy(s -> {
            assertThat(s.value()).isEqualTo(3L);
            assertThat(s.open()).isFalse();
        });
        for (int i = 0; i < got.size(); i++) {
            assertThat(handedAt.get(i)).as("handed out once final").isAfterOrEqualTo(got.get(i).to().plus(gap).plus(skew));
        }
    }
}
