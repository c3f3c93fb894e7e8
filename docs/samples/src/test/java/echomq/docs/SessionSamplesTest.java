package echomq.docs;

import echomq.domain.fold.Fold;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Session;
import echomq.domain.window.StreamWindows;
import echomq.engine.live.ClosingBuckets;
import echomq.engine.projection.ProjectionReader;
import echomq.redis.RedisConnections;
import echomq.redis.RedisStreamAppend;
import echomq.redis.RedisStreamRange;
import echomq.redis.RedisStreamState;
import echomq.testkit.TestRedis;

import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import static org.assertj.core.api.Assertions.assertThat;

/** The sessions samples on a real Redis: what the page shows answers what was appended. */
class SessionSamplesTest {

    @Test
    void eachPlayersSessionsAreTheirBursts() {
        try (UnifiedJedis jedis = RedisConnections.connect(TestRedis.uri())) {
            StreamKey scored = StreamKey.of("cm", "sessions-" + UUID.randomUUID());
            RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(13, Clock.systemUTC()));
            for (int i = 0; i < 5; i++) {
                append.append(scored, LinkedHashMap.of("player", i % 2 == 0 ? "ada" : "bob"));
            }
            ProjectionReader reader = new ProjectionReader(new RedisStreamRange(jedis), new RedisStreamState(jedis), Clock.systemUTC(), 100);
            SessionSamples samples = new SessionSamples();
            List<Session<Long>> sessions = samples.sessions(reader, new StreamWindows(new RedisStreamRange(jedis)), scored, Instant.now());
            assertThat(sessions.map(s -> s.key().get()).toJavaSet()).containsExactlyInAnyOrder("ada", "bob");
            assertThat(sessions.map(Session::value).sum().longValue()).isEqualTo(5);
            assertThat(sessions).allSatisfy(s -> assertThat(s.open()).isTrue()); // a guess may still join them
            assertThat(samples.shown.get(samples.shown.size() - 1)).isEqualTo(java.util.List.of(2));
        }
    }

    @Test
    void theClosingSubscriptionStartsAndStops() throws Exception {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        java.util.List<Throwable> errors = new CopyOnWriteArrayList<>();
        try (UnifiedJedis jedis = RedisConnections.connect(TestRedis.uri())) {
            ClosingBuckets.Subscription s = new SessionSamples().closingSessions(jedis, StreamKey.of("cm", "sessions-" + UUID.randomUUID()),
                    Fold.of("guesses", 0L, (n, e) -> n + 1), scheduler, errors::add);
            assertThat(s.pass()).isZero(); // nothing has gone quiet for 2 minutes yet
            s.close();
        } finally {
            scheduler.shutdownNow();
        }
        assertThat(errors).isEmpty();
    }
}
