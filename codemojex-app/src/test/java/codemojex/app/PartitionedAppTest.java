package codemojex.app;

import codemojex.app.cli.Simulation;
import codemojex.app.http.RateLimiter;
import codemojex.app.redis.StoredPartitions;
import codemojex.projections.Channels;
import codemojex.projections.GamePartitions;
import codemojex.projections.Projections;
import echomq.domain.fold.Tally;
import echomq.domain.partition.HashSlot;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import echomq.domain.window.PartitionedWindows;
import echomq.domain.window.Window;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The app with its games spread over three partitions on one Redis: each game's keys in its
 * partition's slot, every partition scored, and every report (feed, openings, results, rebuilt
 * boards) the fold of all partitions, equal to a fresh k-way merge of the log.
 */
class PartitionedAppTest {

    @Test
    void threePartitionsPlayAndReportAsOne() throws Exception {
        try (AppFixture f = new AppFixture(Settings.builder().partitions(3).build(), RateLimiter.unlimited())) {
            f.app.worker().start();
            Simulation.Report report;
            try (Simulation s = new Simulation(f.server.url(), new PrintStream(new ByteArrayOutputStream()))) {
                report = s.run(12, 9, 1_500, 4, 5);
            }
            ManyInstancesTest.checkTheLog(f.uri, report);
            GamePartitions parts = f.app.partitions();
            // and a game in every partition, each with a guess (game ids are random: open until all three have one)
            java.util.Map<Integer, String> gameIn = new java.util.HashMap<>();
            for (int i = 0; i < 300 && gameIn.size() < 3; i++) {
                String game = f.app.useCases().rooms().open("first").game();
                if (gameIn.putIfAbsent(f.app.partitions().of(game), game) == null) {
                    var id = f.app.useCases().guesses().submit(game, TestPlayers.id("ada"), "ada", f.app.useCases().games().game(game).keyboard().keys().take(6).mkString());
                    for (long deadline = System.nanoTime() + 10_000_000_000L; System.nanoTime() < deadline
                            && !f.app.useCases().games().guess(game, id.toString()).status().equals("scored"); ) {
                        AppFixture.sleep(10);
                    }
                }
            }
            assertThat(gameIn).hasSize(3);
            assertThat(parts.count()).isEqualTo(3);

            // each game's keys in its partition's slot
            for (String game : report.gameIds()) {
                int p = parts.of(game);
                int slot = HashSlot.of(parts.stream(p, Channels.GUESSES).toString());
                for (String kind : new String[] {"game", "board", "scores"}) {
                    String key = "emq:{" + parts.queue(p) + "}:" + kind + ":" + game;
                    assertThat(f.direct().exists(key)).as(key).isTrue();
                    assertThat(HashSlot.of(key)).isEqualTo(slot);
                }
            }
            for (int p = 0; p < 3; p++) {
                int partition = p;
                // the worker counts a guess after its commit returns: a reader may see the result a moment before
                for (long deadline = System.nanoTime() + 10_000_000_000L; f.app.worker().partition(partition).scored() == 0; ) {
                    assertThat(System.nanoTime()).as("a guess scored by partition %d's worker", p).isLessThan(deadline);
                    AppFixture.sleep(10);
                }
            }

            // every report is the fold of all partitions, twice (the second from the caches)
            PartitionedWindows fresh = new PartitionedWindows(f.app.redis().range());
            Instant now = Instant.now();
            Window.Closed day = Projections.day(LocalDate.ofInstant(now, ZoneOffset.UTC), ZoneOffset.UTC);
            Window.Closed lastDay = Window.closed(now.minus(Duration.ofDays(1)), now.plusSeconds(60));
            for (int read = 0; read < 2; read++) {
                assertThat(f.app.useCases().openings().openings(new codemojex.app.core.port.in.OpeningsQuery.Span.Closed(now.minus(Duration.ofDays(1)), now.plusSeconds(60))).value())
                        .isEqualTo(fresh.foldWindow(parts.channel(Channels.ROOM_OPENED), lastDay, Projections.roomOpenings(), 100))
                        .isNotEmpty();
                assertThat(f.app.useCases().results().results(LocalDate.ofInstant(now, ZoneOffset.UTC), ZoneOffset.UTC).value())
                        .isEqualTo(fresh.foldWindow(parts.channel(Channels.GAME_SETTLED), day, Projections.dayResults(), 100));
                Tally<Projections.Feed> feed = f.app.useCases().feeds().feed(codemojex.app.core.FeedWindow.DEFAULT);
                Projections.Feed expected = fresh.foldWindow(parts.channel(Channels.GUESS_SCORED),
                        Window.since(Instant.now().minus(Duration.ofHours(1))), Projections.recentFeed(codemojex.app.core.port.in.FeedQuery.FEED_SIZE), 100);
                assertThat(feed.value()).isEqualTo(expected);
                assertThat(feed.value().guesses()).as("every partition's scored guesses").isGreaterThan(report.guesses() / 2);
            }
            for (String game : report.gameIds()) {
                assertThat(f.app.useCases().rebuilds().rebuildBoard(game).equal()).as("board of %s", game).isTrue();
            }
            assertThat(f.app.useCases().trims().trim(Duration.ofDays(7), false)).containsKeys(parts.queue(0) + "/" + Channels.GUESSES,
                    parts.queue(2) + "/" + Channels.GUESS_SCORED).hasSize(15); // five channels in each of three partitions

            // the count is the Redis's: another instance finds it, and one that asks for another is refused by name
            try (Codemojex joined = Codemojex.connect(f.uri, Settings.defaults())) {
                assertThat(joined.partitions().count()).isEqualTo(3);
                String game = report.gameIds().iterator().next();
                assertThat(joined.useCases().boards().board(game, 5)).isEqualTo(f.app.useCases().boards().board(game, 5));
            }
            assertThatThrownBy(() -> Codemojex.connect(f.uri, Settings.builder().partitions(2).build()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("3 partition(s)").hasMessageContaining("--partitions 2");
        }
    }

    @Test
    void partitionsAreNotAskedOfARedisWithGamesOfOne() {
        try (RedisServerProcess redis = TestRedis.privateServer(); redis.clients.jedis.UnifiedJedis direct = echomq.redis.RedisConnections.connect(redis.uri())) {
            try (Codemojex one = Codemojex.connect(redis.uri(), Settings.defaults())) {
                one.useCases().rooms().open("lobby");
            }
            direct.del(StoredPartitions.KEY); // as a Redis written before the count was kept
            assertThatThrownBy(() -> Codemojex.connect(redis.uri(), Settings.builder().partitions(3).build()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("emq:{cm}:stream:room-opened").hasMessageContaining("--partitions 1");
            assertThat(direct.exists(StoredPartitions.KEY)).as("nothing stored by the refused start").isFalse();
            try (Codemojex again = Codemojex.connect(redis.uri(), Settings.defaults())) {
                assertThat(again.partitions().count()).isEqualTo(1);
            }
            direct.set(StoredPartitions.KEY, "many");
            assertThatThrownBy(() -> Codemojex.connect(redis.uri(), Settings.defaults()))
                    .hasMessageContaining("\"many\"");
            assertThatThrownBy(() -> Settings.builder().partitions(17).build()).hasMessageContaining("got 17");
        }
    }

    /** A guess written by hand into another partition than its game's is acknowledged and rejected, never committed across slots. */
    @Test
    void aGuessInTheWrongPartitionIsRejectedAndOneCommitIsOfOnePartition() {
        try (RedisServerProcess redis = TestRedis.privateServer();
             Codemojex app = Codemojex.connect(redis.uri(), Settings.builder().partitions(3).build())) {
            app.worker().ensureGroup();
            java.util.Map<Integer, String> gameIn = new java.util.HashMap<>();
            for (int i = 0; i < 300 && gameIn.size() < 3; i++) {
                String game = app.useCases().rooms().open("lobby").game();
                gameIn.putIfAbsent(app.partitions().of(game), game);
            }
            String game1 = gameIn.get(1);
            var record = app.useCases().games().game(game1);
            var misplaced = new codemojex.projections.GameEvent.GuessSubmitted(game1, record.room(), TestPlayers.id("mallory"), "mallory",
                    record.keyboard().parseGuess(record.keyboard().keys().take(6).mkString()));
            app.redis().append(new echomq.domain.id.Snowflake(7, java.time.Clock.systemUTC()), echomq.domain.observe.EchoListener.NONE)
                    .append(StreamKey.of(app.partitions().queue(0), Channels.GUESSES), misplaced.fields());
            assertThat(app.worker().partition(0).pollOnce(Duration.ofMillis(200))).isEqualTo(1);
            assertThat(app.worker().partition(0).rejected()).isEqualTo(1);
            assertThat(app.worker().pending()).isZero();
            assertThat(app.useCases().boards().board(game1, 10)).isEmpty();

            // one commit holds the guesses of one partition: a mixed batch is refused before anything is written
            var commit = new codemojex.app.redis.RedisScoreCommit(app.redis().calls(), new echomq.domain.id.Snowflake(8, java.time.Clock.systemUTC()),
                    new codemojex.app.redis.Keys(app.partitions()));
            java.util.List<codemojex.app.core.DecidedGuess> mixed = new java.util.ArrayList<>();
            for (int p : new int[] {0, 2}) {
                var g = app.useCases().games().game(gameIn.get(p));
                var guess = new codemojex.projections.GameEvent.GuessSubmitted(g.game(), g.room(), TestPlayers.id("ada"), "ada",
                        g.keyboard().parseGuess(g.keyboard().keys().take(6).mkString()));
                var id = echomq.domain.id.BrandedId.event(echomq.domain.id.Snowflake.compose(System.currentTimeMillis(), 9, p));
                var toScore = new codemojex.app.core.GuessToScore(echomq.domain.stream.StreamEntry.of(id, guess.fields()), guess, id.toString(), g);
                mixed.add(new codemojex.app.core.DecidedGuess(toScore, codemojex.projections.Referee.decide(guess, id.toString(), g)));
            }
            assertThatThrownBy(() -> commit.commitAll(mixed)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(gameIn.get(0)).hasMessageContaining(gameIn.get(2));
            for (int p = 0; p < 3; p++) {
                assertThat(app.redis().calls().exists(app.partitions().stream(p, Channels.GUESS_SCORED).toString())).isFalse();
            }
        }
    }

    @Test
    void aRedisThatIsDownIsATypedErrorAtStart() {
        assertThatThrownBy(() -> Codemojex.connect("redis://127.0.0.1:1", Settings.defaults()))
                .isInstanceOf(StreamStoreException.class);
    }
}
