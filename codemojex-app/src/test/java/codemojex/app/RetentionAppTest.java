package codemojex.app;

import codemojex.app.worker.ScoreFaults;
import codemojex.app.worker.ScoreWorker;
import codemojex.projections.Channels;
import codemojex.projections.Keyboard;
import echomq.domain.id.BrandedId;
import echomq.domain.retention.TrimReport;
import echomq.domain.stream.StreamEntry;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Retention on the app's channels hears its readers: a trim while the worker is stopped removes
 * no pending guess, and after trimming everything older than 1 ms every board still rebuilds.
 */
class RetentionAppTest {

    static final Duration ONE_MS = Duration.ofMillis(1);

    @Test
    void nothingPendingIsTrimmedAndEveryBoardRebuildsAfterTrimmingEverything() throws Exception {
        RedisServerProcess redis = TestRedis.privateServer();
        AtomicInteger crashes = new AtomicInteger();
        // the first commit crashes: the batch it was in stays delivered and unacknowledged
        ScoreFaults crashFirst = (step, guess) -> {
            if (step == ScoreFaults.Step.BEFORE_COMMIT && crashes.getAndIncrement() < 1) {
                throw new IllegalStateException("injected crash");
            }
        };
        try (Codemojex app = Codemojex.connect(redis.uri(), Settings.builder().node(31).claimIdle(Duration.ZERO).build(),
                crashFirst)) {
            List<String> games = new ArrayList<>();
            List<BrandedId> guesses = new ArrayList<>();
            for (int g = 0; g < 3; g++) {
                String game = app.useCases().rooms().open("trim").game();
                games.add(game);
                Keyboard k = app.useCases().games().game(game).keyboard();
                for (int i = 0; i < 5; i++) {
                    guesses.add(app.useCases().guesses().submit(game, TestPlayers.id("p" + i), "p" + i, k.keys().drop(i).take(6).mkString()));
                }
            }
            app.worker().ensureGroup();
            try {
                app.worker().pollOnce(Duration.ofMillis(50)); // delivers every guess; the crash leaves them pending
            } catch (IllegalStateException crash) {
                // the worker died here
            }
            long pendingBefore = app.worker().pending();
            assertThat(pendingBefore).isEqualTo(15);
            guesses.add(app.useCases().guesses().submit(games.get(1), TestPlayers.id("undelivered"), "undelivered", app.useCases().games().game(games.get(1)).keyboard().keys().take(6).mkString()));
            Thread.sleep(5);

            Map<String, TrimReport> first = app.useCases().trims().trim(ONE_MS, true);
            assertThat(first.get(Channels.ROOM_OPENED).removed()).isEqualTo(3); // nobody reads it back
            assertThat(first.get(Channels.GUESSES).removed()).isZero();
            assertThat(first.get(Channels.GUESSES).plan().holds()).extracting(h -> h.reader()).containsExactly("group scorers");
            assertThat(app.worker().pending()).isEqualTo(pendingBefore);

            // the worker comes back: every guess is scored, none lost to the trim
            app.worker().recover();
            while (app.worker().pollOnce(Duration.ofMillis(50)) > 0) {
                app.worker().recover();
            }
            for (BrandedId id : guesses) {
                int index = guesses.indexOf(id);
                String game = games.get(index == 15 ? 1 : index / 5);
                assertThat(app.useCases().games().guess(game, id.toString()).status()).as("guess %s", id).isEqualTo("scored");
            }

            // no board checkpoint yet: guess-scored is held whole
            Thread.sleep(5);
            Map<String, TrimReport> second = app.useCases().trims().trim(ONE_MS, false);
            assertThat(second.get(Channels.GUESS_SCORED).removed()).isZero();
            assertThat(second.get(Channels.GUESS_SCORED).plan().holds().head().why()).contains("no checkpoint yet");

            // with a checkpoint, the log may go up to it; rebuilds read the checkpoint and the tail
            assertThat(app.useCases().rebuilds().checkpointBoards(0).saved()).isTrue();
            String extraGame = games.get(0);
            BrandedId late = app.useCases().guesses().submit(extraGame, TestPlayers.id("late"), "late", app.useCases().games().game(extraGame).keyboard().keys().take(6).mkString());
            while (app.worker().pollOnce(Duration.ofMillis(50)) > 0) {
                app.worker().recover();
            }
            assertThat(app.useCases().games().guess(extraGame, late.toString()).status()).isEqualTo("scored");
            Thread.sleep(5);
            Map<String, TrimReport> third = app.useCases().trims().trim(ONE_MS, true);
            assertThat(third.get(Channels.GUESS_SCORED).removed()).isEqualTo(15); // all but the checkpoint's entry and the tail
            // the approximate trim took the whole first node of guesses (all 16 scored by then); this one the late guess
            assertThat(second.get(Channels.GUESSES).removed() + third.get(Channels.GUESSES).removed()).isEqualTo(17);
            assertThat(new WorkerFaultTest.AppFixtureless(app).channel(Channels.GUESSES)).isEmpty();
            List<StreamEntry> left = new WorkerFaultTest.AppFixtureless(app).channel(Channels.GUESS_SCORED);
            assertThat(left).hasSize(2);

            for (String game : games) {
                CliTest.Run r = CliTest.cli("rebuild-board", game, "--redis", redis.uri());
                assertThat(r.code()).as("rebuild-board %s: %s", game, r.out()).isZero();
                assertThat(r.out()).contains("from the checkpoint folded up to").contains("equals the live board");
            }
        } finally {
            redis.stop();
        }
    }
}
