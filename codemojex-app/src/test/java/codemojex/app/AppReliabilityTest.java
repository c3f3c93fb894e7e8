package codemojex.app;

import codemojex.projections.Channels;
import codemojex.projections.GameEvent.GuessScored;
import codemojex.projections.Keyboard;
import echomq.domain.id.BrandedId;
import echomq.domain.stream.StreamEntry;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** The app under load and under a Redis restart: every guess scored exactly once, boards equal to the log. */
class AppReliabilityTest {

    static Map<String, Long> scoredPerGuess(Codemojex app) {
        List<StreamEntry> scored = app.partitions().all().toJavaStream()
                .flatMap(p -> app.redis().range().rangeFrom(app.partitions().stream(p, Channels.GUESS_SCORED),
                        echomq.domain.id.StreamId.MIN, 10_000_000).stream()).toList();
        return scored.stream().map(GuessScored::decode).collect(Collectors.groupingBy(GuessScored::guessId, Collectors.counting()));
    }

    @Test
    void twoHundredPlayersTwentyThousandGuessesThroughTheHttpApi() throws Exception {
        try (AppFixture f = new AppFixture()) {
            codemojex.app.cli.Simulation.Report report = new codemojex.app.cli.Simulation(f.server.url(), new PrintStream(new ByteArrayOutputStream()))
                    .run(200, 20, 20_000, 8, 42);
            System.out.printf("[load] %d guesses: submitted %.0f/s, scored end to end %.0f/s%n", report.guesses(),
                    report.submittedPerSecond(), report.scoredPerSecond());
            Map<String, Long> perGuess = scoredPerGuess(f.app);
            int scored = 0;
            for (Map.Entry<String, String> g : report.guessToGame().entrySet()) {
                String status = f.app.useCases().games().guess(g.getValue(), g.getKey()).status();
                assertThat(status).isIn("scored", "rejected");
                if (status.equals("scored")) {
                    scored++;
                    assertThat(perGuess.get(g.getKey())).as(g.getKey()).isEqualTo(1L);
                } else {
                    assertThat(perGuess).doesNotContainKey(g.getKey());
                }
            }
            assertThat(perGuess.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(scored);
            assertThat(scored).isGreaterThan(15_000);
            for (String game : report.gameIds()) {
                codemojex.app.core.port.in.RebuildBoardUseCase.Rebuild r = f.app.useCases().rebuilds().rebuildBoard(game);
                assertThat(r.rebuilt()).as("board of %s", game).isEqualTo(r.live());
            }
            assertThat(f.app.worker().pending()).isZero();
        }
    }

    /** Redis restarted under the running worker: it backs off, reconnects, and every guess is scored once. */
    @ParameterizedTest
    @EnumSource(RedisClient.class)
    void redisRestartedUnderTheRunningWorker(RedisClient client) {
        try (RedisServerProcess redis = TestRedis.privateServer("--appendonly", "yes", "--appendfsync", "always");
             Codemojex app = Codemojex.connect(redis.uri(), Settings.builder().claimIdle(Duration.ofSeconds(1)).client(client).build())) {
            app.worker().start();
            String game = app.useCases().rooms().open("restart").game();
            Keyboard k = app.useCases().games().game(game).keyboard();
            // guesses are six distinct emojis (#27), drawn without one emoji of the secret: none settles the game
            Keyboard guessing = new Keyboard(k.keys().remove(app.useCases().games().game(game).secret().get(0)));
            Random r = new Random(3);
            List<BrandedId> guesses = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < 100; i++) {
                    guesses.add(submitRetrying(app, game, "p" + r.nextInt(9), guessing.drawGuess(r).toString()));
                }
                redis.restart(); // SIGKILL and start again on the same port and AOF
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (System.nanoTime() < deadline && !allScored(app, game, guesses)) {
                AppFixture.sleep(100);
            }
            assertThat(allScored(app, game, guesses)).as("every guess scored after the restarts").isTrue();
            Map<String, Long> perGuess = scoredPerGuess(app);
            for (BrandedId id : guesses) {
                assertThat(perGuess.get(id.toString())).as("scored entries of %s", id).isEqualTo(1L);
            }
            assertThat(perGuess).hasSize(guesses.size());
            codemojex.app.core.port.in.RebuildBoardUseCase.Rebuild rebuild = app.useCases().rebuilds().rebuildBoard(game);
            assertThat(rebuild.rebuilt()).isEqualTo(rebuild.live());
            assertThat(app.worker().isRunning()).isTrue();
        }
    }

    private static BrandedId submitRetrying(Codemojex app, String game, String player, String guess) {
        for (int attempt = 0; ; attempt++) {
            try {
                return app.useCases().guesses().submit(game, TestPlayers.id(player), player, guess);
            } catch (echomq.domain.stream.StreamStoreException e) {
                if (attempt > 50) {
                    throw e;
                }
                AppFixture.sleep(100); // Redis is restarting: the client retries, as a player would
            }
        }
    }

    private static boolean allScored(Codemojex app, String game, List<BrandedId> guesses) {
        try {
            return guesses.stream().allMatch(id -> app.useCases().games().guess(game, id.toString()).status().equals("scored"));
        } catch (echomq.domain.stream.StreamStoreException e) {
            return false;
        }
    }
}
