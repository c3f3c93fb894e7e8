package echomq.docs;

import echomq.domain.fold.CombinableFold;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Series;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.engine.projection.ProjectionReader;
import echomq.redis.RedisConnections;
import echomq.redis.RedisStreamAppend;
import echomq.redis.RedisStreamRange;
import echomq.redis.RedisStreamState;
import echomq.testkit.TestRedis;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** The samples that stand alone, run on a real Redis: what the pages show works as they say. */
class LibrarySamplesTest {

    static UnifiedJedis jedis;
    static final CombinableFold<Long> COUNT = CombinableFold.of("count", 1, 0L, (n, e) -> n + 1, Long::sum);

    @BeforeAll
    static void connect() {
        jedis = RedisConnections.connect(TestRedis.uri());
        jedis.del("emq:{cm}:stream:guess-scored", "emq:{shop}:stream:page-views");
    }

    @AfterAll
    static void close() {
        jedis.close();
    }

    static ProjectionReader reader() {
        return new ProjectionReader(new RedisStreamRange(jedis), new RedisStreamState(jedis), Clock.systemUTC(), 1000);
    }

    @Test
    void theFrontPageCountsWhatItAppended() {
        LibrarySamples samples = new LibrarySamples();
        assertThat(samples.frontPage(TestRedis.uri(), 11)).isEqualTo(1L);
        assertThat(samples.frontPage(TestRedis.uri(), 11)).isEqualTo(2L);
        assertThat(samples.shown.get(0)).isIn(java.util.List.of(61), java.util.List.of(60)); // 61 buckets: the hour's ends are clipped minutes (60 when it starts on a minute)
    }

    /** The sum of the {@code "guesses"} of a series written as {@link LibrarySamples#MINUTE_JSON} writes a minute. */
    static long guesses(String json) {
        return java.util.regex.Pattern.compile("\"guesses\":(\\d+)").matcher(json).results()
                .mapToLong(m -> Long.parseLong(m.group(1))).sum();
    }

    @Test
    void windowsSeriesAndKeyedFoldsAnswerWhatWasAppended() {
        StreamKey scored = StreamKey.of("cm", "guess-scored");
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(12, Clock.systemUTC()));
        for (int i = 0; i < 5; i++) {
            append.append(scored, LinkedHashMap.of("player", i % 2 == 0 ? "ada" : "bob", "total", Integer.toString(100 * i)));
        }
        LibrarySamples samples = new LibrarySamples();
        long sinceAnHourAgo = samples.windows(new RedisStreamRange(jedis));
        assertThat(sinceAnHourAgo).isGreaterThanOrEqualTo(5);

        Series<Long> perMinute = samples.series(reader(), new StreamWindows(new RedisStreamRange(jedis)), scored, Instant.now());
        assertThat(perMinute.buckets().map(b -> b.value()).sum().longValue()).isEqualTo(sinceAnHourAgo);

        ProjectionReader kept = reader();
        CombinableFold<Long> count = CombinableFold.of("count", 1, 0L, (n, e) -> n + 1, Long::sum);
        String json = samples.perMinuteJson(kept, count);
        assertThat(json).startsWith("[{\"t0\":").endsWith("}]");
        assertThat(guesses(json)).as("the minutes' guesses").isEqualTo(sinceAnHourAgo);
        long minutes = kept.metrics().encoded();
        assertThat(minutes).as("the first read encodes every minute").isEqualTo(json.split("\"t0\"").length - 1);
        String again = samples.perMinuteJson(kept, count);
        assertThat(guesses(again)).as("read again: the same guesses").isEqualTo(sinceAnHourAgo);
        // the hour's clipped first minute moves with the clock, the open one may have grown: those are encoded again,
        // and a third when a minute ended between the reads; the sealed minutes are served as kept, their JSON with them
        assertThat(kept.metrics().encoded() - minutes).as("minutes encoded again").isBetween(1L, 3L);
        assertThat(kept.metrics().bucketsKept()).as("the sealed minutes served as kept").isGreaterThanOrEqualTo(minutes - 3);

        Map<String, Long> byPlayer = samples.invertible(reader());
        assertThat(byPlayer.values().sum().longValue()).isEqualTo(sinceAnHourAgo);
        assertThat(byPlayer.keySet().toJavaSet()).contains("ada", "bob");
    }

    @Test
    void quantilesAndDistinctCountsAnswerWhatWasAppended() {
        StreamKey scored = StreamKey.of("cm", "sketch-scores-" + java.util.UUID.randomUUID());
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(14, Clock.systemUTC()));
        for (int i = 1; i <= 100; i++) {
            append.append(scored, LinkedHashMap.of("player", "p" + (i % 7), "total", Integer.toString(i)));
        }
        append.append(scored, LinkedHashMap.of("player", "p0", "total", "a lot"));
        LibrarySamples samples = new LibrarySamples();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> samples.sketches(reader(), scored))
                .isInstanceOf(echomq.domain.fold.UnreadableEntryException.class).hasMessageContaining("a lot");
        StreamKey clean = StreamKey.of("cm", "sketch-clean-" + java.util.UUID.randomUUID());
        for (int i = 1; i <= 100; i++) {
            append.append(clean, LinkedHashMap.of("player", "p" + (i % 7), "total", Integer.toString(i)));
        }
        echomq.sketches.QuantileState lastHour = samples.sketches(reader(), clean);
        assertThat(lastHour.count()).isEqualTo(100);
        assertThat(samples.shown.get(0)).isEqualTo(java.util.List.of(io.vavr.control.Option.some(90L), 7L,
                ((java.util.List<?>) samples.shown.get(0)).get(2), ((java.util.List<?>) samples.shown.get(0)).get(3), 0L));
    }

    @Test
    void aPartitionedChannelFoldsWhatItsPartitionsHold() {
        LibrarySamples samples = new LibrarySamples();
        Instant t0 = Instant.now().minusSeconds(1);
        long inWindow = samples.partitioned(new RedisStreamRange(jedis), new RedisStreamAppend(jedis, new Snowflake(13, Clock.systemUTC())),
                reader(), COUNT, t0, Instant.now().plusSeconds(1));
        assertThat(inWindow).isEqualTo(1);
    }

    @Test
    void observedReadsAreTimed() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        ProjectionReader reader = new LibrarySamples().observations(meters, jedis);
        reader.fold(StreamKey.of("shop", "page-views"), Window.since(Instant.EPOCH), COUNT);
        assertThat(meters.find("echomq.fold").tag("projection", "count").timer()).isNotNull();
        assertThat(meters.find("echomq.projection.reads").timer().count()).isEqualTo(1);
        assertThat(Duration.ofNanos((long) meters.find("echomq.fold").timer().totalTime(java.util.concurrent.TimeUnit.NANOSECONDS)))
                .isPositive();
    }
}
