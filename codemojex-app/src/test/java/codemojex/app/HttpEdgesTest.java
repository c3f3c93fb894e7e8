package codemojex.app;

import codemojex.app.http.RateLimiter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The edges of the HTTP API issue #27 found: numeric extremes of durations, instants and dates are
 * 400s naming the field, a malformed body says where (not Jackson's classes), a method a path does
 * not serve is a 405 with its Allow, every answer carries the browser protections, an event stream
 * asked for without accepting one is a 406, and a 429 is counted under its route.
 */
class HttpEdgesTest {

    static AppFixture f;
    static String game;

    @BeforeAll
    static void start() {
        f = new AppFixture();
        game = f.post("/rooms", Map.of("room", "edges")).json().get("game").asText();
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/feed?since=PT9999999999999H|since|got PT9999999999999H",
            "/feed?since=P999999999999D|since|got P999999999999D",
            "/feed?since=0s|since|got 0s",
            "/feed/series?since=PT9999999999999H|since|got PT9999999999999H",
            "/results?day=1969-12-31|day|from 1970-01-01 to 9999-12-31",
            "/results?day=0001-01-01|day|is out of range",
            "/results?day=%2B999999999-12-31|day|is out of range",
            "/results?day=-999999999-01-01|day|is out of range",
            "/rooms/openings?from=%2B999999999-12-31T23:59:59.999999999Z|from|is out of range",
            "/rooms/openings?to=1969-12-31T23:59:59Z|to|is out of range",
            "/rooms/openings?from=2999-01-01T00:00:00Z|from|is after to",
            "/rooms/openings?from=yesterday|from|is not an instant"})
    void extremesAre400sNamingTheField(String path, String field, String says) {
        AppFixture.Response r = f.get(path);
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.json().get("field").asText()).isEqualTo(field);
        assertThat(r.json().get("error").asText()).contains(says);
    }

    @Test
    void theEdgesOfTheRangesAreServed() {
        assertThat(f.get("/results?day=1970-01-01&zone=Pacific/Kiritimati").status()).as("a day that starts before the epoch").isEqualTo(200);
        assertThat(f.get("/results?day=9999-12-31&zone=Etc/GMT%2B12").status()).isEqualTo(200);
        assertThat(f.get("/rooms/openings?to=1970-01-01T00:00:00Z").status()).as("the default from stays at the epoch").isEqualTo(200);
        assertThat(f.get("/rooms/openings?from=1970-01-01T00:00:00Z&to=9999-12-31T23:59:59.999999999Z").status()).isEqualTo(200);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"{not json|line 1, column 2", "{\"room\":|line 1, column 9", "{\"room\": \"a\" ]|line 1, column 14"})
    void aMalformedBodySaysWhereAndNamesNoClass(String body, String where) {
        AppFixture.Response r = f.post("/rooms", body);
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().get("field").asText()).isEqualTo("body");
        assertThat(r.json().get("error").asText()).startsWith("body is not valid JSON at " + where)
                .doesNotContain("jackson").doesNotContain("com.").doesNotContain("Source").doesNotContain("(code");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"PUT|/feed|GET", "DELETE|/feed|GET", "DELETE|/rooms|POST", "PUT|/games/{game}/guesses|POST, GET",
            "DELETE|/games/{game}|GET", "POST|/feed/events|GET"})
    void aMethodThePathDoesNotServeIs405WithAllow(String method, String path, String allow) throws Exception {
        HttpResponse<String> r = raw(HttpRequest.newBuilder(uri(path.replace("{game}", game))).method(method, HttpRequest.BodyPublishers.noBody()));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(405);
        assertThat(r.headers().firstValue("Allow")).hasValue(allow);
        assertThat(f.json.readTree(r.body()).get("error").asText()).contains(method);
        assertThat(f.send(method, "/no/such/path", null).status()).as("a path nothing serves stays a 404").isEqualTo(404);
    }

    @ParameterizedTest
    @CsvSource({"/", "/app.js", "/style.css", "/feed", "/health", "/games/GAMnope", "/no/such"})
    void everyAnswerCarriesTheBrowserProtections(String path) throws Exception {
        HttpResponse<String> r = raw(HttpRequest.newBuilder(uri(path)).GET());
        String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
        assertThat(csp).as(path).contains("default-src 'self'").contains("script-src 'self'").contains("frame-ancestors 'none'")
                .doesNotContain("unsafe");
        assertThat(r.headers().firstValue("X-Frame-Options")).as(path).hasValue("DENY");
        assertThat(r.headers().firstValue("X-Content-Type-Options")).as(path).hasValue("nosniff");
    }

    @ParameterizedTest
    @CsvSource({"/feed/events", "/lobby/events", "/games/{game}/events"})
    void anEventStreamAskedForWithoutAcceptingOneIs406(String path) throws Exception {
        HttpResponse<String> r = raw(HttpRequest.newBuilder(uri(path.replace("{game}", game))).GET().header("Accept", "application/json"));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(406);
        assertThat(f.json.readTree(r.body()).get("error").asText()).contains("text/event-stream");
        HttpResponse<String> none = raw(HttpRequest.newBuilder(uri(path.replace("{game}", game))).GET());
        assertThat(none.statusCode()).isEqualTo(406);
    }

    @Test
    void a429IsCountedUnderItsRoute() {
        try (Codemojex other = Codemojex.connect(f.uri, Settings.defaults());
             Server limited = Server.start(other, ServerOptions.on("127.0.0.1", 0)
                     .withReads(new RateLimiter("reads", 0.001, 1, Clock.systemUTC())).withoutWorker())) {
            HttpClient http = HttpClient.newHttpClient();
            int last = 0;
            for (int i = 0; i < 3; i++) {
                last = send(http, limited.url() + "/games/" + game + "/board").statusCode();
            }
            assertThat(last).isEqualTo(429);
            String scrape = send(http, limited.managementUrl() + "/metrics").body();
            assertThat(scrape.lines().filter(l -> l.startsWith("http_server_requests_seconds_count") && l.contains("status=\"429\"")))
                    .isNotEmpty()
                    .allSatisfy(l -> assertThat(l).contains("uri=\"/games/{game}/board\"").doesNotContain("uri=\"*\""));
        }
    }

    static HttpResponse<String> send(HttpClient http, String url) {
        try {
            return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static URI uri(String path) {
        return URI.create(f.server.url() + path);
    }

    static HttpResponse<String> raw(HttpRequest.Builder b) throws Exception {
        return f.http.send(b.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
