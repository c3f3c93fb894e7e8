package codemojex.app;

import codemojex.app.worker.ScoreFaults;
import codemojex.app.worker.ScoreWorker;
import codemojex.projections.Board;
import codemojex.projections.Channels;
import codemojex.projections.Code;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.Keyboard;
import echomq.domain.id.BrandedId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The worker killed at each step of its commit, then restarted: every guess scored exactly once,
 * and the board equal to the one rebuilt from the log.
 */
class WorkerFaultTest {

    static final class Crash extends RuntimeException {
        Crash(String where) {
            super("injected crash " + where);
        }
    }

    RedisServerProcess redis;

    @BeforeEach
    void start() {
        redis = TestRedis.privateServer();
    }

    @AfterEach
    void stop() {
        redis.stop();
    }

    /** How the dead worker comes back: the same consumer reading its own pending, or another claiming it. */
    enum Restart { SAME_CONSUMER, OTHER_CONSUMER_CLAIMS }

    @ParameterizedTest(name = "{0}, commits of up to {1}, on {2}")
    @org.junit.jupiter.params.provider.CsvSource({"SAME_CONSUMER, 1, JEDIS", "OTHER_CONSUMER_CLAIMS, 1, JEDIS", "SAME_CONSUMER, 3, JEDIS",
            "OTHER_CONSUMER_CLAIMS, 3, JEDIS", "SAME_CONSUMER, 3, LETTUCE", "OTHER_CONSUMER_CLAIMS, 3, LETTUCE"})
    void crashesBeforeAndAfterTheCommitLoseNothingAndDoubleNothing(Restart restart, int commitBatch, RedisClient client) {
        Settings base = Settings.builder().node(7).claimIdle(Duration.ZERO).commitBatch(commitBatch)
                .client(client).build();
        List<BrandedId> submitted = new ArrayList<>();
        Map<String, String> gameOf = new java.util.HashMap<>();
        List<String> games = new ArrayList<>();
        Random r = new Random(99);
        AtomicInteger calls = new AtomicInteger();
        // steps alternate before, after, before…: crashing at every fifth alternates the two
        ScoreFaults faults = (step, guess) -> {
            if (calls.incrementAndGet() % 5 == 0) {
                throw new Crash(step + " of " + guess.id());
            }
        };
        try (Codemojex app = Codemojex.connect(redis.uri(), base, faults)) {
            for (int g = 0; g < 3; g++) {
                games.add(app.useCases().rooms().open("faults").game());
            }
            for (int i = 0; i < 60; i++) {
                String game = games.get(r.nextInt(3));
                Keyboard k = app.useCases().games().game(game).keyboard();
                String guess = k.drawGuess(r).toString(); // six distinct: a guess with a repeat is refused (#27)
                String player = "p" + r.nextInt(5);
                BrandedId id = app.useCases().guesses().submit(game, TestPlayers.id(player), player, guess);
                submitted.add(id);
                gameOf.put(id.toString(), game);
            }
            // a perfect guess in the middle of the crashes
            Code secret = app.useCases().games().game(games.get(0)).secret();
            BrandedId perfect = app.useCases().guesses().submit(games.get(0), TestPlayers.id("winner"), "winner", secret.text());
            submitted.add(perfect);
            gameOf.put(perfect.toString(), games.get(0));

            app.worker().ensureGroup();
            int crashes = 0;
            for (int round = 0; round < 500; round++) {
                // SAME_CONSUMER: the one worker restarts and reads its own pending list;
                // OTHER_CONSUMER_CLAIMS: every crash kills the consumer, and a new one claims what it left
                Settings s = restart == Restart.SAME_CONSUMER ? base
                        : base.toBuilder().node(10 + crashes).build();
                try (Codemojex incarnation = Codemojex.connect(redis.uri(), s, faults)) {
                    int n = incarnation.worker().recover() + incarnation.worker().pollOnce(Duration.ofMillis(50));
                    if (n == 0) {
                        break;
                    }
                } catch (Crash c) {
                    crashes++;
                }
            }
            assertThat(crashes).isGreaterThan(5);
        }
        // a fresh process (another node for OTHER_CONSUMER_CLAIMS) finishes what is left, without faults
        Settings after = restart == Restart.SAME_CONSUMER ? base : base.toBuilder().node(8).build();
        try (Codemojex app = Codemojex.connect(redis.uri(), after)) {
            app.worker().recover();
            while (app.worker().pollOnce(Duration.ofMillis(50)) > 0) {
                app.worker().recover();
            }
            assertThat(app.worker().pending()).isZero();

            List<StreamEntry> scored = new AppFixtureless(app).channel(Channels.GUESS_SCORED);
            Map<String, Long> perGuess = scored.stream().map(GuessScored::decode)
                    .collect(Collectors.groupingBy(GuessScored::guessId, Collectors.counting()));
            Set<String> expected = new HashSet<>();
            submitted.forEach(id -> expected.add(id.toString()));
            // every guess before the perfect one of game 0 is scored once; later ones of game 0 may be rejected
            for (BrandedId id : submitted) {
                String view = app.useCases().games().guess(gameOf.get(id.toString()), id.toString()).status();
                assertThat(view).as("guess %s", id).isIn("scored", "rejected");
                if (view.equals("scored")) {
                    assertThat(perGuess.get(id.toString())).as("scored entries of %s", id).isEqualTo(1L);
                } else {
                    assertThat(perGuess).doesNotContainKey(id.toString());
                }
            }
            assertThat(perGuess.keySet()).isSubsetOf(expected);
            assertThat(app.useCases().games().guess(games.get(0), perfect(submitted).toString()).status()).isEqualTo("scored");
            for (String game : games) {
                codemojex.app.core.port.in.RebuildBoardUseCase.Rebuild rebuild = app.useCases().rebuilds().rebuildBoard(game);
                assertThat(rebuild.rebuilt()).isEqualTo(rebuild.live());
                assertThat(rebuild.live()).isNotEmpty();
            }
            assertThat(new AppFixtureless(app).channel(Channels.GAME_SETTLED)).hasSize(1);
            assertThat(app.useCases().boards().board(games.get(0), 1)).containsExactly(new Board.Ranked(1, TestPlayers.id("winner"), "winner", 600));
        }
    }

