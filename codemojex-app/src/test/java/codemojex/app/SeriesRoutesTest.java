package codemojex.app;

import codemojex.app.http.RateLimiter;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GET /feed/series} and {@code GET /rooms/openings/series}: every bucket present, quiet ones
 * with 0, and bad input a 400 naming the field; the chart's buckets pushed on {@code /feed/events}
 * as they close, quiet ones too (one-second buckets here).
 */
class SeriesRoutesTest {

    static AppFixture f;
    static String game;

    @BeforeAll
    static void start() {
        f = new AppFixture(Settings.builder().chartBucket(Duration.ofSeconds(1)).build(), RateLimiter.unlimited());
        game = f.post("/rooms", Map.of("room", "series")).json().get("game").asText();
        f.post("/rooms", Map.of("room", "other"));
        String guess = f.app.useCases().games().game(game).keyboard().keys().take(6).mkString();
        f.awaitScore(game, f.guessId(game, "ada", guess));
        f.awaitScore(game, f.guessId(game, "bob", guess));
        f.awaitScore(game, f.guessId(game, "ada", guess));
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    static String q(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Test
    void theFeedSeriesHasEveryBucketOfTheWindowZerosIncluded() {
        long scored = f.get("/feed?since=1h").json().get("guesses").asLong(); // 3 here, 4 once the stream's test guessed
        assertThat(scored).isBetween(3L, 4L);
        AppFixture.Response r = f.get("/feed/series?since=1h&bucket=1m");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode s = r.json();
        assertThat(s.get("since").asText()).isEqualTo("1h");
        assertThat(s.get("bucket").asText()).isEqualTo("1m"); // one spelling, as the openings' "1d" and as requests give it
        assertThat(s.get("skipped").asLong()).isZero();
        JsonNode buckets = s.get("buckets");
        assertThat(buckets.size()).as("60 minutes, the first and last clipped by the hour").isBetween(60, 61);
        long entries = 0;
        int quiet = 0;
        Instant previous = null;
        for (JsonNode b : buckets) {
            assertThat(WebShapesTest.shape(b)).isEqualTo(b.get("entries").asLong() == 0 ? "{distinctPlayers:n,entries:n,from:s,players:n,to:s}"
                    : "{distinctPlayers:n,entries:n,from:s,players:n,scores:{max:n,p50:n,p90:n,p99:n},to:s}");
            Instant from = Instant.parse(b.get("from").asText());
            Instant to = Instant.parse(b.get("to").asText());
            assertThat(to).isAfterOrEqualTo(from);
            if (previous != null) {
                assertThat(from).as("a bucket starts a millisecond after the last one's last").isEqualTo(previous.plusMillis(1));
            }
            previous = to;
            entries += b.get("entries").asLong();
            quiet += b.get("entries").asLong() == 0 ? 1 : 0;
            if (b.get("entries").asLong() == 0) {
                assertThat(b.get("players").asInt()).isZero();
            }
        }
        assertThat(entries).isEqualTo(scored);
        assertThat(quiet).as("the quiet minutes are there, with 0").isGreaterThanOrEqualTo(58);
        int players = 0;
        for (JsonNode b : buckets) {
            assertThat(b.get("players").asLong()).isLessThanOrEqualTo(b.get("entries").asLong());
            players += b.get("players").asInt();
        }
        // ada twice and bob (and cy, once the stream's test guessed): each bucket counts its distinct players, so the sum
        // is at least the two players and at most the guesses (ada's two guesses may fall either side of a minute's end)
        assertThat(players).isBetween(2, (int) scored);

        // the default: the last hour in the chart's buckets; days over a week
        JsonNode chart = f.get("/feed/series").json();
        assertThat(chart.get("bucket").asText()).isEqualTo("1s");
        assertThat(chart.get("buckets").size()).isBetween(3600, 3601);
        JsonNode week = f.get("/feed/series?since=7d&bucket=1d").json();
        assertThat(week.get("buckets").size()).isBetween(7, 8);
        long weekEntries = 0;
        for (JsonNode b : week.get("buckets")) {
            weekEntries += b.get("entries").asLong();
        }
        assertThat(weekEntries).isEqualTo(scored);
    }

    @Test
    void theOpeningsSeriesHasADayPerCalendarDayInTheZone() {
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        LocalDate today = LocalDate.now(berlin);
        AppFixture.Response r = f.get("/rooms/openings/series?from=" + today.minusDays(6) + "&to=" + today
                + "&bucket=1d&zone=Europe/Berlin&dayStarts=00:00");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode s = r.json();
        assertThat(s.get("bucket").asText()).isEqualTo("1d");
        assertThat(s.get("zone").asText()).isEqualTo("Europe/Berlin");
        assertThat(s.get("dayStarts").asText()).isEqualTo("00:00");
        assertThat(Instant.parse(s.get("from").asText())).isEqualTo(today.minusDays(6).atStartOfDay(berlin).toInstant());
        JsonNode buckets = s.get("buckets");
        assertThat(buckets.size()).isEqualTo(7);
        List<Long> perDay = new ArrayList<>();
        for (JsonNode b : buckets) {
            perDay.add(b.get("entries").asLong());
            assertThat(b.has("players")).isFalse();
        }
        assertThat(perDay).containsExactly(0L, 0L, 0L, 0L, 0L, 0L, 2L);
        JsonNode last = buckets.get(6);
        assertThat(WebShapesTest.shape(last)).isEqualTo("{entries:n,from:s,rooms:{other:n,series:n},to:s}");
        assertThat(Instant.parse(last.get("to").asText())).isEqualTo(today.plusDays(1).atStartOfDay(berlin).toInstant().minusMillis(1));
        assertThat(WebShapesTest.shape(buckets.get(0))).isEqualTo("{entries:n,from:s,rooms:{},to:s}");

        // weeks and months; a day starting at 05:00; instants
        assertThat(f.get("/rooms/openings/series?from=2026-01-01&to=2026-12-31&bucket=1mo").json().get("buckets").size()).isEqualTo(12);
        assertThat(f.get("/rooms/openings/series?from=2026-03-02&to=2026-03-29&bucket=1w").json().get("buckets").size()).isEqualTo(4);
        JsonNode early = f.get("/rooms/openings/series?from=2026-03-01&to=2026-03-01&zone=Europe/Berlin&dayStarts=05:00").json();
        assertThat(early.get("from").asText()).isEqualTo("2026-03-01T04:00:00Z");
        assertThat(early.get("to").asText()).isEqualTo("2026-03-02T03:59:59.999Z");
        JsonNode instants = f.get("/rooms/openings/series?from=" + q("2026-03-01T12:00:00Z") + "&to=" + q("2026-03-03T12:00:00Z")).json();
        assertThat(instants.get("buckets").size()).isEqualTo(3);
        assertThat(instants.get("buckets").get(0).get("from").asText()).isEqualTo("2026-03-01T12:00:00Z");
        // the default: the last 30 days in UTC
        JsonNode month = f.get("/rooms/openings/series").json();
        assertThat(month.get("buckets").size()).isEqualTo(30);
        assertThat(month.get("buckets").get(29).get("entries").asInt()).isEqualTo(2);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/feed/series?bucket=0m|bucket|1m, 5m, 15m, 1h, 1d",
            "/feed/series?bucket=7m|bucket|1m, 5m, 15m, 1h, 1d",
            "/feed/series?bucket=-1m|bucket|1m, 5m, 15m, 1h, 1d",
            "/feed/series?bucket=99999999999999999999m|bucket|1m, 5m, 15m, 1h, 1d",
            "/feed/series?bucket=99999d|bucket|1m, 5m, 15m, 1h, 1d",
            "/feed/series?since=999999999d|since|5m, 15m, 1h, 6h, 24h, 7d",
            "/feed/series?since=PT99999999999999999999H|since|is not a duration",
            "/feed/series?since=5m&bucket=1h|bucket|longer than since",
            "/rooms/openings/series?bucket=1y|bucket|1d, 1w, 1mo",
            "/rooms/openings/series?bucket=0d|bucket|1d, 1w, 1mo",
            "/rooms/openings/series?zone=Mars/Olympus|zone|not a time zone",
            "/rooms/openings/series?dayStarts=25:00|dayStarts|00:00..23:59:59",
            "/rooms/openings/series?dayStarts=noon|dayStarts|00:00..23:59:59",
            "/rooms/openings/series?from=%2B999999999-01-01|from|from 1970-01-01 to 9999-12-31",
            "/rooms/openings/series?to=%2B999999999-01-01|to|from 1970-01-01 to 9999-12-31",
            "/rooms/openings/series?from=%2B999999999-01-01T00:00:00Z|from|from 1970-01-01 to 9999-12-31",
            "/rooms/openings/series?from=-999999999-01-01|from|from 1970-01-01 to 9999-12-31",
            "/rooms/openings/series?from=2026-13-01|from|a date such as",
            "/rooms/openings/series?from=2026-03-02&to=2026-03-01|to|before from",
            "/rooms/openings/series?from=1970-01-01&to=9999-12-31|to|over the limit of 100000",
            "/rooms/openings/series?from=1970-01-01&to=9999-12-31&bucket=1w|to|over the limit of 100000"})
    void badInputIsA400NamingTheField(String path, String field, String says) {
        AppFixture.Response r = f.get(path);
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(WebShapesTest.shape(r.json())).isEqualTo("{error:s,field:s}");
        assertThat(r.json().get("field").asText()).isEqualTo(field);
        assertThat(r.json().get("error").asText()).contains(says);
    }

    @Test
    void theFeedStreamPushesEachBucketAsItClosesQuietOnesToo() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        try (LiveEventsTest.Stream feed = new LiveEventsTest.Stream(http, f, "/feed/events", null, true);
             LiveEventsTest.Stream asked = new LiveEventsTest.Stream(http, f, "/feed/events?buckets=true", null);
             LiveEventsTest.Stream plain = new LiveEventsTest.Stream(http, f, "/feed/events?buckets=false", null)) {
            // a second with no guess closes: its bucket comes, with 0
            // (a whole one: the subscription's first bucket is clipped at the instant it started)
            LiveEventsTest.Event quiet = feed.until(e -> "bucket".equals(e.name()) && e.data().get("entries").asInt() == 0
                    && Instant.parse(e.data().get("from").asText()).toEpochMilli() % 1000 == 0);
            assertThat(WebShapesTest.shape(quiet.data())).isEqualTo("{distinctPlayers:n,entries:n,from:s,players:n,to:s}");
            Instant from = Instant.parse(quiet.data().get("from").asText());
            Instant to = Instant.parse(quiet.data().get("to").asText());
            assertThat(Duration.between(from, to)).isEqualTo(Duration.ofMillis(999));
            assertThat(from.toEpochMilli() % 1000).isZero();
            assertThat(quiet.data().get("players").asInt()).isZero();
            // the next ones follow it, one a second, each once
            LiveEventsTest.Event next = feed.until(e -> "bucket".equals(e.name()));
            assertThat(Instant.parse(next.data().get("from").asText())).isEqualTo(to.plusMillis(1));
            // a guess: the bucket it fell in closes with it
            String guess = f.app.useCases().games().game(game).keyboard().keys().drop(6).take(6).mkString();
            f.awaitScore(game, f.guessId(game, "cy", guess));
            LiveEventsTest.Event busy = feed.until(e -> "bucket".equals(e.name()) && e.data().get("entries").asInt() > 0);
            assertThat(busy.data().get("entries").asInt()).isEqualTo(1);
            assertThat(busy.data().get("players").asInt()).isEqualTo(1);
            assertThat(busy.data().get("distinctPlayers").asInt()).isEqualTo(1);
            int total = busy.data().get("scores").get("max").asInt(); // one guess: every percentile is its total
            assertThat(busy.data().get("scores").get("p50").asInt()).isEqualTo(total);
            assertThat(busy.data().get("scores").get("p99").asInt()).isEqualTo(total);
            // asked for by name, the same buckets; with ?buckets=false, only the feed
            assertThat(asked.until(e -> "bucket".equals(e.name())).name()).isEqualTo("bucket");
            LiveEventsTest.Event fed = plain.until(e -> e.data().path("guesses").asInt() == 4);
            assertThat(fed.name()).isEqualTo("feed");
            assertThat(plain.events.stream().map(LiveEventsTest.Event::name)).doesNotContain("bucket");
        }
    }
}
