package codemojex.app;

import codemojex.app.http.RateLimiter;
import codemojex.projections.Code;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code GET /metrics} after a played game: the counters say what happened. */
class MetricsTest {

    /** One sample of the scrape: name, labels as written, value. */
    record Sample(String name, String labels, double value) {
    }

    static final Pattern LINE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{.*\\})? (\\S+)$"); // label values may hold braces (routes)

    static List<Sample> parse(String text) {
        List<Sample> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            Matcher m = LINE.matcher(line);
            if (!line.startsWith("#") && m.matches()) {
                out.add(new Sample(m.group(1), m.group(2) == null ? "" : m.group(2), Double.parseDouble(m.group(3))));
            }
        }
        return out;
    }

    static double sum(List<Sample> samples, String name, String... labels) {
        return samples.stream().filter(s -> s.name().equals(name))
                .filter(s -> java.util.Arrays.stream(labels).allMatch(s.labels()::contains))
                .mapToDouble(Sample::value).sum();
    }

    @ParameterizedTest
    @EnumSource(RedisClient.class)
    void aScrapeAfterAPlayedGameCountsWhatHappened(RedisClient client) {
        try (AppFixture f = new AppFixture(Settings.builder().client(client).build(), RateLimiter.unlimited())) {
            String game = f.post("/rooms", Map.of("room", "metrics")).json().get("game").asText();
            Code secret = f.secret(game);
            Code rotated = new Code(secret.emojis().tail().append(secret.get(0)));
            List<String> ids = new ArrayList<>();
            for (String player : List.of("quorra", "tron", "flynn")) {
                ids.add(f.guessId(game, player, rotated.text()));
            }
            ids.add(f.guessId(game, "dee", secret.text()));
            for (String id : ids) {
                f.awaitScore(game, id);
            }
            for (int i = 0; i < 3; i++) {
                assertThat(f.get("/feed?since=1h").json().get("guesses").asInt()).isEqualTo(4);
            }
            long hitsBefore = f.app.reads().metrics().hits();
            AppFixture.Response scrape = f.manage("/metrics");
            long hitsAfter = f.app.reads().metrics().hits();
            assertThat(scrape.status()).isEqualTo(200);
            List<Sample> s = parse(scrape.body());

            assertThat(sum(s, "codemojex_guesses_scored_total")).isEqualTo(4).isEqualTo(f.app.worker().scored());
            assertThat(sum(s, "codemojex_guesses_rejected_total")).isZero();
            assertThat(sum(s, "codemojex_worker_pending", "partition=\"0\"")).isZero();
            assertThat(sum(s, "codemojex_worker_lag", "partition=\"0\"")).isZero();
            // folds served from the cache: the reader's own count, scraped between two reads of it
            assertThat(sum(s, "echomq_projection_folds_total", "result=\"hit\"")).isBetween((double) hitsBefore, (double) hitsAfter)
                    .isGreaterThan(0);
            assertThat(sum(s, "echomq_projection_folds_total", "result=\"full\"")).isGreaterThan(0);
            assertThat(sum(s, "echomq_projection_reads_seconds_count")).isGreaterThan(0);
            // the room and the four guesses went through the library's appender
            assertThat(sum(s, "echomq_append_records_total")).isEqualTo(5);
            assertThat(sum(s, "http_server_requests_seconds_count", "method=\"POST\"", "uri=\"/games/{game}/guesses\"",
                    "status=\"202\"", "outcome=\"SUCCESS\"")).isEqualTo(4);
            assertThat(sum(s, "http_server_requests_seconds_count", "uri=\"/games/{game}/players\"", "status=\"201\"")).isEqualTo(4);
            assertThat(sum(s, "jvm_memory_used_bytes")).isGreaterThan(0);
            assertThat(sum(s, "process_uptime_seconds")).isGreaterThan(0);
            assertThat(s).anySatisfy(x -> assertThat(x.name()).startsWith("jvm_gc"));
            // no unbounded label: no game id, no guess id, no player name
            assertThat(scrape.body()).doesNotContain(game).doesNotContain(ids.get(0)).doesNotContain("quorra").doesNotContain("player=");
        }
    }
}
