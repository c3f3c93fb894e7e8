package echomq.micrometer;

import echomq.domain.fold.Fold;
import echomq.domain.group.ConsumerGroup;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import echomq.domain.window.Window;
import echomq.engine.projection.ProjectionReader;
import echomq.redis.RedisConnections;
import echomq.redis.RedisConsumerGroup;
import echomq.redis.RedisStreamAppend;
import echomq.redis.RedisStreamRange;
import echomq.redis.RedisStreamState;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Folds, range reads, appends and group reads as observations, on a real Redis. */
class MicrometerObservationsTest {

    static RedisServerProcess redis;
    static UnifiedJedis jedis;
    static final Predicate<Observation.ContextView> IS_FOLD = parent -> MicrometerObservations.FOLD.equals(parent.getName());
    static final Fold<Long> COUNT = Fold.of("count", 0L, (n, e) -> n + 1);

    @BeforeAll
    static void start() {
        redis = TestRedis.privateServer();
        jedis = RedisConnections.connect(redis.uri());
    }

    @AfterAll
    static void stop() {
        jedis.close();
        redis.stop();
    }

    static void appendN(StreamKey key, int n) {
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(7, Clock.systemUTC()));
        for (int i = 0; i < n; i++) {
            append.append(key, LinkedHashMap.of("n", Integer.toString(i)));
        }
    }

    static ProjectionReader reader(ObservationRegistry observations, int pageSize) {
        return new ProjectionReader(new ObservedStreamRange(new RedisStreamRange(jedis), observations),
                new RedisStreamState(jedis), Clock.systemUTC(), 100, pageSize)
                .observedBy(new MicrometerObservations(observations));
    }

    @Test
    void aFoldIsAnObservationWhosePagesAreItsChildren() {
        StreamKey key = StreamKey.of("obs", "folded");
        appendN(key, 25);
        TestObservationRegistry observations = TestObservationRegistry.create();

        assertThat(reader(observations, 10).fold(key, Window.since(Instant.EPOCH), COUNT)).isEqualTo(25L);

        assertThat(observations).hasNumberOfObservationsWithNameEqualTo(MicrometerObservations.FOLD, 1)
                .hasObservationWithNameEqualTo(MicrometerObservations.FOLD).that()
                .hasBeenStarted().hasBeenStopped()
                .hasLowCardinalityKeyValue("projection", "count")
                .hasLowCardinalityKeyValue("queue", "obs")
                .hasLowCardinalityKeyValue("stream", "folded")
                .doesNotHaveError();
        // 25 entries in pages of 10: each page a child of the fold, as many as an unobserved read of the window hands out
        // (the first two full, then slices below the top, each short of a page)
        int pages = 0;
        try (var read = new RedisStreamRange(jedis).pages(key, echomq.domain.id.StreamId.MIN, io.vavr.control.Option.none(), 10)) {
            for (var page = read.next(); !page.isEmpty(); page = read.next()) {
                pages++;
            }
        }
        assertThat(pages).isGreaterThanOrEqualTo(3);
        assertThat(observations).hasNumberOfObservationsWithNameEqualTo(ObservedStreamRange.RANGE, pages)
                .forAllObservationsWithNameEqualTo(ObservedStreamRange.RANGE, page -> page
                        .hasLowCardinalityKeyValue("stream", "folded")
                        .hasParentObservationContextMatching(IS_FOLD));
    }

    @Test
    void aFailedFoldIsAnObservationWithItsError() {
        StreamKey key = StreamKey.of("obs", "not-a-stream");
        jedis.set(key.toString(), "a string where a stream should be");
        TestObservationRegistry observations = TestObservationRegistry.create();

        assertThatThrownBy(() -> reader(observations, 10).fold(key, Window.since(Instant.EPOCH), COUNT))
                .isInstanceOf(StreamStoreException.class);

        assertThat(observations).hasObservationWithNameEqualTo(MicrometerObservations.FOLD).that()
                .hasBeenStopped().hasError();
    }

    @Test
    void aFoldObservationIsATimerWithTheMetersTags() {
        StreamKey key = StreamKey.of("obs", "timed");
        appendN(key, 5);
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        ObservationRegistry observations = ObservationRegistry.create();
        observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));

        ProjectionReader reader = reader(observations, 1000);
        reader.fold(key, Window.since(Instant.EPOCH), COUNT);
        reader.fold(key, Window.since(Instant.EPOCH), COUNT); // a hit is a read too

        assertThat(meters.find(MicrometerObservations.FOLD)
                .tags("projection", "count", "queue", "obs", "stream", "timed", "error", "none").timer().count()).isEqualTo(2);
        assertThat(meters.find(ObservedStreamRange.RANGE).tags("queue", "obs", "stream", "timed").timer().count())
                .isEqualTo(1); // the hit read no page (a state read only)
    }

    @Test
    void appendsAreObservedByKind() throws Exception {
        StreamKey key = StreamKey.of("obs", "appended");
        TestObservationRegistry observations = TestObservationRegistry.create();
        ObservedStreamAppend append = new ObservedStreamAppend(new RedisStreamAppend(jedis, new Snowflake(8, Clock.systemUTC())), observations);

        append.append(key, LinkedHashMap.of("a", "1"));
        append.appendBatch(key, List.of(LinkedHashMap.of("a", "2"), LinkedHashMap.of("a", "3")));
        append.appendAsync(key, LinkedHashMap.of("a", "4")).get();

        assertThat(jedis.xlen(key.toString())).isEqualTo(4);
        assertThat(observations).hasNumberOfObservationsWithNameEqualTo(ObservedStreamAppend.APPEND, 3);
        for (String kind : List.of("one", "batch", "async")) {
            assertThat(observations).hasAnObservation(o -> o.hasNameEqualTo(ObservedStreamAppend.APPEND)
                    .hasLowCardinalityKeyValue("kind", kind).hasLowCardinalityKeyValue("stream", "appended")
                    .doesNotHaveError());
        }
    }

    @Test
    void aRefusedAppendIsAnObservationWithItsError() {
        StreamKey key = StreamKey.of("obs", "wrong-type");
        jedis.set(key.toString(), "x");
        TestObservationRegistry observations = TestObservationRegistry.create();
        ObservedStreamAppend append = new ObservedStreamAppend(new RedisStreamAppend(jedis, new Snowflake(9, Clock.systemUTC())), observations);

        assertThatThrownBy(() -> append.append(key, LinkedHashMap.of("a", "1"))).isInstanceOf(StreamStoreException.class);
        assertThat(observations).hasObservationWithNameEqualTo(ObservedStreamAppend.APPEND).that().hasError().hasBeenStopped();
    }

    @Test
    void groupReadsAreObservedWithTheirGroup() {
        StreamKey key = StreamKey.of("obs", "grouped");
        appendN(key, 3);
        TestObservationRegistry observations = TestObservationRegistry.create();
        ObservedConsumerGroup group = new ObservedConsumerGroup(
                new RedisConsumerGroup(jedis, ConsumerGroup.of(key, "scorers").consumer("w1")), observations);
        group.ensure();

        assertThat(group.read(10, Duration.ofMillis(10))).hasSize(3);
        assertThat(group.pending(echomq.domain.id.StreamId.MIN, 10)).hasSize(3);
        assertThat(group.ack(group.pending(echomq.domain.id.StreamId.MIN, 1).get(0).id())).isEqualTo(1);

        assertThat(observations).hasNumberOfObservationsWithNameEqualTo(ObservedConsumerGroup.GROUP_READ, 3)
                .hasAnObservation(o -> o.hasNameEqualTo(ObservedConsumerGroup.GROUP_READ)
                        .hasLowCardinalityKeyValue("group", "scorers").hasLowCardinalityKeyValue("kind", "new"))
                .hasAnObservation(o -> o.hasLowCardinalityKeyValue("kind", "pending"));
    }
}
