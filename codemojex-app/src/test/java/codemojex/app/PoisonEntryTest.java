package codemojex.app;

import codemojex.projections.Channels;
import com.fasterxml.jackson.databind.JsonNode;
import echomq.domain.stream.StreamKey;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.UnifiedJedis;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One malformed {@code guess-scored} entry (a best below its total) and one of a version this app
 * does not know (a newer writer during a rolling upgrade) never take the feed down: it answers
 * 200, leaves them out and says so, {@code /health} names them, the CLI prints them, and the log
 * names each once however often it is read.
 */
class PoisonEntryTest {

    @Test
    void unreadableEntriesAreSkippedCountedAndReportedOnce() {
        PrintStream realErr = System.err;
        ByteArrayOutputStream logs = new ByteArrayOutputStream();
        try (AppFixture f = new AppFixture()) {
            UnifiedJedis raw = f.direct();
            System.setErr(new PrintStream(logs, true, StandardCharsets.UTF_8));
            String game = f.post("/rooms", Map.of("room", "poison")).json().get("game").asText();
            String guess = f.app.useCases().games().game(game).keyboard().keys().take(6).mkString();
            String id = f.guess(game, "ada", guess).json().get("guessId").asText();
            f.awaitScore(game, id);

            String key = StreamKey.of(Channels.QUEUE, Channels.GUESS_SCORED).toString();
            List<String> bad = new ArrayList<>();
            bad.add(raw.xadd(key, StreamEntryID.NEW_ENTRY, Map.of("v", "1", "game", game, "room", "poison", "player", "eve",
                    "guess", "EVT00000000001", "total", "480", "pct", "80", "best", "100")).toString());
            bad.add(raw.xadd(key, StreamEntryID.NEW_ENTRY, Map.of("v", "2", "game", game, "player", "zed", "score", "1")).toString());

            for (int read = 0; read < 3; read++) {
                AppFixture.Response r = f.get("/feed?since=1h");
                assertThat(r.status()).as("read %d: %s", read, r.body()).isEqualTo(200);
                assertThat(r.json().get("guesses").asLong()).isEqualTo(1);
                assertThat(r.json().get("skipped").asLong()).isEqualTo(2);
                assertThat(r.json().get("items")).hasSize(1);
            }
            JsonNode health = f.manage("/health").json().get("skippedEntries");
            List<String> listed = new ArrayList<>();
            health.forEach(n -> listed.add(n.get("id").asText()));
            assertThat(listed).containsExactlyElementsOf(bad);
            assertThat(health.get(0).get("reason").asText()).contains("best 100 is below this guess's total 480");
            assertThat(health.get(1).get("reason").asText()).contains("version \"2\"");

            assertThat(f.app.useCases().rebuilds().rebuildBoard(game).skipped()).isEqualTo(2);
            assertThat(f.app.useCases().rebuilds().rebuildBoard(game).equal()).isTrue();
            // once per entry in the log, however many reads
            String logText = logs.toString(StandardCharsets.UTF_8);
            assertThat(logText.lines().filter(l -> l.contains("skipping unreadable entry"))).hasSize(2)
                    .anySatisfy(l -> assertThat(l).contains(bad.get(0))).anySatisfy(l -> assertThat(l).contains(bad.get(1)));

            System.setErr(realErr); // the command's own output is read below; the server's log was checked above
            CliTest.Run feed = CliTest.cli("feed", "--redis", f.uri);
            assertThat(feed.code()).isZero();
            assertThat(feed.out()).contains("skipped 2 unreadable entries:").contains(bad.get(0)).contains(bad.get(1));
        } finally {
            System.setErr(realErr);
        }
    }
}
