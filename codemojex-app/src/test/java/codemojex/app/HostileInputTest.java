package codemojex.app;

import codemojex.app.core.Durations;
import codemojex.projections.Code;
import codemojex.projections.Emoji;
import codemojex.projections.Names;
import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Window;
import echomq.testkit.Seeded;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * A fuzz-style table for every public parser and for the HTTP API: random and adversarial strings
 * are refused with a clear error (or accepted when they are in fact valid), none writes to Redis,
 * none crashes the server, none is answered with a 500.
 */
class HostileInputTest {

    static AppFixture f;
    static String game;

    @BeforeAll
    static void start() {
        f = new AppFixture();
        game = f.post("/rooms", Map.of("room", "hostile")).json().get("game").asText();
        f.join(game, "eve"); // the guesses below are eve's: what is refused is their input, not a missing session
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    /** Adversarial strings, then seeded random ones. */
    static List<String> corpus() {
        List<String> out = new ArrayList<>(List.of(
                "", " ", "\u0000", "a\u0000b", "\r\n", "x\r\nFLUSHALL\r\n", "{", "}", "{cm}", "a{b}c", "emq:{cm}:stream:x",
                "9223372036854775807", "9223372036854775808", "18446744073709551615", "-9223372036854775808",
                "9223372036854775807-9223372036854775807", "9223372036854775808-0", "1-18446744073709551616", "0-0", "-", "+",
                "１２３-４", "１-1", "٣-٣", "EVT0KHTOWnGLuC", "EVT0KHTOWnGLuĆ", "ЕVT0KHTOWnGLuC", "EVTAzL8n0Y58m8", "evt0khtownglus",
                "🐙🦊🐸🦄🐝🐢", "🐙🦊🐸🦄🐝", "\uD83D", "\uDC19\uD83D", "\u202Eabc", "\uFEFF", "\u200B\u200B", "%00", "%0d%0a",
                "../../etc/passwd", "<script>alert(1)</script>", "' OR 1=1 --", "${jndi:ldap://x}", "null", "NaN", "1e308",
                "x".repeat(201), "é".repeat(101), "🐙".repeat(5000), "a".repeat(100_000), "PT-1H", "P9999999999D",
                "2026-13-45", "2026-12-02T25:61:00Z", "+999999999-12-31T23:59:59.999999999Z", "-1000000000-01-01T00:00:00Z"));
        Random r = Seeded.random("HostileInputTest");
        String alphabet = "09AZaz-+:{}\u0000\r\n \t🐙é１\uD83D";
        for (int i = 0; i < 400; i++) {
            StringBuilder b = new StringBuilder();
            int n = r.nextInt(4) == 0 ? r.nextInt(300) : r.nextInt(20);
            for (int k = 0; k < n; k++) {
                b.append(r.nextInt(5) == 0 ? (char) r.nextInt(0x3000) : alphabet.charAt(r.nextInt(alphabet.length())));
            }
            out.add(b.toString());
        }
        return out;
    }

    /** Either it parses, or it is an IllegalArgumentException with a message; nothing else. */
    static void refusedOrValid(String what, String input, Consumer<String> parser) {
        try {
            parser.accept(input);
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage()).as("%s of %s", what, show(input)).isNotBlank();
        } catch (RuntimeException e) {
            throw new AssertionError(what + " of " + show(input) + " threw " + e, e);
        }
    }

    static String show(String s) {
        return "\"" + (s.length() > 40 ? s.substring(0, 40) + "…(" + s.length() + ")" : s) + "\"";
    }

