package codemojex.app;

import codemojex.app.core.service.LiveService;
import codemojex.projections.Channels;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.PlayerIds;
import codemojex.projections.Projections;
import echomq.domain.fold.Tally;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Series;
import echomq.engine.projection.ProjectionReader;
import echomq.redis.RedisConnections;
import echomq.redis.RedisStreamAppend;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Map;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A restart with an hour of scored guesses: the live feed's panes and its per-minute activity are
 * read back from the checkpoints the first process saved, so the restart folds the open edges of the
 * hour, not the hour (it folded every entry of the activity again before its buckets were checkpointed).
 */
class FeedRestartTest {

    static final int ENTRIES = 6_000;

    @Test
    void aRestartReadsTheHoursFeedAndItsActivityFromCheckpointsAndAnswersTheSame() {
        try (RedisServerProcess redis = TestRedis.privateServer(); UnifiedJedis jedis = RedisConnections.connect(redis.uri())) {
            load(jedis);
            Tally<Projections.Feed> feed;
            long activity;
            codemojex.app.core.FeedStats stats;
            io.vavr.collection.List<codemojex.app.core.FeedStats> bucketStats;
            ProjectionReader.Metrics first;
            try (Codemojex app = Codemojex.connect(redis.uri(), Settings.defaults())) {
                feed = app.useCases().feeds().feed(LiveService.FEED_WINDOW);
                activity = app.useCases().feeds().feedSeries(LiveService.PER_MINUTE).entries();
                stats = app.useCases().feeds().feedStats(LiveService.FEED_WINDOW).value();
                bucketStats = app.useCases().feeds().feedSeries(LiveService.PER_MINUTE).buckets().map(b -> b.value().value().stats()).toList();
                first = app.reads().metrics();
            }
            assertThat(feed.value().guesses()).isEqualTo(ENTRIES);
            assertThat(activity).isEqualTo(ENTRIES);
            assertThat(first.entriesFolded()).as("the first start folds the hour for each").isGreaterThanOrEqualTo(2L * ENTRIES);
            try (Codemojex app = Codemojex.connect(redis.uri(), Settings.defaults())) {
                Tally<Projections.Feed> again = app.useCases().feeds().feed(LiveService.FEED_WINDOW);
                Series<Tally<codemojex.app.core.FeedBucket>> series = app.useCases().feeds().feedSeries(LiveService.PER_MINUTE);
                codemojex.app.core.FeedStats statsAgain = app.useCases().feeds().feedStats(LiveService.FEED_WINDOW).value();
                ProjectionReader.Metrics restarted = app.reads().metrics();
                System.out.println("[feed restart] " + ENTRIES + " scored guesses in the hour: the first start folded "
                        + first.entriesFolded() + " entries, the restart " + restarted.entriesFolded() + " with "
                        + restarted.checkpointsLoaded() + " panes and buckets from checkpoints");
                assertThat(again.value()).isEqualTo(feed.value());
                assertThat(series.entries()).isEqualTo(ENTRIES);
                assertThat(series.buckets().map(b -> b.value().value().guesses()).sum().longValue()).isEqualTo(ENTRIES);
                // the sketches come back from the checkpoints as they were folded: the same states, bit for bit
                assertThat(statsAgain).isEqualTo(stats);
                assertThat(statsAgain.scores().count()).isEqualTo(ENTRIES);
                // the totals are 0, 20, .., 580, 200 of each, by 50 players: the exact percentiles of rank ⌈q·n⌉
                assertThat(statsAgain.quantile(0.5).get()).isEqualTo(280L);
                assertThat(statsAgain.quantile(0.9).get()).isEqualTo(520L);
                assertThat(statsAgain.quantile(0.99).get()).isEqualTo(580L);
                assertThat(statsAgain.scores().max().get()).isEqualTo(580L);
                assertThat(statsAgain.distinctPlayers()).isEqualTo(50);
                assertThat(series.buckets().map(b -> b.value().value().stats()).filter(s -> !s.scores().isEmpty()))
                        .isEqualTo(bucketStats.filter(s -> !s.scores().isEmpty()));
                // the feed's panes and the activity's buckets: about 58 each from checkpoints
                assertThat(restarted.checkpointsLoaded()).isGreaterThanOrEqualTo(100);
                // what is past the newest checkpoint (the pane and the minute the last entries are in), not the hour
                assertThat(restarted.entriesFolded()).isLessThan(ENTRIES / 6);
            }
        }
    }

