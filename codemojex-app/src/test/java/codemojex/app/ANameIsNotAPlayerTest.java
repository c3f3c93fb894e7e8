package codemojex.app;

import codemojex.app.http.RateLimiter;
import codemojex.projections.Code;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * #27, "a name is not a player": whoever takes the name {@code ada} once ada's session expired is
 * another player. The board, the history and the breakdowns belong to the player id minted when a
 * session joins; the name is only what is shown.
 */
class ANameIsNotAPlayerTest {

    /** Sessions expire by the app's clock: this one the test moves. */
    static final echomq.testkit.MovableClock CLOCK = new echomq.testkit.MovableClock();
    static AppFixture f;

    @BeforeAll
    static void start() {
        f = new AppFixture(AppFixture.onClock(CLOCK).sessionTtl(Duration.ofHours(1)).build(), RateLimiter.unlimited());
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    static String open() {
        return f.post("/rooms", Map.of("room", "names")).json().get("game").asText();
    }

    /** Joins {@code game} as {@code name} with a session of its own: the {@code Authorization} header and the answer. */
    static Map.Entry<Map<String, String>, JsonNode> join(String game, String name) {
        AppFixture.Response r = f.post("/games/" + game + "/players", Map.of("name", name));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return Map.entry(Map.of("Authorization", "Bearer " + r.json().get("token").asText()), r.json());
    }

    static String guess(String game, Map<String, String> session, String guess) {
        AppFixture.Response r = f.send("POST", "/games/" + game + "/guesses", "{\"guess\":\"" + guess + "\"}", session);
        assertThat(r.status()).as(r.body()).isEqualTo(202);
        return r.json().get("guessId").asText();
    }

    static JsonNode awaitScore(String game, String guessId, Map<String, String> as) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            AppFixture.Response r = f.send("GET", "/games/" + game + "/guesses/" + guessId, null, as);
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            if (!"pending".equals(r.json().get("status").asText())) {
                return r.json();
            }
            AppFixture.sleep(20);
        }
        throw new AssertionError("guess " + guessId + " was not scored in 20 s");
    }

    static List<JsonNode> board(String game) {
        List<JsonNode> out = new ArrayList<>();
        f.get("/games/" + game + "/board").json().get("board").forEach(out::add);
        return out;
    }

    /** A guess whose body names another player id is refused, as one naming another player is (seen accepted by a user test). */
    @Test
    void aGuessNamingAnotherPlayersIdIsA400AndNothingIsSubmitted() {
        String game = open();
        Map.Entry<Map<String, String>, JsonNode> victim = join(game, "victim");
        Map.Entry<Map<String, String>, JsonNode> mallory = join(game, "mallory");
        String someGuess = f.secret(game).text();
        String body = "{\"guess\":\"" + someGuess + "\",\"playerId\":\"" + victim.getValue().get("playerId").asText() + "\"}";
        AppFixture.Response r = f.send("POST", "/games/" + game + "/guesses", body, mallory.getKey());
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.json().get("field").asText()).isEqualTo("playerId");
        assertThat(r.json().get("error").asText()).contains(victim.getValue().get("playerId").asText(), "leave playerId out");
        // its own id is what the session is anyway: accepted
        String own = "{\"guess\":\"" + someGuess + "\",\"playerId\":\"" + mallory.getValue().get("playerId").asText() + "\"}";
        assertThat(f.send("POST", "/games/" + game + "/guesses", own, mallory.getKey()).status()).isEqualTo(202);
    }

    @Test
    void whoTakesAnExpiredNameStartsFromZeroAndSeesNoneOfTheOldGuesses() {
        String game = open();
        Code secret = f.secret(game);
        // 560: two emojis one place off, four exact
        String good = new Code(secret.emojis().update(0, secret.get(1)).update(1, secret.get(0))).text();
        // 400: five one place off, one five off
        String rotated = new Code(secret.emojis().tail().append(secret.get(0))).text();

        var first = join(game, "ada");
        String oldGuess = guess(game, first.getKey(), good);
        JsonNode scored = awaitScore(game, oldGuess, first.getKey());
        assertThat(scored.get("total").asInt()).isEqualTo(560);
        assertThat(scored.get("positions")).hasSize(6);

        CLOCK.advance(Duration.ofMinutes(61)); // ada's session expires; the name is free again
        assertThat(f.send("GET", "/games/" + game + "/players/me", null, first.getKey()).status()).isEqualTo(401);
        var second = join(game, "ada");

        // the new session's history holds none of the old guesses, and the old breakdown is not its
        AppFixture.Response mine = f.send("GET", "/games/" + game + "/guesses", null, second.getKey());
        assertThat(mine.status()).isEqualTo(200);
        assertThat(mine.json().get("guesses")).as("the new ada's history").isEmpty();
        JsonNode old = awaitScore(game, oldGuess, second.getKey());
        assertThat(old.has("positions")).as("the old ada's breakdown, read by the new one: " + old).isFalse();
        assertThat(old.get("total").asInt()).isEqualTo(560);

        // the new ada does not inherit the best: her best is her own, and the board shows two players
        String newGuess = guess(game, second.getKey(), rotated);
        JsonNode own = awaitScore(game, newGuess, second.getKey());
        assertThat(own.get("total").asInt()).isEqualTo(400);
        assertThat(own.get("best").asInt()).as("the new ada's best").isEqualTo(400);
        assertThat(own.get("positions")).hasSize(6);
        List<JsonNode> places = board(game);
        assertThat(places).extracting(p -> p.get("player").asText() + " " + p.get("best").asInt())
                .containsExactly("ada 560", "ada 400");
        assertThat(places.get(0).get("playerId").asText()).isNotEqualTo(places.get(1).get("playerId").asText())
                .isEqualTo(first.getValue().get("playerId").asText());
        assertThat(places.get(1).get("playerId").asText()).isEqualTo(second.getValue().get("playerId").asText())
                .isEqualTo(f.send("GET", "/games/" + game + "/players/me", null, second.getKey()).json().get("playerId").asText());

        // her history is her own guess only
        JsonNode history = f.send("GET", "/games/" + game + "/guesses", null, second.getKey()).json();
        assertThat(history.get("guesses")).hasSize(1);
        assertThat(history.get("guesses").get(0).get("guessId").asText()).isEqualTo(newGuess);
        assertThat(history.get("playerId").asText()).isEqualTo(second.getValue().get("playerId").asText());

        // the log says the same as the live board: rebuilt, there are two players of one name
        var rebuilt = f.app.useCases().rebuilds().rebuildBoard(game);
        assertThat(rebuilt.equal()).as(rebuilt.rebuilt() + " vs " + rebuilt.live()).isTrue();
        assertThat(rebuilt.rebuilt()).hasSize(2);
    }

    @Test
    void aSessionIsItsPlayerForAsLongAsItLivesAndJoiningAgainKeepsItsId() {
        String game = open();
        var bea = join(game, "bea");
        String id = bea.getValue().get("playerId").asText();
        assertThat(id).startsWith("PLR").hasSize(14);
        // the same live session joining again under its name is answered itself: same id, same expiry, no new token
        AppFixture.Response again = f.send("POST", "/games/" + game + "/players", "{\"name\":\"bea\"}", bea.getKey());
        assertThat(again.status()).as(again.body()).isEqualTo(200);
        assertThat(again.json().get("playerId").asText()).isEqualTo(id);
        assertThat(again.json().get("expiresAt").asText()).isEqualTo(bea.getValue().get("expiresAt").asText());
        assertThat(again.json().has("token")).isFalse();
        // anyone else asking for the name while the session lives is refused, as before
        assertThat(f.post("/games/" + game + "/players", Map.of("name", "bea")).status()).isEqualTo(409);
        // once it expired, the same person joining again is a new player: the session is the identity
        CLOCK.advance(Duration.ofMinutes(61));
        AppFixture.Response late = f.send("POST", "/games/" + game + "/players", "{\"name\":\"bea\"}", bea.getKey());
        assertThat(late.status()).as(late.body()).isEqualTo(201);
        assertThat(late.json().get("playerId").asText()).startsWith("PLR").isNotEqualTo(id);
    }
}
