package codemojex.app;

import codemojex.app.redis.RedisLiveCasts;
import echomq.testkit.MovableClock;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.StreamEntryID;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lead casts the feed only when what a page shows of it changes (#54), not as its hour slides: a
 * guess scored late in a minute, an hour on, is in the feed's oldest minute, the one the window's start
 * cuts; as the start moves through that minute (the clock moved a second at a time, the feed computed at
 * each of its ticks) the items, counts and chart are the same, so no feed is cast (its chart's minute was
 * keyed by the window's start, and cast every second); once the start passes the guess, the feed that
 * no longer has it is cast. (A clock that stands still is {@code AnonymousReadsSendNoWriteTest}'s: no
 * write at all.)
 */
class QuietLeadCastsNothingTest {

    @Test
    void theFeedIsNotCastAgainAsItsHourSlidesOnlyWhenWhatItShowsChanges() {
        MovableClock clock = new MovableClock();
        long intoMinute = Math.floorMod(clock.instant().toEpochMilli(), 60_000L);
        clock.advance(Math.floorMod(50_000L - intoMinute, 60_000L)); // 50 s into a minute
        try (AppFixture f = new AppFixture(AppFixture.onClock(clock).build(), codemojex.app.http.RateLimiter.unlimited())) {
            String game = f.post("/rooms", Map.of("room", "quiet-lead")).json().get("game").asText();
            String guess = f.app.useCases().games().game(game).keyboard().keys().take(6).mkString();
            f.awaitScore(game, f.guessId(game, "ada", guess));
            AppFixture.await("the feed with the guess cast", () -> feeds(f).stream().anyMatch(d -> d.contains("\"guesses\":1")));

            clock.advance(Duration.ofHours(1).minusSeconds(45)); // the window starts 5 s into the guess's minute, 45 s before the guess
            // an hour's jump lapses the lead's lease on its clock: the next round (a third of the lease) leads again and casts
            // the feed afresh; then the feed is computed at each of its ticks (a second) on the moved clock
            AppFixture.sleep(Settings.DEFAULT_LEASE.toMillis() / 3 + 2500);
            List<String> before = feeds(f);
            assertThat(before.get(before.size() - 1)).contains("\"guesses\":1");
            for (int i = 0; i < 4; i++) {
                clock.advance(Duration.ofSeconds(1));
                AppFixture.sleep(1300);
            }
            assertThat(feeds(f)).as("feeds cast while the hour's start slid and nothing on the page changed").isEqualTo(before);

            clock.advance(Duration.ofSeconds(60)); // past the guess: the feed is empty now, and cast
            AppFixture.await("the empty feed cast", () -> {
                // read once: the lead casts between two reads and its stream is trimmed (to about RedisLiveCasts.KEPT casts of
                // every kind), and a second read held fewer feeds than the first under load (an index out of bounds)
                List<String> now = feeds(f);
                return !now.isEmpty() && now.get(now.size() - 1).contains("\"guesses\":0");
            });
        }
    }

    /** The data of the feed's casts, oldest first. */
    static List<String> feeds(AppFixture f) {
        return f.direct().xrange(RedisLiveCasts.STREAM.toString(), (StreamEntryID) null, (StreamEntryID) null).stream()
                .filter(e -> "feed".equals(e.getFields().get("kind"))).map(e -> e.getFields().get("data")).toList();
    }
}
