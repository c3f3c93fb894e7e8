package echomq.docs;

import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Tally;
import echomq.domain.fold.Fold;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.fold.KeyedFolds;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.partition.PartitionedChannel;
import echomq.domain.retention.RetentionPolicy;
import echomq.domain.retention.SafeRetention;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.ClockBound;
import echomq.domain.stream.Durability;
import echomq.domain.stream.StreamStoreException;
import echomq.domain.ports.EchoPorts;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.domain.window.PartitionedWindows;
import echomq.domain.window.Series;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.domain.observe.EchoListener;
import echomq.engine.live.ClosingBuckets;
import echomq.engine.live.LiveValue;
import echomq.engine.live.StreamFollowers;
import echomq.engine.projection.EncodedSeries;
import echomq.engine.projection.ProjectionReader;
import echomq.engine.retention.RetentionDriver;
import echomq.lettuce.LettuceBucketMarks;
import echomq.lettuce.LettuceConnections;
import echomq.lettuce.LettuceRedis;
import echomq.lettuce.LettuceServerClock;
import echomq.lettuce.LettuceStreamAppend;
import echomq.lettuce.LettuceStreamRange;
import echomq.lettuce.LettuceStreamState;
import echomq.micrometer.MicrometerEchoListener;
import echomq.micrometer.MicrometerObservations;
import echomq.micrometer.ObservedStreamRange;
import echomq.redis.RedisBucketMarks;
import echomq.redis.RedisConnections;
import echomq.redis.RedisServerClock;
import echomq.redis.RedisStreamAppend;
import echomq.redis.RedisStreamRange;
import echomq.redis.RedisStreamReaders;
import echomq.redis.RedisStreamRetention;
import echomq.redis.RedisStreamState;
import echomq.redis.RedisStreamTail;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.vavr.Tuple2;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Map;
import io.vavr.control.Option;
import echomq.sketches.DistinctCount;
import echomq.sketches.DistinctState;
import echomq.sketches.QuantileState;
import echomq.sketches.Quantiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The library samples of the docs, each between {@code // sample:NAME} and {@code // end:NAME},
 * as the page shows it ({@link DocSamplesTest} checks that they are the same). Each method declares
 * what its sample takes as given; {@link LibrarySamplesTest} runs the ones that stand alone on a
 * real Redis.
 */
final class LibrarySamples {

    private static final Logger log = LoggerFactory.getLogger(LibrarySamples.class);

    /** What the samples "show": kept, so that a run can be checked. */
    final List<Object> shown = new java.util.concurrent.CopyOnWriteArrayList<>();

    void show(Object... values) {
        shown.add(List.of(values));
    }

    void push(Object bucket) {
        shown.add(bucket);
    }

    /** The front page's ten lines. */
    long frontPage(String redisUrl, int nodeId) {
        // sample:front-page
        UnifiedJedis jedis = RedisConnections.connect(redisUrl);               // or LettuceConnections.connect
        StreamAppendPort appender = new RedisStreamAppend(jedis, new Snowflake(nodeId, Clock.systemUTC()));
        StreamKey views = StreamKey.of("shop", "page-views");
        appender.append(views, LinkedHashMap.of("page", "/cart", "user", "u-17"));

        ProjectionReader reader = new ProjectionReader(new RedisStreamRange(jedis), new RedisStreamState(jedis), Clock.systemUTC(), 10_000);
        CombinableFold<Long> count = CombinableFold.of("count", 1, 0L, (n, e) -> n + 1, Long::sum);
        long lastHour = reader.fold(views, Window.last(Duration.ofHours(1)), count);        // folds again only what is new
        Series<Long> perMinute = reader.fold(views, Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1))), count);
        // end:front-page
        show(perMinute.buckets().size());
        jedis.close();
        return lastHour;
    }

    long windows(StreamRangePort port) {
        // sample:windows
        // echomq.domain.window.{StreamWindows, Window}, echomq.domain.fold.Fold, echomq.domain.stream.{StreamKey, StreamEntry}
        StreamWindows windows = new StreamWindows(port);               // any StreamRangePort; (port, clock) to choose the clock
        StreamKey scored = StreamKey.of("cm", "guess-scored");          // emq:{cm}:stream:guess-scored, validated
        Instant now = Instant.now();
        List<StreamEntry> firstHundred = windows.readWindow("cm", "guess-scored", now.minusSeconds(3600), now, 100);
        Fold<Long> counting = Fold.of("count", 0L, (n, e) -> n + 1);
        long sinceAnHourAgo = windows.foldWindow(scored, Window.since(now.minusSeconds(3600)), counting);  // pages through the whole window
        long lastHour = windows.foldWindow(scored, Window.last(Duration.ofHours(1)), counting);            // from the clock's now - 1 h
        // end:windows
        show(firstHundred.size(), lastHour);
        return sinceAnHourAgo;
    }

    Series<Long> series(ProjectionReader reader, StreamWindows windows, StreamKey scored, Instant now) {
        // sample:series
        // echomq.domain.window.{Buckets, Bucket, Series}, echomq.domain.fold.{CombinableFold, KeyedFolds}, io.vavr.collection.Map
        // reader: a ProjectionReader (engine; see 01-getting-started.md); windows, scored, now: as above
        CombinableFold<Long> count = CombinableFold.of("count", 1, 0L, (n, e) -> n + 1, Long::sum);

        // per minute over the last hour: 61 buckets (the first and the last clipped to the range), quiet minutes as 0
        Series<Long> perMinute = reader.fold(scored,
                Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1))), count);
        for (Bucket<Long> b : perMinute.buckets()) {
            show(b.window().t0(), b.entries(), b.value());
        }

        // per calendar day in Berlin, days starting at 05:00 local time
        Buckets days = Buckets.calendar(ChronoUnit.DAYS, ZoneId.of("Europe/Berlin")).startingAt(LocalTime.of(5, 0));
        Series<Long> perDay = reader.fold(scored, days.within(Window.closed(now.minus(Duration.ofDays(7)), now)), count);

        // the top 3 players of each hour of the last day: a keyed fold per bucket, ranked afterwards
        CombinableFold<Integer> best = CombinableFold.of("best", 1, 0,
                (b, e) -> Math.max(b, e.field("total").map(Integer::parseInt).getOrElse(0)), Math::max);
        CombinableFold<Map<String, Integer>> bestByPlayer = KeyedFolds.groupBy("player", e -> e.field("player"), best);
        Series<Map<String, Integer>> hourly = reader.fold(scored,
                Buckets.tumbling(Duration.ofHours(1)).within(Window.last(Duration.ofDays(1))), bestByPlayer);
        io.vavr.collection.List<io.vavr.collection.List<Tuple2<String, Integer>>> top3 = hourly.buckets()
                .map(b -> b.value().toList().sortBy(p -> -p._2).take(3));

        // the same without a cache: one pass over the range, each entry stepped into its bucket
        Series<Long> plain = windows.foldSeries(scored, Buckets.tumbling(Duration.ofMinutes(1)),
                Window.closed(now.minus(Duration.ofHours(1)), now), count);
        // end:series
        show(perDay.buckets().size(), top3, plain.buckets().size());
        return perMinute;
    }

    QuantileState sketches(ProjectionReader reader, StreamKey scored) {
        // sample:sketches
        // echomq.sketches.{Quantiles, QuantileState, DistinctCount, DistinctState}, echomq.domain.checkpoint.Checkpointable
        // reader, scored: as above; "total" is a whole number up to 1,000,000, "player" any text
        Checkpointable<QuantileState> scores = Quantiles.of("scores", "total", 2, 1_000_000L);   // within 1%
        Checkpointable<DistinctState> players = DistinctCount.of("players", "player", 14);       // exact to 512, then ±0.81%

        QuantileState lastHour = reader.fold(scored, Window.last(Duration.ofHours(1)), scores);
        Option<Long> p90 = lastHour.quantile(0.9);                                                 // none when the window is empty
        long distinct = reader.fold(scored, Window.last(Duration.ofHours(1)), players).rounded();

        // a p90 per minute, and the quantiles of each player per hour: series and keyed folds like any combinable fold
        Series<QuantileState> perMinute = reader.fold(scored,
                Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1))), scores);
        io.vavr.collection.List<Option<Long>> p90s = perMinute.buckets().map(b -> b.value().quantile(0.9));
        Series<Map<String, QuantileState>> perPlayer = reader.fold(scored,
                Buckets.tumbling(Duration.ofHours(1)).within(Window.last(Duration.ofDays(1))),
                KeyedFolds.groupBy("player", e -> e.field("player"), scores));

        // an entry without a whole number in "total" fails the fold: Tally skips and counts it instead
        Tally<QuantileState> counted = reader.fold(scored, Window.last(Duration.ofHours(1)), Tally.counting(scores));
        // end:sketches
        show(p90, distinct, p90s, perPlayer.buckets().size(), counted.skipped());
        return lastHour;
    }

    ClosingBuckets.Subscription closing(UnifiedJedis jedis, StreamKey scored, CombinableFold<Long> count,
                                        ScheduledExecutorService scheduler) {
        // sample:closing
        // echomq.engine.live.ClosingBuckets; echomq.redis.{RedisStreamRange, RedisServerClock, RedisBucketMarks, RedisStreamAppend}
        ClosingBuckets closing = new ClosingBuckets(new RedisStreamRange(jedis), new RedisServerClock(jedis), new RedisBucketMarks(jedis));
        ClosingBuckets.Subscription perMinute = closing.subscribe(scored, "chart", Buckets.tumbling(Duration.ofMinutes(1)),
                Instant.now(), RedisStreamAppend.DEFAULT_MAX_SKEW, count, bucket -> push(bucket));
        perMinute.start(scheduler, Duration.ofSeconds(1), error -> log.warn("closing", error));   // or call perMinute.pass() yourself
        // end:closing
        return perMinute;
    }

    LiveValue<Long> live(UnifiedJedis jedis, ProjectionReader reader, StreamKey scored, Instant t0, Fold<Long> countFold,
                         Executor executor) {
        // sample:live
        // echomq.engine.live.{StreamFollowers, LiveValue}; echomq.redis.{RedisStreamTail, RedisStreamState}
        StreamFollowers followers = new StreamFollowers(new RedisStreamTail(jedis), new RedisStreamState(jedis), Duration.ofSeconds(1));
        LiveValue<Long> count = LiveValue.start("count", followers, List.of(scored),
                () -> reader.fold(scored, Window.since(t0), countFold),   // a ProjectionReader: only what is new is folded
                Duration.ofSeconds(1), executor);
        AutoCloseable subscription = count.subscribe(update -> show(update.value(), update.upTo(), update.version()));
        // end:live
        show(subscription);
        return count;
    }

    void metrics(MeterRegistry registry, ProjectionReader reader, RedisStreamAppend appender, SafeRetention retention,
                 RedisStreamReaders readers, StreamFollowers followers) {
        // sample:metrics
        EchoListener metrics = new MicrometerEchoListener(registry);            // echomq-micrometer
        reader.observedBy(metrics);           // ProjectionReader: reads, hits / incremental / full / checkpoint folds, entries, state reads, evictions
        appender.observedBy(metrics);         // RedisStreamAppend / LettuceStreamAppend: append latency and records, refusals (re-minted, non-monotonic)
        retention.observedBy(metrics);        // SafeRetention: entries removed, trims held back by readers
        readers.observedBy(metrics);          // RedisStreamReaders / LettuceStreamReaders: group pending and lag, as last read
        followers.observedBy(metrics);        // StreamFollowers (engine) and their LiveValues: reconnects, conflations
        // end:metrics
    }

    ProjectionReader observations(MeterRegistry meters, UnifiedJedis jedis) {
        // sample:observations
        ObservationRegistry observations = ObservationRegistry.create();
        observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
        StreamRangePort range = new ObservedStreamRange(new RedisStreamRange(jedis), observations);
        ProjectionReader reader = new ProjectionReader(range, new RedisStreamState(jedis), Clock.systemUTC(), 10_000)
                .observedBy(new MicrometerEchoListener(meters).and(new MicrometerObservations(observations)));
        // end:observations
        return reader;
    }

    BrandedId jedisAdapter(int nodeId) {
        // sample:jedis-adapter
        UnifiedJedis jedis = RedisConnections.connect("redis://app:secret@127.0.0.1:6379/0"); // or rediss:// for TLS
        StreamAppendPort appender = new RedisStreamAppend(jedis, new Snowflake(nodeId, Clock.systemUTC()));
        BrandedId id = appender.append(StreamKey.of("cm", "guess-scored"), LinkedHashMap.of("player", "ada", "total", "480"));
        StreamWindows windows = new StreamWindows(new RedisStreamRange(jedis));
        ProjectionReader reader = new ProjectionReader(new RedisStreamRange(jedis), new RedisStreamState(jedis), Clock.systemUTC(), 10_000);
        // end:jedis-adapter
        show(windows, reader);
        return id;
    }

    RetentionDriver retention(UnifiedJedis jedis, ScheduledExecutorService scheduler) {
        // sample:retention
        StreamKey scored = StreamKey.of("cm", "guess-scored");
        RetentionPolicy policy = RetentionPolicy.of(RetentionPolicy.keepAge(scored, Duration.ofDays(7), Duration.ofMinutes(5)));
        RetentionDriver driver = new RetentionDriver(policy, new RedisStreamRetention(jedis), Clock.systemUTC(), outcomes -> show(outcomes));
        driver.start(scheduler, Duration.ofMinutes(1));
        // end:retention
        return driver;
    }

    void lettuceAdapter(int nodeId, Clock clock) {
        // sample:lettuce-adapter
        try (LettuceRedis redis = LettuceConnections.connect("redis://app:secret@127.0.0.1:6379")) {   // or rediss://, redis-cluster://a:7000,b:7001
            StreamAppendPort appender = new LettuceStreamAppend(redis, new Snowflake(nodeId, Clock.systemUTC()));
            StreamWindows windows = new StreamWindows(new LettuceStreamRange(redis));
            ProjectionReader reader = new ProjectionReader(new LettuceStreamRange(redis), new LettuceStreamState(redis), clock, 10_000);
            ClosingBuckets closing = new ClosingBuckets(new LettuceStreamRange(redis), new LettuceServerClock(redis), new LettuceBucketMarks(redis));
        }
        // end:lettuce-adapter
    }

    // sample:encoded-series
    /** A minute as JSON: a pure function, one object (a constant), so a sealed minute's JSON is made once. */
    static final java.util.function.Function<Bucket<Long>, String> MINUTE_JSON =
            b -> "{\"t0\":\"" + b.window().t0() + "\",\"guesses\":" + b.value() + "}";

    String perMinuteJson(ProjectionReader reader, CombinableFold<Long> count) {
        EncodedSeries<Long, String> perMinute = reader.fold(StreamKey.of("cm", "guess-scored"),
                Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1))), count, MINUTE_JSON);
        return perMinute.encodings().mkString("[", ",", "]");   // each sealed minute's JSON as it was made the first time
    }
    // end:encoded-series

    Map<String, Long> invertible(ProjectionReader reader) {
        // sample:invertible
        InvertibleFold<Long> count = InvertibleFold.of("count", 1, 0L, (n, e) -> n + 1, Long::sum, (n, e) -> n - 1);
        long lastHour = reader.fold(StreamKey.of("cm", "guess-scored"),
                Window.last(Duration.ofHours(1)).inPanesOf(Duration.ofMinutes(1)), count);
        InvertibleFold<Map<String, Long>> perPlayer = KeyedFolds.groupBy("player", e -> e.field("player"), count);
        Map<String, Long> lastHourByPlayer = reader.fold(StreamKey.of("cm", "guess-scored"),
                Window.last(Duration.ofHours(1)).inPanesOf(Duration.ofMinutes(1)), perPlayer);   // running too
        // end:invertible
        show(lastHour);
        return lastHourByPlayer;
    }

    long partitioned(StreamRangePort port, StreamAppendPort appender, ProjectionReader reader, CombinableFold<Long> count,
                     Instant t0, Instant t1) {
        // sample:partitioned
        PartitionedChannel scored = new PartitionedChannel("cm", "guess-scored", 3);
        PartitionedWindows partitioned = new PartitionedWindows(port, appender);
        BrandedId id = partitioned.append(scored, "game-42", LinkedHashMap.of("player", "ada", "total", "480"));
        long inWindow = partitioned.foldWindow(scored, Window.closed(t0, t1), count, 1000);
        long lastHour = reader.fold(scored, Window.last(Duration.ofHours(1)).inPanesOf(Duration.ofMinutes(1)), count, count::combine);
        Series<Long> perMinute = reader.fold(scored, Buckets.tumbling(Duration.ofMinutes(1)).within(Window.closed(t0, t1)), count, Long::sum);
        // end:partitioned
        show(id, lastHour, perMinute);
        return inWindow;
    }

    BrandedId durable(EchoPorts ports, Snowflake minter, StreamKey key, LinkedHashMap<String, String> fields) {
        BrandedId landed = null;
        // sample:durable
        StreamAppendPort append = ports.append(minter, ClockBound.DEFAULT, EchoListener.NONE,
                Durability.replicated(1, Duration.ofSeconds(1)));
        try {
            landed = append.append(key, fields);   // answered once a replica holds it
        } catch (StreamStoreException.NotReplicated e) {
            landed = e.receipts().get(0);          // on the master, not confirmed: it may or may not survive
        }
        // end:durable
        return landed;
    }
}
