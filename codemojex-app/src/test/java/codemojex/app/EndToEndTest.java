package codemojex.app;

import codemojex.projections.Code;
import codemojex.projections.Emoji;
import codemojex.projections.Keyboard;
import codemojex.projections.Scoring;
import com.fasterxml.jackson.databind.JsonNode;
import io.vavr.collection.Vector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Open a game, guess over HTTP, the worker scores, and the board, feed and results say what the scoring says. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EndToEndTest {

    AppFixture f;

    /** The app under test; the cluster run overrides it. */
    AppFixture fixture() {
        return new AppFixture();
    }

    @BeforeAll
    void start() {
        f = fixture();
    }

    @AfterAll
    void stop() {
        f.close();
    }

    static Keyboard keyboard(JsonNode opened) {
        List<Emoji> keys = new ArrayList<>();
        opened.get("keyboard").forEach(k -> keys.add(Emoji.of(k.asText())));
        return new Keyboard(Vector.ofAll(keys));
    }

    @Test
    void aGameFromOpeningToSettlement() {
        AppFixture.Response opened = f.post("/rooms", Map.of("room", "e2e"));
        assertThat(opened.status()).isEqualTo(201);
        String game = opened.json().get("game").asText();
        Keyboard keyboard = keyboard(opened.json());
        Code secret = f.secret(game);
        assertThat(opened.body()).doesNotContain(secret.text()).doesNotContain(secret.toString());

        // three guesses by two players: a miss-heavy one, a permutation of the secret, a weak one
        Vector<Emoji> others = keyboard.keys().removeAll(secret.emojis());
        Code weak = new Code(Vector.of(secret.get(5), others.get(0), others.get(1), others.get(2), others.get(3), others.get(4)));
        Code rotated = new Code(secret.emojis().tail().append(secret.get(0)));
        List<Object[]> plays = List.of(new Object[] {"ada", weak}, new Object[] {"bob", rotated}, new Object[] {"ada", rotated});
        int adaBest = 0;
        int bobBest = 0;
        for (Object[] play : plays) {
            String player = (String) play[0];
            Code guess = (Code) play[1];
            AppFixture.Response submitted = f.guess(game, player, guess.toString());
            assertThat(submitted.status()).isEqualTo(202);
            String guessId = submitted.json().get("guessId").asText();
            JsonNode score = f.awaitScore(game, guessId, player); // its player sees the breakdown
            Scoring.Score expected = Scoring.score(secret, guess);
            assertThat(score.get("status").asText()).isEqualTo("scored");
            assertThat(score.get("total").asInt()).isEqualTo(expected.total());
            assertThat(score.get("percentage").asInt()).isEqualTo(expected.percentage());
            for (int i = 0; i < 6; i++) {
                assertThat(score.get("positions").get(i).get("status").asText()).isEqualTo(expected.positions().get(i).status().name());
                assertThat(score.get("positions").get(i).get("points").asInt()).isEqualTo(expected.positions().get(i).points());
            }
            if (player.equals("ada")) {
                adaBest = Math.max(adaBest, expected.total());
                assertThat(score.get("best").asInt()).isEqualTo(adaBest);
            } else {
                bobBest = Math.max(bobBest, expected.total());
            }
        }
        JsonNode board = f.get("/games/" + game + "/board?top=10").json().get("board");
        assertThat(board).hasSize(2);
        // equal bests: ada before bob (player ascending)
        assertThat(board.get(0).get("player").asText()).isEqualTo(adaBest >= bobBest ? "ada" : "bob");
        assertThat(board.get(0).get("best").asInt()).isEqualTo(Math.max(adaBest, bobBest));

        JsonNode feed = f.get("/feed?since=1h").json();
        assertThat(feed.get("guesses").asInt()).isEqualTo(3);
        assertThat(feed.get("players").asInt()).isEqualTo(2);
        assertThat(feed.get("items").get(0).get("player").asText()).isEqualTo("ada");
        assertThat(feed.get("items").get(0).has("guess")).isFalse();
        assertThat(feed.toString()).doesNotContain(secret.toString());
        // a second read of the same feed comes from the projection reader's cache, with the same answer
        long hitsBefore = f.manage("/health").json().get("projections").get("hits").asLong();
        assertThat(f.get("/feed?since=1h").json().get("items")).isEqualTo(feed.get("items"));
        assertThat(f.manage("/health").json().get("projections").get("hits").asLong()).isGreaterThan(hitsBefore);

        f.join(game, "dan"); // joins while the game is open; guesses once it is settled
        // the perfect guess settles the game and shows in the day's results
        AppFixture.Response perfect = f.guess(game, "cy", secret.text());
        JsonNode won = f.awaitScore(game, perfect.json().get("guessId").asText());
        assertThat(won.get("total").asInt()).isEqualTo(600);
        assertThat(won.get("cracked").asBoolean()).isTrue();
        JsonNode status = f.get("/games/" + game).json();
        assertThat(status.get("status").asText()).isEqualTo("settled");
        assertThat(status.get("winner").asText()).isEqualTo("cy");
        JsonNode results = f.get("/results?day=" + LocalDate.now(ZoneOffset.UTC) + "&zone=UTC").json().get("results");
        assertThat(results).anySatisfy(r -> {
            assertThat(r.get("game").asText()).isEqualTo(game);
            assertThat(r.get("winner").asText()).isEqualTo("cy");
        });
        assertThat(f.guess(game, "dan", rotated.toString()).status()).isEqualTo(409);
        assertThat(f.get("/games/" + game + "/board?top=1").json().get("board").get(0).get("player").asText()).isEqualTo("cy");

        JsonNode openings = f.get("/rooms/openings").json().get("rooms");
        assertThat(openings.get("e2e").asInt()).isGreaterThanOrEqualTo(1);
        assertThat(f.app.useCases().rebuilds().rebuildBoard(game).equal()).isTrue();
        JsonNode health = f.manage("/health").json();
        assertThat(health.get("status").asText()).isEqualTo("ok");
        assertThat(health.get("worker").get("scored").asLong()).isGreaterThanOrEqualTo(4);
    }

    @Test
    void theWebPageIsServed() {
        AppFixture.Response page = f.get("/");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("<title>Codemojex</title>");
        assertThat(f.get("/app.js").body()).contains("textContent");
    }
}