    private static BrandedId perfect(List<BrandedId> submitted) {
        return submitted.get(submitted.size() - 1);
    }

    @ParameterizedTest
    @EnumSource(ScoreFaults.Step.class)
    void aFailureAtAStepSurfacesAndLeavesTheGuessRecoverable(ScoreFaults.Step where) {
        ScoreFaults once = new ScoreFaults() {
            boolean fired;

            @Override
            public void at(ScoreFaults.Step step, StreamEntry guess) {
                if (step == where && !fired) {
                    fired = true;
                    throw new Crash(step.name());
                }
            }
        };
        try (Codemojex app = Codemojex.connect(redis.uri(), Settings.builder().node(3).build(), once)) {
            String game = app.useCases().rooms().open("r").game();
            Keyboard k = app.useCases().games().game(game).keyboard();
            BrandedId id = app.useCases().guesses().submit(game, TestPlayers.id("ada"), "ada", k.keys().take(6).mkString());
            app.worker().ensureGroup();
            assertThatThrownBy(() -> app.worker().pollOnce(Duration.ofMillis(100))).isInstanceOf(Crash.class);
            String status = app.useCases().games().guess(game, id.toString()).status();
            assertThat(status).isEqualTo(where == ScoreFaults.Step.BEFORE_COMMIT ? "pending" : "scored");
            app.worker().recover();
            assertThat(app.useCases().games().guess(game, id.toString()).status()).isEqualTo("scored");
            assertThat(new AppFixtureless(app).channel(Channels.GUESS_SCORED)).hasSize(1);
            assertThat(app.worker().pending()).isZero();
        }
    }

    /** Channel reads without the HTTP fixture. */
    record AppFixtureless(Codemojex app) {
        List<StreamEntry> channel(String name) {
            return app.redis().range().rangeFrom(StreamKey.of("cm", name),
                    echomq.domain.id.StreamId.MIN, 1_000_000);
        }
    }
}
