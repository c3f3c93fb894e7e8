package codemojex.app;

import codemojex.app.core.service.LiveService;
import codemojex.app.http.RateLimiter;
import codemojex.projections.Keyboard;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The live feed under a flood of scored guesses is computed at most once per {@link LiveService#FEED_GAP}
 * (it was computed back to back, once per wake of its follower, 12% of the app's CPU under
 * {@code simulate}), and still catches up with every guess.
 */
class FeedUnderFloodTest {

    @Test
    void aFloodOfScoredGuessesRecomputesTheFeedAtMostOncePerGap() {
        try (AppFixture f = new AppFixture(Settings.defaults(), RateLimiter.unlimited())) {
            String game = f.app.useCases().rooms().open("flood").game();
            var record = f.app.useCases().games().game(game);
            // no guess can crack the game: one emoji of the secret is not on the keys guesses are drawn from
            Keyboard guessing = new Keyboard(record.keyboard().keys().remove(record.secret().get(0)));
            Random r = new Random(42);
            AppFixture.await("the feed's first value", () -> f.server.live().feed().current().isDefined());
            long c0 = f.server.live().feed().metrics().computes();
            long t0 = System.nanoTime();
            long floodEnds = t0 + 1_000_000_000L;
            int sent = 0;
            while (System.nanoTime() < floodEnds) {
                f.app.useCases().guesses().submit(game, TestPlayers.id("p" + sent % 7), "p" + sent % 7, guessing.drawGuess(r).toString());
                sent++;
            }
            int all = sent;
            AppFixture.await("every guess in the feed", () -> f.server.live().feed().current().exists(u -> u.value().feed().value().guesses() == all));
            long c1 = f.server.live().feed().metrics().computes();
            long elapsedMs = (System.nanoTime() - t0) / 1_000_000;
            long computes = c1 - c0;
            assertThat(computes).as("feed computations over %d ms for %d guesses", elapsedMs, all)
                    .isPositive()
                    .isLessThanOrEqualTo(elapsedMs / LiveService.FEED_GAP.toMillis() + 2);
        }
    }
}