    /**
     * Checkpoints are caches of one fold version: buckets kept by the feed's series before its stats (the
     * count per player alone, version 1, under the same name) are refused by their version, folded again
     * with the stats, and kept anew, which the next start takes back.
     */
    @Test
    void bucketsKeptByTheCountAloneAreFoldedAgainWithTheStats() {
        try (RedisServerProcess redis = TestRedis.privateServer(); UnifiedJedis jedis = RedisConnections.connect(redis.uri());
             codemojex.app.redis.Connection ports = codemojex.app.redis.jedis.JedisConnection.open(redis.uri(), 4)) {
            load(jedis);
            echomq.domain.fold.CombinableFold<Tally<Map<String, Long>>> countAlone = Tally.counting(Projections.guessesByPlayer());
            echomq.domain.checkpoint.Checkpointable<Tally<Map<String, Long>>> before = echomq.domain.checkpoint.Checkpointable.of(countAlone,
                    new echomq.domain.checkpoint.StateCodec<>() {
                        @Override
                        public String encode(Tally<Map<String, Long>> t) {
                            return countAloneText(t);
                        }

                        @Override
                        public Tally<Map<String, Long>> decode(String text) {
                            throw new AssertionError("not read in this test");
                        }
                    });
            assertThat(before.name()).isEqualTo(codemojex.app.core.service.FeedService.FEED_BUCKET.name());
            assertThat(before.version()).isLessThan(codemojex.app.core.service.FeedService.FEED_BUCKET.version());
            try (Codemojex app = Codemojex.connect(redis.uri(), Settings.defaults())) {
                ProjectionReader old = new ProjectionReader(ports.range(), ports.states(), java.time.Clock.systemUTC(), 100, 1000,
                        ports.checkpoints(), Duration.ofDays(1));
                Series<Tally<Map<String, Long>>> kept = old.fold(app.partitions().channel(Channels.GUESS_SCORED), LiveService.PER_MINUTE.window(),
                        before, before::combine);
                assertThat(kept.buckets().map(b -> b.value().value().values().sum().longValue()).sum().longValue()).isEqualTo(ENTRIES);
                assertThat(old.metrics().checkpointsSaved()).as("buckets kept by the count alone").isGreaterThan(40);
            }
            try (Codemojex app = Codemojex.connect(redis.uri(), Settings.defaults())) {
                Series<Tally<codemojex.app.core.FeedBucket>> series = app.useCases().feeds().feedSeries(LiveService.PER_MINUTE);
                assertThat(app.reads().metrics().checkpointsLoaded()).as("none of version 1 taken").isZero();
                assertThat(app.reads().metrics().entriesFolded()).isGreaterThanOrEqualTo(ENTRIES);
                assertThat(series.buckets().map(b -> b.value().value().stats().scores().count()).sum().longValue()).isEqualTo(ENTRIES);
                assertThat(series.buckets().map(b -> b.value().value().guesses()).sum().longValue()).isEqualTo(ENTRIES);
            }
            try (Codemojex app = Codemojex.connect(redis.uri(), Settings.defaults())) {
                app.useCases().feeds().feedSeries(LiveService.PER_MINUTE);
                assertThat(app.reads().metrics().checkpointsLoaded()).as("the buckets kept anew, with their stats")
                        .isGreaterThan(40);
                assertThat(app.reads().metrics().entriesFolded()).isLessThan(ENTRIES / 6);
            }
        }
    }

    /** A bucket's text as the feed's series kept it before its stats (fold version 1): {@code "value": {"<player id>": n}}. */
    private static String countAloneText(Tally<Map<String, Long>> t) {
        StringBuilder b = new StringBuilder();
        new java.util.TreeMap<>(t.value().toJavaMap()).forEach((k, v) -> b.append(b.length() == 0 ? "" : ",").append('"').append(k)
                .append("\":").append(v));
        return "{\"skipped\":" + t.skipped() + ",\"examples\":[],\"value\":{" + b + "}}";
    }

    /** {@link #ENTRIES} scored guesses from 55 to 2 minutes ago, minted on a clock walked through them. */
    static void load(UnifiedJedis jedis) {
        long now = System.currentTimeMillis();
        long from = now - Duration.ofMinutes(55).toMillis();
        long span = Duration.ofMinutes(53).toMillis();
        AtomicLong clock = new AtomicLong(from);
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(71, clock::get));
        StreamKey key = StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED);
        List<LinkedHashMap<String, String>> batch = new ArrayList<>();
        for (int i = 0; i < ENTRIES; i++) {
            if (batch.isEmpty()) {
                clock.set(from + span * i / ENTRIES);
            }
            String player = "p" + i % 50;
            int points = 20 * (i % 30);
            batch.add(new GuessScored("GAMrestart" + i % 10, "room-" + i % 5, PlayerIds.ofName(player), player, "GUE" + i, points,
                    Math.round(points / 6f), points).fields());
            if (batch.size() == 100) {
                append.appendBatch(key, batch);
                batch.clear();
            }
        }
    }
}
