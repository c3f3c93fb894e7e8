package codemojex.app;

import codemojex.app.http.RateLimiter;
import echomq.testkit.MovableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A quiet server holds what is live and little more (#54): the live feed checkpoints only the panes and
 * buckets of its hour that hold entries, each until the hour has slid past it, so one game and two
 * guesses leave a handful of keys that outlive the hour (the server held 180 checkpoint keys
 * after a single guess, each for a day).
 */
class QuietServerKeysTest {

    static final Duration HOUR = Duration.ofHours(1);

    @Test
    void oneGameAndItsGuessesLeaveAtMostTwentyKeysThatOutliveTheHourAndNoCheckpointOfAnEmptyPane() {
        MovableClock clock = new MovableClock();
        try (AppFixture f = new AppFixture(AppFixture.onClock(clock).build(), RateLimiter.unlimited())) {
            String game = f.post("/rooms", Map.of("room", "quiet")).json().get("game").asText();
            String guess = f.app.useCases().games().game(game).keyboard().keys().take(6).mkString();
            f.awaitScore(game, f.guessId(game, "ada", guess));
            // a minute on, a second guess: the first one's minute is sealed, so its pane and bucket are checkpointed
            clock.advance(Duration.ofMinutes(2));
            String other = f.app.useCases().games().game(game).keyboard().keys().drop(1).take(6).mkString();
            f.awaitScore(game, f.guessId(game, "ada", other));
            clock.advance(Duration.ofSeconds(5));
            assertThat(f.get("/feed?since=1h").json().get("guesses").asInt()).isEqualTo(2);
            assertThat(f.get("/feed/series?since=1h&bucket=1m").status()).isEqualTo(200);
            AppFixture.await("the live feed to count both guesses",
                    () -> f.server.live().feed().current().exists(u -> u.value().feed().value().guesses() == 2));

            Map<String, Long> ttls = new TreeMap<>();
            Set<String> keys = f.direct().keys("*");
            keys.forEach(k -> ttls.put(k, f.direct().pttl(k)));
            System.out.println("[quiet server] " + keys.size() + " keys: " + ttls);

            Map<String, Long> paneCheckpoints = new TreeMap<>(ttls);
            paneCheckpoints.keySet().removeIf(k -> !k.contains(":checkpoint:") || k.endsWith(":0-0..+"));
            assertThat(paneCheckpoints).as("checkpoints of the hour's panes and buckets: only the sealed minute with the first guess")
                    .isNotEmpty().hasSizeLessThanOrEqualTo(6);
            assertThat(paneCheckpoints.values()).as("each kept until the hour has slid past it, not for a day")
                    .allSatisfy(ms -> assertThat(ms).isPositive().isLessThanOrEqualTo(HOUR.plusMinutes(1).toMillis()));

            Map<String, Long> outliving = new TreeMap<>(ttls);
            outliving.values().removeIf(ms -> ms >= 0 && ms <= HOUR.plusMinutes(1).toMillis());
            assertThat(outliving).as("keys still there after an hour idle").hasSizeLessThanOrEqualTo(20);
        }
    }
}
