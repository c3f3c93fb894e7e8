package codemojex.app;

import codemojex.projections.Channels;
import codemojex.projections.Keyboard;
import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.engine.retention.RetentionDriver;
import echomq.testkit.MovableClock;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code serve --keep 7d}: the library's {@link RetentionDriver} keeps a week of every channel,
 * never past what a reader needs: a guess not yet delivered to the score worker stays, and is
 * scored after the trim; {@code guess-scored} is kept from the board checkpoint on, so every board
 * still rebuilds; what nobody reads back is trimmed.
 */
class KeepRetentionTest {

    @Test
    void aWeekIsKeptOfEveryChannelAndNothingAReaderNeedsIsTrimmed() {
        // small stream nodes, so that an approximate trim (~) of a few entries removes some
        RedisServerProcess redis = TestRedis.privateServer("--stream-node-max-entries", "2");
        MovableClock clock = new MovableClock(java.time.Instant.parse("2026-11-01T12:00:00Z").toEpochMilli());
        try (redis; Codemojex app = Codemojex.connect(redis.uri(), Settings.builder().clock(clock).build())) {
            List<String> games = new ArrayList<>();
            for (int g = 0; g < 8; g++) {
                String game = app.useCases().rooms().open("keep").game();
                games.add(game);
                Keyboard k = app.useCases().games().game(game).keyboard();
                for (int i = 0; i < 3; i++) {
                    app.useCases().guesses().submit(game, TestPlayers.id("p" + i), "p" + i, k.keys().drop(i).take(6).mkString());
                    clock.advance(1);
                }
            }
            app.worker().recover();
            while (app.worker().pollOnce(Duration.ofMillis(50)) > 0) {
                app.worker().recover();
            }
            app.useCases().rebuilds().checkpointBoards();
            // one more guess, never delivered to the worker (it is stopped): as old as the rest once a week has passed
            String last = games.get(0);
            BrandedId waiting = app.useCases().guesses().submit(last, TestPlayers.id("late"), "late", app.useCases().games().game(last).keyboard().keys().take(6).mkString());
            clock.advance(Duration.ofDays(8));

            List<RetentionDriver.Outcome> outcomes = new ArrayList<>();
            RetentionDriver driver = app.keep(Duration.ofDays(7), run -> outcomes.addAll(run.toJavaList()));
            driver.runOnce();

            assertThat(outcomes).hasSize(5); // room-opened, guesses, guess-scored, game-settled, game-closed
            assertThat(outcomes).allSatisfy(o -> assertThat(o.removed().isRight()).as("trim of %s", o.trim().stream()).isTrue());
            RetentionDriver.Outcome opened = outcome(outcomes, Channels.ROOM_OPENED);
            assertThat(opened.removed().get()).as("room-opened, read back by nobody").isPositive();
            RetentionDriver.Outcome guesses = outcome(outcomes, Channels.GUESSES);
            // everything in guesses is over a week old: only the group's hold keeps the guess it has not received
            assertThat(guesses.holds()).extracting(h -> h.reader()).contains("group scorers");
            assertThat(guesses.removed().get()).isPositive();
            List<StreamEntry> kept = app.redis().range().rangeFrom(StreamKey.of("cm", Channels.GUESSES), StreamId.MIN, 1000);
            assertThat(kept).extracting(e -> e.branded().get().toString()).contains(waiting.toString());

            // the waiting guess is scored after the trim, and every board still rebuilds from its checkpoint and the tail
            app.worker().recover();
            while (app.worker().pollOnce(Duration.ofMillis(50)) > 0) {
                app.worker().recover();
            }
            assertThat(app.useCases().games().guess(last, waiting.toString()).status()).isEqualTo("scored");
            for (String game : games) {
                assertThat(app.useCases().rebuilds().rebuildBoard(game).equal()).as("board of %s", game).isTrue();
            }
        }
    }

    private static RetentionDriver.Outcome outcome(List<RetentionDriver.Outcome> outcomes, String channel) {
        return outcomes.stream().filter(o -> o.trim().stream().equals(StreamKey.of("cm", channel))).findFirst().orElseThrow();
    }
}
