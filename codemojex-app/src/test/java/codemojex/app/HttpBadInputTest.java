package codemojex.app;

import codemojex.projections.Code;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Bad input over HTTP: 400 naming the field, 404 for unknown ids, 413 for big bodies; never a 500, never a trace. */
class HttpBadInputTest {

    static AppFixture f;
    static String game;
    static String validGuess;
    static String repeatedGuess;

    @BeforeAll
    static void start() {
        f = new AppFixture();
        var opened = f.post("/rooms", Map.of("room", "bad-input"));
        game = opened.json().get("game").asText();
        var keys = f.app.useCases().games().game(game).keyboard().keys();
        validGuess = keys.take(6).mkString();
        repeatedGuess = keys.take(5).append(keys.get(0)).mkString(); // six of the keyboard, one twice
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    static Stream<Arguments> badRequests() {
        return Stream.of(
                // method, path, body, status, field
                Arguments.of("POST", "/games/{game}/guesses", "{not json", 400, "body"),
                Arguments.of("POST", "/games/{game}/guesses", "[1,2]", 400, "body"),
                Arguments.of("POST", "/games/{game}/guesses", "{}", 400, "guess"),
                Arguments.of("POST", "/games/{game}/guesses", "{\"player\":\"ada\"}", 400, "guess"),
                Arguments.of("POST", "/games/{game}/guesses", "{\"player\":7,\"guess\":\"x\"}", 400, "player"),
                Arguments.of("POST", "/games/{game}/guesses", "{\"player\":\"\",\"guess\":\"{valid}\"}", 400, "player"),
                Arguments.of("POST", "/games/{game}/guesses", "{\"player\":\"a\\u0000b\",\"guess\":\"{valid}\"}", 400, "player"),
                Arguments.of("POST", "/games/{game}/guesses", "{\"player\":\"" + "x".repeat(40) + "\",\"guess\":\"{valid}\"}", 400, "player"),
                Arguments.of("POST", "/games/{game}/guesses", "{\"player\":\"ada\",\"guess\":\"abcdef\"}", 400, "guess"),
                Arguments.of("POST", "/games/{game}/guesses", "{\"player\":\"ada\",\"guess\":\"🐙\"}", 400, "guess"),
                Arguments.of("POST", "/games/{game}/guesses", "{\"player\":\"ada\",\"guess\":\"🛸🛸🛸🛸🛸🛸\"}", 400, "guess"),
                Arguments.of("POST", "/games/{game}/guesses", "{\"player\":\"ada\",\"guess\":\"{repeated}\"}", 400, "guess"), // #27
                Arguments.of("POST", "/games/{game}/guesses", "{\"player\":\"ada\",\"guess\":[1]}", 400, "guess"),
                // the player is the session's (ada's): a body naming another is refused, naming both
                Arguments.of("POST", "/games/{game}/guesses", "{\"player\":\"bob\",\"guess\":\"{valid}\"}", 400, "player"),
                Arguments.of("POST", "/games/{game}/guesses", "{\"guess\":\"{valid}\"}", 202, null),
                Arguments.of("POST", "/games/{game}/players", "{}", 400, "name"),
                Arguments.of("POST", "/games/{game}/players", "{\"name\":\" ada\"}", 400, "name"),
                Arguments.of("POST", "/games/{game}/players", "{\"name\":\"eve\",\"cookie\":\"yes\"}", 400, "cookie"),
                Arguments.of("POST", "/games/GAMnope/players", "{\"name\":\"eve\"}", 404, null),
                Arguments.of("POST", "/games/{game}/guesses", "{\"player\":\"ada\",\"guess\":\"{valid}\",\"extra\":1}", 202, null),
                Arguments.of("POST", "/games/GAMnope/guesses", "{\"player\":\"ada\",\"guess\":\"{valid}\"}", 404, null),
                Arguments.of("POST", "/games/bad%20id/guesses", "{\"player\":\"ada\",\"guess\":\"{valid}\"}", 400, "game"),
                Arguments.of("POST", "/games/{game}/guesses", "{\"player\":\"ada\",\"guess\":\"" + "🐙".repeat(1500) + "\"}", 413, "body"),
                Arguments.of("POST", "/rooms", "{\"room\":\"a b\"}", 400, "room"),
                Arguments.of("POST", "/rooms", "{\"room\":\"{x}\"}", 400, "room"),
                Arguments.of("POST", "/rooms", "\"room\"", 400, "body"),
                Arguments.of("GET", "/games/{game}/guesses/nope", null, 400, "guessId"),
                Arguments.of("GET", "/games/{game}/guesses/USR0KHTOWnGLuC", null, 400, "guessId"),
                Arguments.of("GET", "/games/{game}/guesses/EVT0KHTOWnGLuC", null, 404, null),
                Arguments.of("GET", "/games/GAMnope/board", null, 404, null),
                // a parameter given twice is named, not the first value taken silently (broken percent-encoding: WebShapesTest)
                Arguments.of("GET", "/feed?since=1h&since=7d", null, 400, "since"),
                Arguments.of("GET", "/games/{game}/board?top=3&top=x", null, 400, "top"),
                Arguments.of("GET", "/feed?since=1h&utm=a&utm=b", null, 200, null), // what no route reads is left alone
                Arguments.of("GET", "/feed?since=%31h", null, 200, null),           // %31 is 1
                Arguments.of("GET", "/games/{game}/board?top=0", null, 400, "top"),
                Arguments.of("GET", "/games/{game}/board?top=abc", null, 400, "top"),
                Arguments.of("GET", "/games/{game}/board?top=99999999999", null, 400, "top"),
                Arguments.of("GET", "/feed?since=forever", null, 400, "since"),
                Arguments.of("GET", "/feed?since=0s", null, 400, "since"),
                Arguments.of("GET", "/feed?since=999999999d", null, 400, "since"),
                Arguments.of("GET", "/feed?since=2h", null, 400, "since"),
                Arguments.of("GET", "/feed?since=31d", null, 400, "since"),
                Arguments.of("GET", "/rooms/openings?from=yesterday", null, 400, "from"),
                Arguments.of("GET", "/rooms/openings?from=2026-12-02T10:00:00Z&to=2026-12-01T10:00:00Z", null, 400, "to"),
                // a from before the epoch is a bad from (#27: it was reported as field "to")
                Arguments.of("GET", "/rooms/openings?from=1960-01-01T00:00:00Z&to=2026-12-01T10:00:00Z", null, 400, "from"),
                Arguments.of("GET", "/results?day=02/12/2026", null, 400, "day"),
                Arguments.of("GET", "/results?zone=Mars/Olympus", null, 400, "zone"),
                // a blank parameter is named, not the default answered in silence (#47)
                Arguments.of("GET", "/feed/series?since=1h&bucket=", null, 400, "bucket"),
                Arguments.of("GET", "/feed?since=%20", null, 400, "since"),
                Arguments.of("GET", "/games/{game}/board?top=%20", null, 400, "top"),
                Arguments.of("GET", "/rooms/openings?to=", null, 400, "to"),
                Arguments.of("GET", "/rooms/openings/series?zone=", null, 400, "zone"),
                Arguments.of("GET", "/results?day=", null, 400, "day"),
                Arguments.of("GET", "/games/{game}/guesses?player=", null, 400, "player"),
                Arguments.of("GET", "/feed?utm=", null, 200, null), // what no route reads is left alone, blank or not
                Arguments.of("GET", "/no/such/route", null, 404, null));
    }

    @ParameterizedTest(name = "{0} {1} {2} -> {3}")
    @MethodSource("badRequests")
    void isRefusedClearly(String method, String path, String body, int status, String field) {
        String p = path.replace("{game}", game);
        String b = body == null ? null : body.replace("{valid}", validGuess).replace("{repeated}", repeatedGuess);
        AppFixture.Response r = f.send(method, p, b, f.as(game, "ada")); // as a player who joined: the input is what is refused
        assertThat(r.status()).as(r.body()).isEqualTo(status);
        assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain(".java:");
        if (status >= 400) {
            assertThat(r.json()).as(r.body()).isNotNull();
            assertThat(r.json().get("error").asText()).isNotBlank();
            if (field != null) {
                assertThat(r.json().get("field").asText()).isEqualTo(field);
            }
        }
    }

    @Test
    void aFeedWindowNotServedIsRefusedNamingTheOnesThatAre() {
        AppFixture.Response r = f.get("/feed?since=2h");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().get("error").asText()).isEqualTo("since must be one of 5m, 15m, 1h, 6h, 24h, 7d, got 2h");
        for (String served : new String[] {"5m", "15m", "1h", "6h", "24h", "7d"}) {
            assertThat(f.get("/feed?since=" + served).status()).as(served).isEqualTo(200);
        }
    }

    @Test
    void anOversizeBodyWithoutContentLengthIsRefusedToo() {
        String huge = "{\"player\":\"ada\",\"guess\":\"" + "x".repeat(100_000) + "\"}";
        AppFixture.Response r = f.post("/games/" + game + "/guesses", huge);
        assertThat(r.status()).isEqualTo(413);
    }

    @Test
    void aSettledGameTakesNoGuess() {
        String g = f.post("/rooms", Map.of()).json().get("game").asText();
        Code secret = f.secret(g);
        f.join(g, "bob");
        String id = f.guess(g, "ada", secret.text()).json().get("guessId").asText();
        f.awaitScore(g, id);
        AppFixture.Response joinLate = f.post("/games/" + g + "/players", Map.of("name", "cy"));
        assertThat(joinLate.status()).as(joinLate.body()).isEqualTo(409);
        assertThat(joinLate.json().get("field").asText()).isEqualTo("game");
        AppFixture.Response late = f.guess(g, "bob", secret.text());
        assertThat(late.status()).isEqualTo(409);
        assertThat(late.json().get("field").asText()).isEqualTo("game");
    }
}