    @TestFactory
    Stream<DynamicTest> everyParserRefusesCleanly() {
        List<String> corpus = corpus();
        Map<String, Consumer<String>> parsers = new java.util.LinkedHashMap<>();
        parsers.put("StreamId.parse", StreamId::parse);
        parsers.put("BrandedId.parse", BrandedId::parse);
        parsers.put("StreamKey queue", s -> StreamKey.of(s, "s"));
        parsers.put("StreamKey name", s -> StreamKey.of("q", s));
        parsers.put("Window bounds", s -> Window.closed(Instant.parse(s), Instant.now()));
        parsers.put("Code.parse", Code::parse);
        parsers.put("Emoji.of", Emoji::of);
        parsers.put("player name", Names::requirePlayer);
        parsers.put("game id", s -> Names.requireId("game", s));
        parsers.put("duration", s -> Durations.parse("since", s));
        return parsers.entrySet().stream().map(p -> DynamicTest.dynamicTest(p.getKey(), () -> {
            for (String input : corpus) {
                if (p.getKey().equals("Window bounds")) {
                    // Instant.parse throws DateTimeParseException, which the API maps: check it is never anything else
                    try {
                        p.getValue().accept(input);
                    } catch (java.time.format.DateTimeParseException | IllegalArgumentException expected) {
                        // refused
                    }
                } else {
                    refusedOrValid(p.getKey(), input, p.getValue());
                }
            }
        }));
    }

    /**
     * What an input could write, counted: every key but the checkpoints, and the entries of every
     * stream (a room, a game, a guess all add to them). The checkpoints are left out: the live feed,
     * computed in the background, checkpoints its sealed panes whenever a minute seals, whatever the
     * requests.
     */
    static long writes() {
        long n = 0;
        redis.clients.jedis.params.ScanParams all = new redis.clients.jedis.params.ScanParams().count(1000);
        String cursor = redis.clients.jedis.params.ScanParams.SCAN_POINTER_START;
        do {
            var page = f.direct().scan(cursor, all);
            for (String key : page.getResult()) {
                if (key.contains(":checkpoint")) {
                    continue;
                }
                n++;
                if (key.contains(":stream:")) {
                    n += f.direct().xlen(key);
                }
            }
            cursor = page.getCursor();
        } while (!cursor.equals(redis.clients.jedis.params.ScanParams.SCAN_POINTER_START));
        return n;
    }

    /**
     * A body over the limit is answered 413 as soon as its length is known, and the connection
     * closed without reading the rest: the client may see the close before the answer.
     */
    static void post(List<AppFixture.Response> answers, String path, String body) {
        try {
            answers.add(f.send("POST", path, body, f.as(game, "eve")));
        } catch (IllegalStateException closed) {
            if (body.getBytes(StandardCharsets.UTF_8).length > 4096) {
                return;
            }
            // the client reused a connection the server had closed after an earlier 413/414: a fresh
            // connection must get a proper answer
            answers.add(freshPost(path, body));
        }
    }

