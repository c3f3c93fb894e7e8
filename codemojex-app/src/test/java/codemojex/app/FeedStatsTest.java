package codemojex.app;

import codemojex.app.http.RateLimiter;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The feed's percentiles and distinct players ({@code GET /feed}, {@code GET /feed/series}) equal the
 * exact answers computed from the guesses played: the totals' p50, p90, p99 and max (exact, as the
 * sketch keeps every total 0..600 apart) and the distinct player ids, over the window and per bucket;
 * a quiet window or bucket has no {@code scores} and 0 players.
 */
class FeedStatsTest {

    static final long SEED = Long.getLong("echomq.seed", System.nanoTime());

    AppFixture fixture() {
        return new AppFixture(Settings.defaults(), RateLimiter.unlimited());
    }

    /** A guess as the feed lists it. */
    record Played(Instant at, String playerId, int total) {
    }

    @Test
    void theFeedsPercentilesAndDistinctPlayersAreTheExactAnswersOverTheWindowAndPerBucket() {
        System.out.println("[seed] FeedStatsTest " + SEED + " (replay with -Dechomq.seed=" + SEED + ")");
        Random r = new Random(SEED);
        try (AppFixture f = fixture()) {
            JsonNode quiet = f.get("/feed?since=1h").json();
            assertThat(quiet.has("scores")).as("no guess, no percentiles: left out, not 0").isFalse();
            assertThat(quiet.get("distinctPlayers").asLong()).isZero();

            String game = f.post("/rooms", Map.of("room", "stats")).json().get("game").asText();
            int guesses = 12 + r.nextInt(7); // at most the feed's 20 items, so every one is listed
            for (int i = 0; i < guesses; i++) {
                String guess = f.app.useCases().games().game(game).keyboard().drawGuess(r).toString();
                JsonNode scored = f.awaitScore(game, f.guessId(game, "p" + r.nextInt(5), guess));
                if (scored.get("cracked").asBoolean()) {
                    break; // a perfect guess settles the game: the rest would be refused
                }
            }
            JsonNode feed = f.get("/feed?since=1h").json();
            List<Played> played = new ArrayList<>();
            for (JsonNode i : feed.get("items")) {
                played.add(new Played(Instant.parse(i.get("at").asText()), i.get("playerId").asText(), i.get("total").asInt()));
            }
            assertThat(played).hasSize(feed.get("guesses").asInt());
            assertStats("the hour", feed, played);

            for (String query : List.of("since=1h&bucket=1m", "since=15m&bucket=5m", "since=7d&bucket=1d")) {
                JsonNode buckets = f.get("/feed/series?" + query).json().get("buckets");
                int seen = 0;
                int empty = 0;
                for (JsonNode b : buckets) {
                    Instant from = Instant.parse(b.get("from").asText());
                    Instant to = Instant.parse(b.get("to").asText());
                    List<Played> in = played.stream().filter(p -> !p.at().isBefore(from) && !p.at().isAfter(to)).toList();
                    assertThat(b.get("entries").asInt()).as(query + " " + from).isEqualTo(in.size());
                    assertStats(query + " " + from, b, in);
                    seen += in.size();
                    empty += in.isEmpty() ? 1 : 0;
                }
                assertThat(seen).as(query + ": every guess in one bucket").isEqualTo(played.size());
                if (query.endsWith("1m")) {
                    assertThat(empty).as("quiet minutes").isGreaterThan(40);
                }
            }
        }
    }

    /** {@code answer}'s {@code scores} and {@code distinctPlayers} are those of {@code played}, computed here. */
    static void assertStats(String what, JsonNode answer, List<Played> played) {
        Set<String> players = new HashSet<>();
        played.forEach(p -> players.add(p.playerId()));
        assertThat(answer.get("distinctPlayers").asLong()).as(what + ": distinct players").isEqualTo(players.size());
        if (played.isEmpty()) {
            assertThat(answer.has("scores")).as(what + ": a quiet one has no percentiles").isFalse();
            return;
        }
        List<Integer> totals = played.stream().map(Played::total).sorted().toList();
        JsonNode scores = answer.get("scores");
        assertThat(WebShapesTest.shape(scores)).isEqualTo("{max:n,p50:n,p90:n,p99:n}");
        assertThat(scores.get("p50").asInt()).as(what + ": p50 of " + totals).isEqualTo(exact(totals, 0.5));
        assertThat(scores.get("p90").asInt()).as(what + ": p90 of " + totals).isEqualTo(exact(totals, 0.9));
        assertThat(scores.get("p99").asInt()).as(what + ": p99 of " + totals).isEqualTo(exact(totals, 0.99));
        assertThat(scores.get("max").asInt()).as(what + ": max of " + totals).isEqualTo(totals.get(totals.size() - 1));
    }

    /** The value of rank {@code max(1, ⌈q·n⌉)} of {@code sorted}. */
    static int exact(List<Integer> sorted, double q) {
        long rank = Math.max(1, (long) Math.ceil(q * sorted.size()));
        return sorted.get((int) rank - 1);
    }
}
