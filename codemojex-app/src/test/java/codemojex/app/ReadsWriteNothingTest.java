package codemojex.app;

import codemojex.app.core.FeedWindow;
import codemojex.app.core.SeriesQuery;
import codemojex.app.core.service.LiveService;
import echomq.testkit.MovableClock;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reads write nothing (#48): a feed window or series a request asks for and the app did not declare
 * is folded and cached in memory, never checkpointed in Redis; only the live feed's window and the
 * chart's series are kept. Measured by Redis' own count of changes since its last save.
 */
class ReadsWriteNothingTest {

    @Test
    void anUndeclaredWindowOrSeriesIsFoldedWithoutAWriteAndADeclaredOneIsKept() {
        MovableClock clock = new MovableClock();
        try (RedisServerProcess redis = TestRedis.privateServer("--save", "");
             Codemojex app = Codemojex.connect(redis.uri(), AppFixture.onClock(clock).build())) {
            app.worker().start();
            Random r = new Random(48);
            String game = app.useCases().rooms().open("reads").game();
            for (int i = 0; i < 20; i++) {
                clock.advance(Duration.ofSeconds(7)); // the guesses spread over a few minutes' buckets and panes
                app.useCases().guesses().submit(game, TestPlayers.id("p" + i % 4), "p" + i % 4, app.useCases().games().game(game).keyboard().drawGuess(r).toString());
                // scored before the clock moves on: the worker mints each score at the clock's time, so that the scores
                // spread over several minutes (a worker lagging on a loaded machine scored all 20 in the last one, no bucket sealed)
                int scored = i + 1;
                AppFixture.await("guess " + scored + " scored", () -> app.useCases().feeds().feed(FeedWindow.parse("15m")).value().guesses() == scored);
            }
            AppFixture.await("every guess scored", () -> app.useCases().feeds().feed(FeedWindow.parse("15m")).value().guesses() == 20);
            app.worker().stop();
            clock.advance(Duration.ofMinutes(5)); // every bucket and pane with a guess is sealed now

            long before = changes(redis);
            assertThat(app.useCases().feeds().feed(FeedWindow.parse("7d")).value().guesses()).isEqualTo(20);
            assertThat(app.useCases().feeds().feedSeries(SeriesQuery.feed("7d", "1m")).buckets().map(b -> b.value().value()
                    .guesses()).sum().longValue()).isEqualTo(20);
            assertThat(app.useCases().feeds().feedStats(FeedWindow.parse("7d")).value().distinctPlayers()).isEqualTo(4);
            assertThat(app.useCases().feeds().feedSeries(SeriesQuery.feed("24h", "5m")).buckets().size()).isGreaterThan(200);
            assertThat(changes(redis)).as("Redis changes made by undeclared reads").isEqualTo(before);

            // the test can see a write: the declared series keeps its sealed buckets (read by a reader of its own,
            // as the undeclared reads above left the same minute buckets in this one's memory)
            try (Codemojex fresh = Codemojex.connect(redis.uri(), AppFixture.onClock(clock).build())) {
                long declared = changes(redis);
                fresh.useCases().feeds().feedSeries(LiveService.PER_MINUTE);
                assertThat(fresh.projectionMetrics().checkpointsSaved()).as("checkpoints of the declared series").isPositive();
                assertThat(changes(redis)).as("Redis changes made by the declared series").isGreaterThan(declared);
            }
        }
    }

    /** Redis' count of changes since its last save: every write moves it. */
    private static long changes(RedisServerProcess redis) {
        for (String line : redis.command("INFO", "persistence").split("\r?\n")) {
            if (line.startsWith("rdb_changes_since_last_save:")) {
                return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        throw new IllegalStateException("no rdb_changes_since_last_save in INFO persistence");
    }
}
