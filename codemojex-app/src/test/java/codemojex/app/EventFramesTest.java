package codemojex.app;

import codemojex.projections.Code;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Event streams share what they send: a change's frame is written as JSON once, whatever the
 * number of clients sent it; a client that left is released by the pings, with the live value it
 * watched.
 */
class EventFramesTest {

    @Test
    void aChangeIsWrittenOnceForEveryClientAndADepartedClientIsReleased() throws Exception {
        try (AppFixture f = new AppFixture()) {
            String game = f.post("/rooms", Map.of("room", "frames")).json().get("game").asText();
            Code secret = f.secret(game);
            HttpClient http = HttpClient.newHttpClient();
            List<LiveEventsTest.Stream> pages = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                pages.add(new LiveEventsTest.Stream(http, f, "/games/" + game + "/events", null));
            }
            for (LiveEventsTest.Stream p : pages) {
                p.until(e -> e.name().equals("game"));
            }
            JsonNode before = f.manage("/health").json().get("eventFrames");

            String guess = f.guessId(game, "ada", new Code(secret.emojis().tail().append(secret.get(0))).toString());
            f.awaitScore(game, guess);
            Set<String> ids = new HashSet<>();
            for (LiveEventsTest.Stream p : pages) {
                ids.add(p.until(e -> e.name().equals("game") && e.data().get("guesses").asInt() == 1).id());
            }
            JsonNode after = f.manage("/health").json().get("eventFrames");
            long built = after.get("built").asLong() - before.get("built").asLong();
            long sent = after.get("sent").asLong() - before.get("sent").asLong();
            // the last value reached all three, written once: each frame is sent more often than it was written
            assertThat(ids).as("the three pages have the same last value").hasSize(1);
            assertThat(built).isPositive();
            assertThat(sent).as("frames sent (%d written)", built).isGreaterThanOrEqualTo(built + 2);

            // the pages leave: the pings find them gone and release them, and the game's live value with the last one
            pages.forEach(LiveEventsTest.Stream::close);
            long deadline = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
            while (f.server.live().watchedGames() > 0 || f.manage("/health").json().get("eventStreams").asInt() > 0) {
                assertThat(System.nanoTime()).as("the departed pages released").isLessThan(deadline);
                f.server.pingNow();
                AppFixture.sleep(50);
            }
        }
    }
}
