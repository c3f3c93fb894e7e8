package codemojex.app;

import codemojex.app.http.RateLimiter;
import echomq.engine.projection.ProjectionReader;
import echomq.testkit.MovableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GET /rooms/openings} without a range reads the last day as a sliding window in hourly
 * panes, and with {@code from} only a window open at its end: repeated requests are served from the
 * reader's cache, neither folded afresh nor kept again (a window ending at "now" was a new cache
 * entry and a full fold at every request).
 */
class OpeningsCacheTest {

    @Test
    void repeatedRequestsWithoutARangeAreServedFromTheCache() {
        MovableClock clock = new MovableClock(Instant.parse("2026-12-04T10:30:00Z").toEpochMilli());
        try (AppFixture f = new AppFixture(AppFixture.onClock(clock).build(), RateLimiter.unlimited())) {
            for (String room : new String[] {"alpha", "beta", "alpha"}) {
                assertThat(f.post("/rooms", Map.of("room", room)).status()).isEqualTo(201);
            }
            clock.advance(Duration.ofSeconds(5));
            assertThat(f.get("/rooms/openings").json().get("rooms").toString()).isEqualTo("{\"alpha\":2,\"beta\":1}");
            ProjectionReader.Metrics first = f.app.reads().metrics();
            for (int i = 0; i < 5; i++) {
                clock.advance(Duration.ofSeconds(1)); // time passes between requests, as it does
                assertThat(f.get("/rooms/openings").json().get("rooms").toString()).isEqualTo("{\"alpha\":2,\"beta\":1}");
            }
            ProjectionReader.Metrics later = f.app.reads().metrics();
            assertThat(later.cached()).as("cache entries").isEqualTo(first.cached());
            assertThat(later.fullFolds()).as("full folds").isEqualTo(first.fullFolds());
            assertThat(later.hits()).isGreaterThan(first.hits());

            // from only: open at its end, one fold kept and extended
            String from = "/rooms/openings?from=2026-12-04T00:00:00Z";
            assertThat(f.get(from).json().get("rooms").toString()).isEqualTo("{\"alpha\":2,\"beta\":1}");
            ProjectionReader.Metrics since = f.app.reads().metrics();
            clock.advance(Duration.ofSeconds(1));
            assertThat(f.post("/rooms", Map.of("room", "beta")).status()).isEqualTo(201);
            for (int i = 0; i < 3; i++) {
                clock.advance(Duration.ofSeconds(1));
                assertThat(f.get(from).json().get("rooms").toString()).isEqualTo("{\"alpha\":2,\"beta\":2}");
            }
            ProjectionReader.Metrics sinceLater = f.app.reads().metrics();
            assertThat(sinceLater.cached()).isEqualTo(since.cached());
            assertThat(sinceLater.fullFolds()).isEqualTo(since.fullFolds());
            // and the default window saw the new room too
            assertThat(f.get("/rooms/openings").json().get("rooms").toString()).isEqualTo("{\"alpha\":2,\"beta\":2}");
            assertThat(f.get("/rooms/openings").json().get("to").asText()).isEqualTo(Instant.ofEpochMilli(clock.ms()).toString());
        }
    }
}
