package echomq.cli;

import com.fasterxml.jackson.databind.JsonNode;
import echomq.testkit.Seeded;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code sessions}: the test cuts each user's entries into sessions itself and folds them. */
class SessionsCommandTest extends CliTest {

    /** A session as the test finds it. */
    record Found(String key, List<RedisCli.Written> entries) {
        Instant from() {
            return entries.get(0).id().instant();
        }

        Instant to() {
            return entries.get(entries.size() - 1).id().instant();
        }
    }

    @Test
    void eachUsersBurstsWithTheirExactFolds() {
        Random rnd = Seeded.random("SessionsCommandTest");
        List<RedisCli.Written> all = Streams.explicit(cli, "orders:sessions", rnd, 150, 1_800_000, 5);
        long gapMs = 60_000;
        // the whole stream lies in the range, and the reach before it is empty: every session is whole
        Instant t0 = Instant.ofEpochMilli(Streams.T);
        Instant t1 = Instant.ofEpochMilli(Streams.T + 1_800_000);
        Map<String, List<RedisCli.Written>> byUser = new TreeMap<>();
        all.forEach(w -> byUser.computeIfAbsent(w.field("user"), u -> new ArrayList<>()).add(w));
        List<Found> expected = new ArrayList<>();
        byUser.forEach((user, entries) -> {
            List<RedisCli.Written> current = new ArrayList<>();
            for (RedisCli.Written w : entries) {
                if (!current.isEmpty() && w.id().ms() - current.get(current.size() - 1).id().ms() >= gapMs) {
                    expected.add(new Found(user, current));
                    current = new ArrayList<>();
                }
                current.add(w);
            }
            expected.add(new Found(user, current));
        });
        expected.sort(Comparator.comparing(Found::from).thenComparing(Found::key));

        JsonNode j = ok("sessions", "--stream", "orders:sessions", "--by", "user", "--gap", "1m", "--from", t0.toString(),
                "--to", t1.toString(), "--fold", "count,sum:amount,min:amount", "--format", "json").json();
        assertThat(WindowCommandTest.names(j)).containsExactly("stream", "by", "gap", "sessions");
        assertThat(j.get("by").asText()).isEqualTo("user");
        assertThat(j.get("gap").asText()).isEqualTo("1m");
        JsonNode sessions = j.get("sessions");
        assertThat(sessions.size()).isEqualTo(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            Found f = expected.get(i);
            JsonNode s = sessions.get(i);
            assertThat(WindowCommandTest.names(s)).startsWith("key", "from", "to", "entries");
            assertThat(s.get("key").asText()).isEqualTo(f.key());
            assertThat(Instant.parse(s.get("from").asText())).isEqualTo(f.from());
            assertThat(Instant.parse(s.get("to").asText())).isEqualTo(f.to());
            Exact x = Exact.of(f.entries(), "amount", "user");
            assertThat(s.get("entries").asLong()).isEqualTo(x.count());
            assertThat(decimal(s.get("sum:amount"))).isEqualByComparingTo(x.sum());
            if (x.min() == null) {
                assertThat(s.get("min:amount").isNull()).isTrue();
            } else {
                assertThat(decimal(s.get("min:amount"))).isEqualByComparingTo(x.min());
            }
        }
    }
}
