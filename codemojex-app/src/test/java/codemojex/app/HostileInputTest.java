package codemojex.app;

import codemojex.app.core.Dates;
import codemojex.app.core.DurationFields;
import codemojex.app.core.Instants;
import codemojex.app.core.SeriesQuery;
import codemojex.app.http.RouteTable;
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

    /**
     * Numeric extremes of every ISO-8601 form the app reads (durations, dates, instants) and of plain
     * numbers: each is in the corpus, so every parser and every route parameter and body field gets them.
     */
    static final List<String> EXTREMES = List.of(
            "PT9999999999999H", "P999999999999D", "-PT1S", "P0D", "PT0S", "0s", "0", "-1", "-0", "P-1D", "-P999999999999D",
            "PT9223372036854775807S", "PT-9223372036854775808S", "PT0.000000001S", "P106751991167300D", "999999999d", "999999999ms",
            "3650d", "3651d", "99999999999999999999s", "99999999999999999999", "-99999999999999999999", "1e309", "-1e309",
            "4.9e-324", "0x7fffffff", "1969-12-31", "1970-01-01", "0001-01-01", "0000-01-01", "9999-12-31", "10000-01-01",
            "+999999999-12-31", "-999999999-01-01", "9999-12-31T23:59:59.999999999Z", "10000-01-01T00:00:00Z",
            "1969-12-31T23:59:59.999Z", "1970-01-01T00:00:00Z", "-999999999-01-01T00:00:00Z", "1970-01-01T00:00:00+14:00",
            "23:59:60", "24:00", "99:99", "Etc/GMT+12", "Pacific/Kiritimati", "+18:00", "-18:01");

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
        out.addAll(EXTREMES);
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
        parsers.put("duration", s -> DurationFields.parse("since", s));
        parsers.put("bounded duration", s -> DurationFields.parse("chart-bucket", s, java.time.Duration.ofSeconds(1), java.time.Duration.ofDays(1)));
        parsers.put("feed window", t -> codemojex.app.core.FeedWindow.parse(t).length());
        parsers.put("instant", s -> Instants.parse("from", s));
        parsers.put("instant range", s -> Instants.range(s, null, Instant.now(), java.time.Duration.ofDays(1)));
        parsers.put("date", s -> Dates.parse("day", s));
        parsers.put("zone", s -> Dates.zone("zone", s));
        parsers.put("feed series", s -> SeriesQuery.feed(s, s));
        parsers.put("openings series", s -> SeriesQuery.openings(s, s, null, null, null, Instant.now()));
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
     * requests; so are the live chart's marks ({@code :closed:}), which the chart writes as each of
     * its buckets closes on time; and the live casts (#54), which the lead writes in the background when a
     * page's view changes (an earlier request's scored guess) and as each of the chart's buckets closes.
     */
    static long writes() {
        long n = 0;
        redis.clients.jedis.params.ScanParams all = new redis.clients.jedis.params.ScanParams().count(1000);
        String cursor = redis.clients.jedis.params.ScanParams.SCAN_POINTER_START;
        do {
            var page = f.direct().scan(cursor, all);
            for (String key : page.getResult()) {
                if (key.contains(":checkpoint") || key.contains(":closed:") || key.equals(codemojex.app.redis.RedisLiveCasts.STREAM.toString())
                        || key.equals(codemojex.app.redis.RedisLiveCasts.LATEST)) {
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
        String valid = f.app.useCases().games().game(game).keyboard().keys().take(6).mkString();
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

    /** A valid value of each body field a route reads, so that the field under test is what is refused; others are left out. */
    static final Map<String, Object> VALID_FIELDS = Map.of("room", "lobby", "name", "eve", "cookie", false, "player", "eve");

    /**
     * Every parameter and JSON field of every route in {@link RouteTable} (a new route gets this for
     * free) is sent every corpus string, the numeric extremes among them, one at a time: path
     * parameters, query parameters, body fields as strings and, when they read as numbers, as JSON
     * numbers. Whatever is accepted, nothing is a 500; whatever is refused is a JSON error.
     */
    @Test
    void everyRouteParameterAndBodyFieldTakesTheCorpusWithoutA500() throws Exception {
        List<String> corpus = corpus();
        String valid = f.app.useCases().games().game(game).keyboard().keys().take(6).mkString();
        String guessId = f.guess(game, "eve", valid).json().get("guessId").asText();
        Map<String, String> real = Map.of("game", game, "guessId", guessId);
        Map<String, String> auth = f.as(game, "eve");
        int sent = 0;
        java.util.Set<String> covered = new java.util.TreeSet<>();
        for (RouteTable.Route route : RouteTable.ALL) {
            for (String s : corpus) {
                String q = URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
                List<String> paths = new ArrayList<>();
                if (q.length() < 6000) {
                    for (String p : route.pathParams()) {
                        paths.add(fill(route, real, p, q));
                        covered.add(route.key() + " {" + p + "}");
                    }
                    for (String p : route.query()) {
                        paths.add(fill(route, real, null, null) + "?" + p + "=" + q);
                        covered.add(route.key() + " ?" + p);
                    }
                }
                for (String path : paths) {
                    check(route, s, path, send(route, path, route.method().equals("POST") ? validBody(route, null, null) : null, auth));
                    sent++;
                }
                for (String field : route.body()) {
                    covered.add(route.key() + " ." + field);
                    List<String> bodies = new ArrayList<>(List.of(validBody(route, field, f.json.getNodeFactory().textNode(s))));
                    // as a JSON number too, when it is one (JSON has no leading zeros: "007" stays a string only)
                    if (s.trim().matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?")) {
                        bodies.add(validBody(route, field, f.json.readTree(s.trim()))); // the number itself
                    }
                    for (String body : bodies) {
                        String path = fill(route, real, null, null);
                        AppFixture.Response a;
                        try {
                            a = send(route, path, body, auth);
                        } catch (IllegalStateException closed) {
                            if (body.getBytes(StandardCharsets.UTF_8).length > 4096) {
                                continue; // over the limit: a 413 and the connection closed, maybe before the answer is read
                            }
                            a = send(route, path, body, auth); // a connection the server closed after an earlier 413: a fresh one answers
                        }
                        check(route, s, path, a);
                        sent++;
                    }
                }
            }
        }
        int parameters = RouteTable.ALL.stream().mapToInt(r -> r.pathParams().size() + r.query().size() + r.body().size()).sum();
        assertThat(covered).as("every parameter and field of every route").hasSize(parameters);
        assertThat(sent).isGreaterThan(parameters * EXTREMES.size());
        System.out.println("hostile corpus: " + sent + " requests over " + parameters + " parameters and fields of " + RouteTable.ALL.size()
                + " routes, no 500");
    }

    /**
     * What keeps {@link RouteTable} true: every query parameter and body field the web adapter's
     * sources read is listed on some route, so the corpus above reaches it.
     */
    @Test
    void everyParameterTheRoutesReadIsListedInTheRouteTable() throws Exception {
        java.util.Set<String> listed = new java.util.HashSet<>();
        RouteTable.ALL.forEach(r -> {
            listed.addAll(r.query());
            listed.addAll(r.body());
        });
        java.util.regex.Pattern read = java.util.regex.Pattern.compile(
                "queryParam\\(\"(\\w+)\"\\)|(?:queryOr|intParam)\\(ctx, \"(\\w+)\"|(?:required|optional)\\w*\\(body, \"(\\w+)\"");
        java.util.Set<String> reads = new java.util.TreeSet<>();
        try (Stream<java.nio.file.Path> files = java.nio.file.Files.list(java.nio.file.Path.of("src/main/java/codemojex/app/http"))) {
            for (java.nio.file.Path file : files.toList()) {
                java.util.regex.Matcher m = read.matcher(java.nio.file.Files.readString(file));
                while (m.find()) {
                    reads.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
                }
            }
        }
        assertThat(reads).as("parameters the routes read").contains("since", "from", "day", "guess", "buckets");
        assertThat(listed).as("RouteTable lists every one").containsAll(reads);
    }

    static String fill(RouteTable.Route route, Map<String, String> real, String param, String value) {
        String path = route.path();
        for (String p : route.pathParams()) {
            path = path.replace("{" + p + "}", p.equals(param) ? value : real.getOrDefault(p, "x"));
        }
        return path;
    }

    static String validBody(RouteTable.Route route, String field, com.fasterxml.jackson.databind.JsonNode value) throws Exception {
        var body = f.json.createObjectNode();
        for (String b : route.body()) {
            if (b.equals(field)) {
                body.set(b, value);
            } else if (b.equals("guess")) {
                body.put(b, f.app.useCases().games().game(game).keyboard().keys().take(6).mkString());
            } else if (VALID_FIELDS.containsKey(b)) {
                body.set(b, f.json.valueToTree(VALID_FIELDS.get(b)));
            }
        }
        return f.json.writeValueAsString(body);
    }

    /** A request to {@code path}; an event stream is asked for as a browser does, and let go of as soon as it is answered. */
    static AppFixture.Response send(RouteTable.Route route, String path, String body, Map<String, String> auth) {
        if (route.kind() != RouteTable.Kind.SSE) {
            try {
                return f.send(route.method(), path, body, auth);
            } catch (IllegalStateException e) {
                // the client's pool handed out a connection the server was closing after an earlier 413 (an oversized body
                // is answered and its connection closed): nothing reached the app. Sent once more, on another connection; a
                // server that drops the request itself fails this second time too. The path sweep met this in CI.
                if (!(e.getCause() instanceof java.io.IOException io) || !String.valueOf(io.getMessage()).contains("received no bytes")) {
                    throw e;
                }
                System.out.println("[hostile] " + route.key() + ": a pooled connection closed under the request, sent again once");
                return f.send(route.method(), path, body, auth);
            }
        }
        try {
            java.net.http.HttpResponse<String> r = f.http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(f.server.url() + path))
                    .timeout(java.time.Duration.ofSeconds(10)).header("Accept", "text/event-stream").GET().build(), info ->
                    info.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")
                            ? new Cancelled() : java.net.http.HttpResponse.BodySubscribers.ofString(StandardCharsets.UTF_8));
            com.fasterxml.jackson.databind.JsonNode node = r.body().isEmpty() ? null : f.json.readTree(r.body());
            return new AppFixture.Response(r.statusCode(), r.body(), node);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** An event stream's body, not read: the stream is cancelled as soon as it is open. */
    static final class Cancelled implements java.net.http.HttpResponse.BodySubscriber<String> {
        @Override
        public java.util.concurrent.CompletionStage<String> getBody() {
            return java.util.concurrent.CompletableFuture.completedFuture("");
        }

        @Override
        public void onSubscribe(java.util.concurrent.Flow.Subscription subscription) {
            subscription.cancel();
        }

        @Override
        public void onNext(List<java.nio.ByteBuffer> item) {
        }

        @Override
        public void onError(Throwable throwable) {
        }

        @Override
        public void onComplete() {
        }
    }

    static void check(RouteTable.Route route, String input, String path, AppFixture.Response a) {
        assertThat(a.status()).as("%s %s with %s -> %s", route.method(), show(path), show(input), a.body()).isLessThan(500);
        if (a.status() >= 400) {
            assertThat(a.json()).as("%s %s -> %s", route.key(), show(input), a.body()).isNotNull();
            assertThat(a.body()).doesNotContain("Exception").doesNotContain(".java:");
        }
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
        String valid = f.app.useCases().games().game(game).keyboard().keys().take(6).mkString();
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
