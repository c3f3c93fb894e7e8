package echomq.sketches;

import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Fold;
import echomq.domain.fold.KeyedFolds;
import echomq.domain.id.Snowflake;
import echomq.domain.partition.PartitionedChannel;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.domain.window.Bucketed;
import echomq.domain.window.PartitionedWindows;
import echomq.domain.window.Series;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.engine.projection.ProjectionReader;
import echomq.redis.RedisCheckpoints;
import echomq.redis.RedisConnections;
import echomq.redis.RedisStreamAppend;
import echomq.redis.RedisStreamRange;
import echomq.redis.RedisStreamState;
import echomq.testkit.MovableClock;
import echomq.testkit.RedisExtension;
import echomq.testkit.RedisUri;
import echomq.testkit.Seeded;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Map;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Random;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Quantiles and distinct counts wherever a fold goes, through the caching reader on a real Redis:
 * sliding windows in panes and trailing suffixes, open and closed windows, tumbling, hopping and
 * calendar series over a sliding range (kept buckets), a p90 per key, a partitioned channel, and a
 * reader restarted on the kept checkpoints. Every answer equals a fresh one-pass fold, bit for bit.
 */
@ExtendWith(RedisExtension.class)
class SketchesThroughTheReaderTest {

    static final Checkpointable<QuantileState> LATENCY = Quantiles.of("latency", "ms", 2, 10_000_000L);
    static final Checkpointable<DistinctState> USERS = DistinctCount.of("users", "user", 12);
    static final CombinableFold<Map<String, QuantileState>> LATENCY_BY_REGION =
            KeyedFolds.groupBy("region", e -> e.field("region"), LATENCY);

    static LinkedHashMap<String, String> fields(Random r) {
        return LinkedHashMap.of("ms", Long.toString((long) Math.exp(r.nextDouble() * Math.log(10_000_000L))),
                "user", "u-" + r.nextInt(r.nextBoolean() ? 300 : 3_000), "region", "r" + r.nextInt(4));
    }