    static AppFixture.Response freshPost(String path, String body) {
        try {
            java.net.http.HttpClient fresh = java.net.http.HttpClient.newHttpClient();
            java.net.http.HttpResponse<String> r = fresh.send(java.net.http.HttpRequest.newBuilder(
                            java.net.URI.create(f.server.url() + path)).header("Content-Type", "application/json")
                    .header("Authorization", f.as(game, "eve").get("Authorization"))
                    .POST(java.net.http.HttpRequest.BodyPublishers.ofString(body)).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            return new AppFixture.Response(r.statusCode(), r.body(), f.json.readTree(r.body()));
        } catch (java.io.IOException e) {
            throw new AssertionError("no answer on a fresh connection to " + show(body), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Test
    void theHttpApiNeverAnswers500AndRefusedInputWritesNothing() throws Exception {
        List<String> corpus = corpus();
        String valid = f.app.play().game(game).keyboard().keys().take(6).mkString();
        long before = writes();
        int refused = 0;
        for (String s : corpus) {
            String q = URLEncoder.encode(s, StandardCharsets.UTF_8);
            List<AppFixture.Response> answers = new ArrayList<>();
            post(answers, "/games/" + game + "/guesses", f.json.writeValueAsString(Map.of("player", s, "guess", "nonsense")));
            post(answers, "/games/" + game + "/guesses", f.json.writeValueAsString(Map.of("player", "eve", "guess", s.isEmpty() ? " " : s + "x")));
            post(answers, "/games/" + game + "/guesses", s);
            post(answers, "/games/" + game + "/guesses", f.json.writeValueAsString(Map.of("player", s + " ", "guess", valid)));
            post(answers, "/games/" + game + "/players", f.json.writeValueAsString(Map.of("name", s + " ")));
            post(answers, "/rooms", f.json.writeValueAsString(Map.of("room", s + " ")));
            if (q.length() < 6000) {
                answers.add(f.get("/feed?since=" + q + "x"));
                answers.add(f.get("/rooms/openings?from=" + q + "x"));
                answers.add(f.get("/results?day=" + q + "x"));
                answers.add(f.get("/games/" + game + "/board?top=" + q + "x"));
                answers.add(f.get("/games/" + game + "/guesses/" + q + "x"));
            } else {
                // a request line over Jetty's header limit: refused (414/431) or the connection closed, never served
                try {
                    answers.add(f.get("/feed?since=" + q));
                } catch (IllegalStateException closed) {
                    assertThat(closed).hasMessageContaining("IOException");
                }
            }
            for (AppFixture.Response a : answers) {
                assertThat(a.status()).as("%s -> %s", show(s), a.body()).isIn(400, 404, 413, 414, 431);
                assertThat(a.json()).as(a.body()).isNotNull();
                assertThat(a.body()).doesNotContain("Exception").doesNotContain(".java:");
                refused++;
            }
        }
        assertThat(refused).isGreaterThan(3000);
        assertThat(writes()).as("refused input must not write to Redis").isEqualTo(before);
        // and the server still serves
        assertThatCode(() -> assertThat(f.guess(game, "eve", valid).status())
                .isEqualTo(202)).doesNotThrowAnyException();
        assertThat(writes()).isGreaterThan(before);
    }

    /**
     * Hostile session tokens, as a bearer token and as the session cookie, on every route that reads
     * a session: always 401 (431 for a header over Jetty's limit), never a 500, never a write; the
     * answer never repeats what was presented. Well-formed tokens that were never issued are 401 too.
     */
    @Test
    void hostileTokensAndCookiesAreRefusedWith401() throws Exception {
        List<String> tokens = new ArrayList<>(corpus());
        Random r = Seeded.random("HostileInputTest.tokens");
        String b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        for (int i = 0; i < 50; i++) {
            StringBuilder t = new StringBuilder();
            for (int k = 0; k < 43; k++) {
                t.append(b64.charAt(r.nextInt(b64.length())));
            }
            tokens.add(t.toString()); // well formed, never issued
        }
        String issued = f.join(game, "eve");
        tokens.add(issued.substring(1) + "A"); // one character off a real token
        tokens.add(issued + "=");
        tokens.add(issued.toUpperCase(java.util.Locale.ROOT));
        String valid = f.app.play().game(game).keyboard().keys().take(6).mkString();
        String guess = f.json.writeValueAsString(Map.of("guess", valid));
        long before = writes();
        int answered = 0;
        int unsendable = 0;
        for (String t : tokens) {
            if (t.length() > 4000) {
                continue; // over Jetty's header limit: a 431 and a closed connection, as for the long URLs above
            }
            for (Map<String, String> headers : List.of(Map.of("Authorization", "Bearer " + t), Map.of("Authorization", t),
                    Map.of("Cookie", "codemojex_session=" + t))) {
                List<AppFixture.Response> answers = new ArrayList<>();
                try {
                    answers.add(f.send("POST", "/games/" + game + "/guesses", guess, headers));
                    answers.add(f.send("GET", "/games/" + game + "/players/me", null, headers));
                } catch (IllegalArgumentException notAHeader) {
                    unsendable++; // Java's client will not send control characters or non-ASCII in a header
                    continue;
                } catch (IllegalStateException closed) {
                    assertThat(t.length()).as("only a header over the limit may close the connection").isGreaterThan(4000);
                    continue;
                }
                for (AppFixture.Response a : answers) {
                    assertThat(a.status()).as("%s %s -> %s", headers.keySet(), show(t), a.body()).isIn(401, 431);
                    assertThat(a.json()).as(a.body()).isNotNull();
                    if (t.length() > 3) {
                        assertThat(a.body()).as("the answer never repeats the token").doesNotContain(t);
                    }
                    answered++;
                }
            }
        }
        assertThat(answered).as("answered, %d not sendable", unsendable).isGreaterThan(500);
        assertThat(writes()).as("no hostile token wrote anything").isEqualTo(before);
        // the real token still works
        assertThat(f.send("GET", "/games/" + game + "/players/me", null, Map.of("Authorization", "Bearer " + issued)).status())
                .isEqualTo(200);
    }
}
