package codemojex.app;

import codemojex.app.http.HttpApi;
import codemojex.app.http.RateLimiter;
import codemojex.projections.Code;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Players and sessions over HTTP: guessing needs a session, a name is unique in its game, a guess
 * is its session's player's, a breakdown is its player's alone, sessions expire, and the page's
 * cookie is HTTP-only, SameSite and scoped to its game.
 */
class LoginsTest {

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
        return f.post("/rooms", Map.of("room", "sessions")).json().get("game").asText();
    }

    static String anyGuess(String game) {
        return f.app.useCases().games().game(game).keyboard().keys().take(6).mkString();
    }

    static long guessesSubmitted() {
        return f.direct().keys("*").stream().filter(k -> k.contains(":stream:") && k.endsWith(":guesses")).mapToLong(k -> f.direct().xlen(k)).sum(); // streams only: the lease and the members keys end so too
    }

    @Test
    void guessingWithoutASessionIs401AndWritesNothing() throws Exception {
        String game = open();
        long before = guessesSubmitted();
        AppFixture.Response anonymous = f.post("/games/" + game + "/guesses", Map.of("player", "ada", "guess", anyGuess(game)));
        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(anonymous.json().get("field").asText()).isEqualTo("session");
        assertThat(anonymous.json().get("error").asText()).contains("POST /games/" + game + "/players");
        assertThat(f.send("GET", "/games/" + game + "/players/me", null).status()).isEqualTo(401);
        assertThat(guessesSubmitted()).isEqualTo(before);
        // the guess is the session's player's, whatever the body does not say
        String id = f.guessId(game, "ada", anyGuess(game));
        assertThat(f.awaitScore(game, id, "ada").get("player").asText()).isEqualTo("ada");
        assertThat(f.send("GET", "/games/" + game + "/players/me", null, f.as(game, "ada")).json().get("player").asText())
                .isEqualTo("ada");
    }

    @Test
    void aNameIsUniqueWithinAGameOnly() {
        String game = open();
        AppFixture.Response first = f.post("/games/" + game + "/players", Map.of("name", "ada"));
        assertThat(first.status()).isEqualTo(201);
        assertThat(first.json().get("token").asText()).hasSize(43);
        assertThat(first.json().get("player").asText()).isEqualTo("ada");
        AppFixture.Response second = f.post("/games/" + game + "/players", Map.of("name", "ada"));
        assertThat(second.status()).isEqualTo(409);
        assertThat(second.json().get("field").asText()).isEqualTo("name");
        assertThat(second.json().get("error").asText()).contains("\"ada\"").contains(game);
        assertThat(second.body()).doesNotContain(first.json().get("token").asText());
        // another game, another ada
        assertThat(f.post("/games/" + open() + "/players", Map.of("name", "ada")).status()).isEqualTo(201);
        // a token opens its own game only
        String token = first.json().get("token").asText();
        String other = open();
        AppFixture.Response elsewhere = f.send("POST", "/games/" + other + "/guesses", "{\"guess\":\"" + anyGuess(other) + "\"}",
                Map.of("Authorization", "Bearer " + token));
        assertThat(elsewhere.status()).isEqualTo(401);
    }

    @Test
    void aBreakdownIsItsPlayersOnly() {
        String game = open();
        Code secret = f.secret(game);
        String rotated = new Code(secret.emojis().tail().append(secret.get(0))).text();
        String id = f.guessId(game, "ada", rotated);
        JsonNode own = f.awaitScore(game, id, "ada");
        assertThat(own.get("positions")).hasSize(6);
        JsonNode bobs = f.awaitScore(game, id, "bob");
        JsonNode anyone = f.awaitScore(game, id);
        for (JsonNode seen : new JsonNode[] {bobs, anyone}) {
            assertThat(seen.has("positions")).as(seen.toString()).isFalse();
            assertThat(seen.get("total").asInt()).isEqualTo(own.get("total").asInt());
            assertThat(seen.get("player").asText()).isEqualTo("ada");
            assertThat(seen.get("status").asText()).isEqualTo("scored");
        }
    }

    @Test
    void sessionsExpireAndTheirNamesCanBeTakenAgain() {
        String game = open();
        String token = f.join(game, "cy");
        Map<String, String> cy = Map.of("Authorization", "Bearer " + token);
        assertThat(f.send("GET", "/games/" + game + "/players/me", null, cy).json().get("expiresAt").asText())
                .isEqualTo(CLOCK.instant().plus(Duration.ofHours(1)).truncatedTo(java.time.temporal.ChronoUnit.MILLIS).toString());
        assertThat(f.post("/games/" + game + "/players", Map.of("name", "cy")).status()).isEqualTo(409);
        CLOCK.advance(Duration.ofMinutes(61));
        AppFixture.Response late = f.send("POST", "/games/" + game + "/guesses", "{\"guess\":\"" + anyGuess(game) + "\"}", cy);
        assertThat(late.status()).isEqualTo(401);
        assertThat(late.json().get("error").asText()).contains("expired").doesNotContain(token);
        AppFixture.Response again = f.post("/games/" + game + "/players", Map.of("name", "cy"));
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.json().get("token").asText()).isNotEqualTo(token);
    }

    @Test
    void thePagesSessionIsAnHttpOnlySameSiteCookieScopedToItsGame() throws Exception {
        String game = open();
        java.net.http.HttpResponse<String> r = f.http.send(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(f.server.url() + "/games/" + game + "/players"))
                .header("Content-Type", "application/json")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"name\":\"dee\",\"cookie\":true}")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(201);
        JsonNode body = f.json.readTree(r.body());
        assertThat(body.has("token")).as("the page's scripts never see the token").isFalse();
        String cookie = r.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(cookie).startsWith(HttpApi.SESSION_COOKIE + "=").contains("HttpOnly").contains("SameSite=Strict")
                .contains("Path=/games/" + game).contains("Max-Age=3600");
        String value = cookie.substring(cookie.indexOf('=') + 1, cookie.indexOf(';'));
        assertThat(value).hasSize(43);
        Map<String, String> asCookie = Map.of("Cookie", HttpApi.SESSION_COOKIE + "=" + value);
        AppFixture.Response sent = f.send("POST", "/games/" + game + "/guesses", "{\"guess\":\"" + anyGuess(game) + "\"}", asCookie);
        assertThat(sent.status()).isEqualTo(202);
        assertThat(f.send("GET", "/games/" + game + "/players/me", null, asCookie).json().get("player").asText()).isEqualTo("dee");
    }

    @Test
    void anotherAuthorizationSchemeIsRefusedNotIgnored() {
        String game = open();
        AppFixture.Response basic = f.send("GET", "/games/" + game + "/players/me", null, Map.of("Authorization", "Basic YWRhOmFkYQ=="));
        assertThat(basic.status()).isEqualTo(401);
        assertThat(basic.json().get("error").asText()).contains("Bearer");
    }

    /**
     * Jetty's header cache matched repeated header values ignoring case: on a kept-alive connection,
     * "Bearer " + the token in upper case was read as the token itself. Sequential requests of one
     * client share its connection, as behind a proxy many users' would.
     */
    @Test
    void aTokenInAnotherCaseIsAnotherTokenOnTheSameConnection() {
        String game = open();
        String token = f.join(game, "fay");
        String upper = token.toUpperCase(java.util.Locale.ROOT);
        String lower = token.toLowerCase(java.util.Locale.ROOT);
        for (int i = 0; i < 3; i++) {
            assertThat(f.send("GET", "/games/" + game + "/players/me", null, Map.of("Authorization", "Bearer " + token)).status())
                    .isEqualTo(200);
            for (String twin : new String[] {upper, lower}) {
                if (!twin.equals(token)) {
                    assertThat(f.send("GET", "/games/" + game + "/players/me", null, Map.of("Authorization", "Bearer " + twin)).status())
                            .as("the token in another case").isEqualTo(401);
                }
            }
        }
    }
}