    @Test
    void everyCachedHoppingSlidingAndKeptAnswerEqualsAFreshFold(RedisUri redis) {
        UnifiedJedis jedis = RedisConnections.connect(redis.uri());
        Random r = Seeded.random("SketchesThroughTheReaderTest.windows");
        StreamKey key = StreamKey.of("sk", "w-" + UUID.randomUUID());
        MovableClock clock = new MovableClock(Snowflake.EPOCH_MS + 80_000_000L);
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(3, clock::millis));
        RedisCheckpoints checkpoints = new RedisCheckpoints(jedis);
        RedisStreamRange range = new RedisStreamRange(jedis);
        RedisStreamState state = new RedisStreamState(jedis);
        StreamWindows fresh = new StreamWindows(range, clock);
        int pageSize = 1 + r.nextInt(50);
        ProjectionReader reader = new ProjectionReader(range, state, clock, 1_000, pageSize, checkpoints, Duration.ofMinutes(5));
        Instant start = clock.instant();
        for (int round = 0; round < 30; round++) {
            for (int i = r.nextInt(60); i > 0; i--) {
                append.append(key, fields(r));
                clock.advance(r.nextInt(20));
            }
            clock.advance(1 + r.nextInt(100));
            if (round == 20) {
                // a restart: a new reader whose kept pieces come back through the codecs
                assertThat(reader.metrics().checkpointsSaved()).as("sealed panes and buckets kept").isPositive();
                assertThat(reader.metrics().combines()).as("panes and buckets combined").isPositive();
                reader = new ProjectionReader(range, state, clock, 1_000, pageSize, checkpoints, Duration.ofMinutes(5));
            }
            Instant mid = start.plusMillis(r.nextInt((int) Math.max(1, clock.ms() - start.toEpochMilli())));
            List<Window> windows = List.of(Window.last(Duration.ofMillis(500 + r.nextInt(2_000))),
                    Window.last(Duration.ofMillis(2_000)).inPanesOf(Duration.ofMillis(50 + r.nextInt(400))),
                    Window.since(start), Window.closed(start, mid));
            for (Window w : windows) {
                assertThat(reader.fold(key, w, LATENCY)).as("round %d %s", round, w).isEqualTo(fresh.foldWindow(key, w, LATENCY));
                assertThat(reader.fold(key, w, USERS)).as("round %d %s", round, w).isEqualTo(fresh.foldWindow(key, w, USERS));
            }
            Window.Sliding lastFew = Window.last(Duration.ofMillis(3_000));
            List<Bucketed> series = List.of(Buckets.tumbling(Duration.ofMillis(200)).within(lastFew),
                    Buckets.hopping(Duration.ofMillis(600), Duration.ofMillis(200)).within(lastFew),
                    Buckets.calendar(ChronoUnit.DAYS, ZoneOffset.UTC).within(Window.closed(start, clock.instant())));
            for (Bucketed b : series) {
                assertEveryBucketFresh(reader.fold(key, b, LATENCY), fresh, key, LATENCY, round);
                assertEveryBucketFresh(reader.fold(key, b, USERS), fresh, key, USERS, round);
                assertEveryBucketFresh(reader.fold(key, b, LATENCY_BY_REGION), fresh, key, LATENCY_BY_REGION, round);
            }
        }
        assertThat(reader.fold(key, Window.since(start), LATENCY).count()).isPositive();
        assertThat(reader.metrics().checkpointsLoaded()).as("kept pieces read back after the restart").isPositive();
        assertThat(reader.metrics().checkpointsRefused()).isZero();
    }

    static <A> void assertEveryBucketFresh(Series<A> series, StreamWindows fresh, StreamKey key, Fold<A> fold, int round) {
        assertThat(series.buckets()).isNotEmpty();
        for (Bucket<A> bucket : series.buckets()) {
            assertThat(bucket.value()).as("round %d, %s bucket %s", round, fold.name(), bucket.window())
                    .isEqualTo(fresh.foldWindow(key, bucket.window(), fold));
        }
    }

    @Test
    void aPartitionedAnswerEqualsTheOnePassFoldOfTheMergedPartitions(RedisUri redis) {
        UnifiedJedis jedis = RedisConnections.connect(redis.uri());
        Random r = Seeded.random("SketchesThroughTheReaderTest.partitioned");
        PartitionedChannel channel = new PartitionedChannel("skp-" + UUID.randomUUID().toString().substring(0, 8), "events", 3);
        MovableClock clock = new MovableClock(Snowflake.EPOCH_MS + 90_000_000L);
        List<RedisStreamAppend> writers = List.of(new RedisStreamAppend(jedis, new Snowflake(1, clock::millis)),
                new RedisStreamAppend(jedis, new Snowflake(2, clock::millis)), new RedisStreamAppend(jedis, new Snowflake(3, clock::millis)));
        RedisStreamRange range = new RedisStreamRange(jedis);
        ProjectionReader reader = new ProjectionReader(range, new RedisStreamState(jedis), clock, 1_000, 1 + r.nextInt(20));
        PartitionedWindows fresh = new PartitionedWindows(range, Option.none(), clock);
        Instant start = clock.instant();
        for (int round = 0; round < 25; round++) {
            int p = r.nextInt(3);
            for (int i = r.nextInt(80); i > 0; i--) {
                writers.get(p).append(channel.partition(p), fields(r));
                clock.advance(r.nextInt(3));
            }
            clock.advance(1 + r.nextInt(30));
            for (Window w : List.of(Window.since(start), Window.last(Duration.ofMillis(300)).inPanesOf(Duration.ofMillis(50)),
                    Window.closed(start, start.plusMillis(r.nextInt(1 + (int) (clock.ms() - start.toEpochMilli())))))) {
                assertThat(reader.fold(channel, w, LATENCY, LATENCY::combine)).as("round %d %s", round, w)
                        .isEqualTo(fresh.foldWindow(channel, w, LATENCY, 7));
                assertThat(reader.fold(channel, w, USERS, USERS::combine)).as("round %d %s", round, w)
                        .isEqualTo(fresh.foldWindow(channel, w, USERS, 7));
            }
        }
    }
}
