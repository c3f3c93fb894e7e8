package codemojex.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JSON shape of every route, success and error alike, pinned: field names, nesting and JSON
 * types. The page's scripts and API clients read these names; a refactoring of the web models must
 * leave each one as it is. ({@code s} string, {@code n} integer, {@code b} boolean, {@code {…}}
 * object with its fields sorted, {@code […]} array and the distinct shapes of its elements.)
 */
class WebShapesTest {

    static AppFixture f;
    static String game;
    static String secret;

    @BeforeAll
    static void start() {
        f = new AppFixture();
        game = f.post("/rooms", Map.of("room", "shapes")).json().get("game").asText();
        secret = LiveEventsTest.perfect(f, game);
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    /** The shape of {@code n}: its structure and JSON types, never its values. */
    static String shape(JsonNode n) {
        if (n.isObject()) {
            StringBuilder b = new StringBuilder("{");
            new TreeSet<>(iterable(n)).forEach(k -> b.append(b.length() > 1 ? "," : "").append(k).append(':').append(shape(n.get(k))));
            return b.append('}').toString();
        }
        if (n.isArray()) {
            TreeSet<String> elements = new TreeSet<>();
            n.forEach(e -> elements.add(shape(e)));
            return "[" + String.join("|", elements) + "]";
        }
        if (n.isTextual()) {
            return n.asText().matches("(map|metrics)<.*>") ? n.asText() : "s"; // the markers of keyedByData and libraryMetrics
        }
        if (n.isIntegralNumber()) {
            return "n";
        }
        if (n.isBoolean()) {
            return "b";
        }
        return n.isNull() ? "null" : n.getNodeType().toString();
    }

    static java.util.List<String> iterable(JsonNode n) {
        java.util.List<String> names = new java.util.ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** Replaces the object {@code field} of {@code n}, whose keys are data (a room, a route), by {@code map<shape of its values>}. */
    static JsonNode keyedByData(JsonNode n, String field) {
        JsonNode map = n.get(field);
        assertThat(map.isObject()).as(field).isTrue();
        TreeSet<String> values = new TreeSet<>();
        map.forEach(v -> values.add(shape(v)));
        ((ObjectNode) n).set(field, TextNode.valueOf("map<" + String.join("|", values) + ">"));
        return n;
    }

    // wherever a player's name is answered, its player id is beside it (#27: a name is not a player)
    static final String ITEM = "{at:s,best:n,game:s,percentage:n,player:s,playerId:s,room:s,total:n}";
    static final String RANKED = "{best:n,player:s,playerId:s,rank:n}";

    @Test
    void everyRouteAnswersItsShape() throws Exception {
        AppFixture.Response opened = f.post("/rooms", Map.of("room", "shapes"));
        assertThat(opened.status()).isEqualTo(201);
        assertThat(shape(opened.json())).isEqualTo("{game:s,keyboard:[s],room:s}");
        AppFixture.Response lobby = f.send("POST", "/rooms", "");
        assertThat(lobby.status()).as("an empty JSON body: every field is optional").isEqualTo(201);
        assertThat(lobby.json().get("room").asText()).isEqualTo("lobby");
        assertThat(shape(f.get("/games/" + game).json())).isEqualTo("{game:s,keyboard:[s],openedAt:s,room:s,status:s}");

        AppFixture.Response joined = f.post("/games/" + game + "/players", Map.of("name", "ada"));
        assertThat(joined.status()).isEqualTo(201);
        assertThat(shape(joined.json())).isEqualTo("{expiresAt:s,game:s,player:s,playerId:s,token:s}");
        Map<String, String> ada = Map.of("Authorization", "Bearer " + joined.json().get("token").asText());
        assertThat(f.send("GET", "/games/" + game + "/players/me", null, ada).json().get("player").asText()).isEqualTo("ada");
        AppFixture.Response page = f.post("/games/" + game + "/players", Map.of("name", "bob", "cookie", true));
        assertThat(shape(page.json())).as("the page's token is in the cookie only").isEqualTo("{expiresAt:s,game:s,player:s,playerId:s}");
        assertThat(shape(f.send("GET", "/games/" + game + "/players/me", null, ada).json())).isEqualTo("{expiresAt:s,game:s,player:s,playerId:s}");

        String guess = f.app.useCases().games().game(game).keyboard().keys().take(6).mkString();
        AppFixture.Response submitted = f.guess(game, "fay", guess);
        assertThat(submitted.status()).isEqualTo(202);
        assertThat(shape(submitted.json())).isEqualTo("{game:s,guessId:s,status:s}");
        assertThat(submitted.json().get("status").asText()).isEqualTo("pending");
        String guessId = submitted.json().get("guessId").asText();
        JsonNode own = f.awaitScore(game, guessId, "fay");
        assertThat(new TreeSet<>(iterable(own))).containsExactly("best", "cracked", "game", "guessId", "max", "percentage", "player",
                "playerId", "positions", "status", "total");
        assertThat(new TreeSet<>(iterable(own.get("positions").get(0)))).containsExactly("distance", "emoji", "points", "position", "status");
        AppFixture.Response mine = f.send("GET", "/games/" + game + "/guesses", null, f.as(game, "fay"));
        assertThat(mine.status()).isEqualTo(200);
        assertThat(shape(mine.json())).as("the player's own guesses, each as GET /games/{game}/guesses/{guessId} shows it to them")
                .isEqualTo("{game:s,guesses:[" + shape(own) + "],player:s,playerId:s}");
        assertThat(shape(f.awaitScore(game, guessId))).isEqualTo("{best:n,cracked:b,game:s,guessId:s,max:n,percentage:n,player:s,playerId:s,status:s,total:n}");

        assertThat(shape(f.get("/games/" + game + "/board").json())).isEqualTo("{board:[" + RANKED + "],game:s}");
        assertThat(shape(f.get("/feed").json()))
                .isEqualTo("{distinctPlayers:n,guesses:n,items:[" + ITEM + "],players:n,scores:{max:n,p50:n,p90:n,p99:n},since:s,skipped:n}");
        assertThat(shape(keyedByData(f.get("/rooms/openings").json(), "rooms"))).isEqualTo("{from:s,rooms:map<n>,skipped:n,to:s}");

        f.awaitScore(game, f.guessId(game, "cy", secret));
        assertThat(shape(f.get("/games/" + game).json()))
                .isEqualTo("{game:s,keyboard:[s],openedAt:s,room:s,secret:[s],status:s,winner:s,winnerId:s}");
        assertThat(shape(f.get("/results?day=" + LocalDate.now(ZoneOffset.UTC)).json()))
                .isEqualTo("{day:s,results:[{game:s,room:s,secret:[s],settledAt:s,winner:s,winnerId:s}],skipped:n,zone:s}");
    }

    /**
     * Replaces the library's metrics record {@code field} of {@code n} by {@code metrics<n>}, having checked it holds
     * counts, {@code atLeast} among them: /health writes those records as they are, so a counter the library adds
     * shows up there, and is no break.
     */
    static void libraryMetrics(JsonNode n, String field, String... atLeast) {
        JsonNode metrics = n.get(field);
        assertThat(iterable(metrics)).as(field).contains(atLeast);
        metrics.forEach(v -> assertThat(v.isIntegralNumber()).as(field + ": " + metrics).isTrue());
        ((ObjectNode) n).set(field, TextNode.valueOf("metrics<n>"));
    }

    @Test
    void healthAnswersItsShape() {
        JsonNode health = keyedByData(f.manage("/health").json(), "requests");
        assertThat(health.get("writes").asText()).isEqualTo("accepted");
        libraryMetrics(health, "projections", "absentStreams", "cached", "checkpointsLoaded", "checkpointsSaved", "combines",
                "entriesFolded", "evictions", "fullFolds", "hits", "incrementalFolds", "newLineages", "reads", "stateReads");
        libraryMetrics(health.get("live"), "feed", "changes", "computes", "conflated", "delivered", "failures", "listeners");
        libraryMetrics(health.get("live"), "followers", "failures", "followers", "restarts", "wakeups");
        assertThat(health.get("live").get("lead").asBoolean()).as("a single instance leads").isTrue();
        assertThat(shape(health)).isEqualTo("{client:s,eventFrames:{built:n,sent:n},eventStreams:n,live:{casts:{failures:n,listeners:n,read:n},feed:metrics<n>,followers:metrics<n>,lead:b,watchedGames:n},partitions:n,projections:metrics<n>,"
                + "redis:s,requests:map<n>,skippedEntries:[],status:s,worker:{claimed:n,enabled:b,fenced:n,owned:{0:n},pending:n,rejected:n,running:b,scored:n},writes:s}");
    }

    @Test
    void eventStreamsAnswerTheirShapes() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String watched = f.post("/rooms", Map.of("room", "shapes")).json().get("game").asText();
        try (LiveEventsTest.Stream feed = new LiveEventsTest.Stream(http, f, "/feed/events", null);
             LiveEventsTest.Stream lobby = new LiveEventsTest.Stream(http, f, "/lobby/events", null);
             LiveEventsTest.Stream events = new LiveEventsTest.Stream(http, f, "/games/" + watched + "/events", null)) {
            LiveEventsTest.Event open = events.until(e -> true);
            assertThat(open.name()).isEqualTo("game");
            assertThat(shape(open.data())).isEqualTo("{board:[],game:s,guesses:n,recent:[],room:s,status:s}");
            LiveEventsTest.Event listed = lobby.until(e -> e.data().get("games").size() > 0);
            assertThat(listed.name()).isEqualTo("lobby");
            assertThat(shape(listed.data())).isEqualTo("{games:[{best:n,game:s,players:n,room:s}]}");

            f.guessId(watched, "ada", LiveEventsTest.perfect(f, watched));
            LiveEventsTest.Event settled = events.until(e -> e.data().get("status").asText().equals("settled"));
            assertThat(shape(settled.data()))
                    .isEqualTo("{board:[" + RANKED + "],game:s,guesses:n,recent:[" + ITEM + "],room:s,secret:[s],status:s,winner:s,winnerId:s}");
            LiveEventsTest.Event fed = feed.until(e -> e.data().get("items").size() > 0);
            assertThat(fed.name()).isEqualTo("feed");
            assertThat(shape(fed.data())).isEqualTo("{guesses:n,items:[" + ITEM + "],perMinute:[{guesses:n,minute:s}],players:n,since:s,skipped:n}");
        }
        // the page's one stream: the same events, by the same names, each in the same shape
        String another = f.post("/rooms", Map.of("room", "shapes")).json().get("game").asText();
        try (LiveEventsTest.Stream page = new LiveEventsTest.Stream(http, f, "/events?game=" + another, null)) {
            Map<String, String> shapes = new java.util.TreeMap<>();
            page.until(e -> {
                shapes.putIfAbsent(e.name(), shape(e.data()));
                return shapes.size() == 3;
            });
            assertThat(shapes).containsOnlyKeys("feed", "game", "lobby");
            assertThat(shapes.get("game")).isEqualTo("{board:[],game:s,guesses:n,recent:[],room:s,status:s}");
            assertThat(shapes.get("lobby")).isEqualTo("{games:[{best:n,game:s,players:n,room:s}]}");
            assertThat(shapes.get("feed")).isEqualTo("{guesses:n,items:[" + ITEM + "],perMinute:[{guesses:n,minute:s}],players:n,since:s,skipped:n}");
        }
    }

    @Test
    void errorsAnswerTheirShapes() throws Exception {
        AppFixture.Response bad = f.get("/games/" + game + "/board?top=x");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(shape(bad.json())).isEqualTo("{error:s,field:s}");
        assertThat(bad.json().get("field").asText()).isEqualTo("top");
        AppFixture.Response unknown = f.get("/games/GAMnope");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(shape(unknown.json())).isEqualTo("{error:s}");
        AppFixture.Response noRoute = f.get("/nowhere");
        assertThat(noRoute.status()).isEqualTo(404);
        assertThat(noRoute.json().get("error").asText()).isEqualTo("no such resource /nowhere");
        assertThat(shape(noRoute.json())).isEqualTo("{error:s}");
        AppFixture.Response anonymous = f.send("GET", "/games/" + game + "/players/me", null);
        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(shape(anonymous.json())).isEqualTo("{error:s,field:s}");
        assertThat(anonymous.json().get("field").asText()).isEqualTo("session");
        assertThat(f.post("/games/" + game + "/players", Map.of("name", "dan")).status()).isEqualTo(201);
        AppFixture.Response taken = f.post("/games/" + game + "/players", Map.of("name", "dan"));
        assertThat(taken.status()).isEqualTo(409);
        assertThat(shape(taken.json())).isEqualTo("{error:s,field:s}");
        assertThat(taken.json().get("field").asText()).isEqualTo("name");
        AppFixture.Response large = f.send("POST", "/rooms", "{\"room\":\"" + "x".repeat(5000) + "\"}");
        assertThat(large.status()).isEqualTo(413);
        assertThat(shape(large.json())).isEqualTo("{error:s,field:s}");
    }

    /** The headers that go with some answers: where a guess is read, how to authenticate. */
    @Test
    void answersCarryTheirHeaders() throws Exception {
        String guess = f.app.useCases().games().game(game).keyboard().keys().take(6).mkString();
        String body = f.json.writeValueAsString(Map.of("guess", guess));
        // a body that is not declared JSON (a cross-site form sends text/plain without a preflight) is a 415, nothing submitted
        // nor is one that only starts like JSON, or names a charset JSON does not have or none known (these were a 500)
        for (String type : new String[] {null, "text/plain", "application/x-www-form-urlencoded", "application/json-evil", "application/jsonp",
                "application/json;charset=foo", "application/json;charset=", "application/json; charset=latin1",
                "text/plain;charset=application/json"}) {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(f.server.url() + "/games/" + game + "/guesses"))
                    .header("Authorization", f.as(game, "gus").get("Authorization")).POST(HttpRequest.BodyPublishers.ofString(body));
            if (type != null) {
                b.header("Content-Type", type);
            }
            HttpResponse<String> refused = raw(b);
            assertThat(refused.statusCode()).as(String.valueOf(type)).isEqualTo(415);
            assertThat(f.json.readTree(refused.body()).get("field").asText()).isEqualTo("Content-Type");
        }
        // one JSON value, each key once
        for (String bad : new String[] {body + " trailing", "{\"guess\":\"" + guess + "\",\"guess\":\"" + guess + "\"}"}) {
            HttpResponse<String> refused = raw(HttpRequest.newBuilder(URI.create(f.server.url() + "/games/" + game + "/guesses"))
                    .header("Authorization", f.as(game, "gus").get("Authorization")).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(bad)));
            assertThat(refused.statusCode()).as(bad).isEqualTo(400);
        }
        HttpResponse<String> room = raw(HttpRequest.newBuilder(URI.create(f.server.url() + "/rooms"))
                .header("Content-Type", "text/plain;charset=application/json").POST(HttpRequest.BodyPublishers.ofString("{\"room\":\"ct\"}")));
        assertThat(room.statusCode()).as(room.body()).isEqualTo(415);
        // an empty POST too, which a cross-site page sends without a preflight as well (seen opening rooms in a try-out)
        for (String type : new String[] {null, "text/plain", "application/x-www-form-urlencoded"}) {
            for (String empty : new String[] {"", "  "}) {
                HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(f.server.url() + "/rooms")).header("Origin", "https://evil.example")
                        .POST(HttpRequest.BodyPublishers.ofString(empty));
                if (type != null) {
                    b.header("Content-Type", type);
                }
                HttpResponse<String> refused = raw(b);
                assertThat(refused.statusCode()).as(type + " [" + empty + "]").isEqualTo(415);
                assertThat(f.json.readTree(refused.body()).get("field").asText()).isEqualTo("Content-Type");
            }
        }
        assertThat(raw(HttpRequest.newBuilder(URI.create(f.server.url() + "/rooms")).header("Content-Type", "application/json;charset=\"UTF-8\"")
                .POST(HttpRequest.BodyPublishers.ofString("{\"room\":\"ct\"}"))).statusCode()).isEqualTo(201);
        assertThat(raw(HttpRequest.newBuilder(URI.create(f.server.url() + "/feed/events?buckets=maybe"))
                .header("Accept", "text/event-stream")).statusCode()).isEqualTo(400);
        HttpResponse<String> submitted = raw(HttpRequest.newBuilder(URI.create(f.server.url() + "/games/" + game + "/guesses"))
                .header("Authorization", f.as(game, "gus").get("Authorization")).header("Content-Type", "application/json; charset=utf-8")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
        assertThat(submitted.statusCode()).isEqualTo(202);
        String guessId = f.json.readTree(submitted.body()).get("guessId").asText();
        assertThat(submitted.headers().firstValue("Location")).contains("/games/" + game + "/guesses/" + guessId);
        assertThat(submitted.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
        HttpResponse<String> anonymous = raw(HttpRequest.newBuilder(URI.create(f.server.url() + "/games/" + game + "/players/me")));
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(anonymous.headers().firstValue("WWW-Authenticate")).contains("Bearer realm=\"codemojex\"");
        assertThat(anonymous.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
        HttpResponse<String> health = raw(HttpRequest.newBuilder(URI.create(f.server.url() + "/health")));
        assertThat(health.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
    }

    static HttpResponse<String> raw(HttpRequest.Builder request) throws Exception {
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A message that carries what the client sent, quotes and line breaks included, is still one JSON string. */
    @Test
    void anErrorThatQuotesTheInputIsValidJson() {
        AppFixture.Response bad = f.get("/games/" + game + "/board?top=%22%5C%0A%7D");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json()).as(bad.body()).isNotNull();
        assertThat(bad.json().get("error").asText()).startsWith("top \"\"\\\n}\" is not a number");
        assertThat(shape(bad.json())).isEqualTo("{error:s,field:s}");
    }

    /**
     * A query parameter whose percent-encoding is broken is a 400 naming it (it was dropped, and the
     * route answered its default as if asked for it); sent raw, as no URI class would build it.
     */
    @Test
    void aBrokenPercentEncodingInTheQueryIsA400NamingTheParameter() throws Exception {
        for (String[] c : new String[][] {{"/feed?since=%ZZ", "since"}, {"/feed?since=1%", "since"}, {"/feed?%ZZ=1h", "query"},
                {"/feed/series?bucket=%G1", "bucket"}}) {
            String[] answer = rawGet(c[0]);
            assertThat(answer[0]).as(c[0]).startsWith("HTTP/1.1 400");
            JsonNode error = f.json.readTree(answer[1]);
            assertThat(error.get("field").asText()).as(c[0]).isEqualTo(c[1]);
            assertThat(error.get("error").asText()).as(c[0]).contains("percent-encoding");
        }
        assertThat(rawGet("/feed?since=%31h&other=%ZZ")[0]).as("what no route reads is left alone").startsWith("HTTP/1.1 200");
    }

    /** The status line and the body of {@code GET target}, sent as raw bytes. */
    private String[] rawGet(String target) throws Exception {
        try (Socket s = new Socket("127.0.0.1", f.server.port())) {
            OutputStream out = s.getOutputStream();
            out.write(("GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            String status = in.readLine();
            String line;
            while ((line = in.readLine()) != null && !line.isEmpty()) {
                // the headers, skipped
            }
            StringBuilder body = new StringBuilder();
            while ((line = in.readLine()) != null) {
                body.append(line).append('\n');
            }
            return new String[] {status, body.toString()};
        }
    }

    /** What Jetty answers itself, before any route (here a URI it cannot parse), is the API's JSON error too. */
    @Test
    void whatJettyRefusesIsAJsonErrorToo() throws Exception {
        try (Socket s = new Socket("127.0.0.1", f.server.port())) {
            OutputStream out = s.getOutputStream();
            out.write("GET /games/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            String status = in.readLine();
            String line;
            String contentType = "";
            while ((line = in.readLine()) != null && !line.isEmpty()) {
                if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-type:")) {
                    contentType = line;
                }
            }
            StringBuilder body = new StringBuilder();
            while ((line = in.readLine()) != null) {
                body.append(line).append('\n');
            }
            assertThat(status).startsWith("HTTP/1.1 400");
            assertThat(contentType).contains("application/json");
            assertThat(shape(f.json.readTree(body.toString()))).as(body.toString()).isEqualTo("{error:s}");
        }
    }
}
