package echomq.cli;

import com.fasterxml.jackson.databind.JsonNode;
import echomq.testkit.Seeded;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code window}: every answer equals the test's own fold of the entries it wrote. */
class WindowCommandTest extends CliTest {

    static final String FOLDS = "count,sum:amount,min:amount,max:amount,avg:amount,p90:amount,distinct:user";

    @Test
    void aClosedWindowIsTheExactFoldOfItsEntries() {
        Random rnd = Seeded.random("WindowCommandTest.closed");
        List<RedisCli.Written> all = Streams.explicit(cli, "orders:closed", rnd, 400, 600_000, 40);
        for (int i = 0; i < 12; i++) {
            long a = Streams.T - 1000 + rnd.nextInt(602_000);
            long b = a + rnd.nextInt(300_000);
            Instant t0 = Instant.ofEpochMilli(a);
            Instant t1 = Instant.ofEpochMilli(b);
            if (i == 0) {  // a window whose both ends are entries': both are in
                t0 = all.get(10).id().instant();
                t1 = all.get(20).id().instant();
            }
            JsonNode j = ok("window", "--stream", "orders:closed", "--from", t0.toString(), "--to", t1.toString(),
                    "--fold", FOLDS, "--format", "json").json();
            List<RedisCli.Written> in = Streams.within(all, t0, t1);
            Exact x = Exact.of(in, "amount", "user");
            assertThat(j.get("stream").asText()).isEqualTo("orders:closed");
            assertThat(Instant.parse(j.get("from").asText())).isEqualTo(t0);
            assertThat(Instant.parse(j.get("to").asText())).isEqualTo(t1);
            assertThat(j.get("entries").asLong()).as("entries of [%s, %s]", t0, t1).isEqualTo(x.count());
            assertThat(j.get("count").asLong()).isEqualTo(x.count());
            assertThat(decimal(j.get("sum:amount"))).isEqualByComparingTo(x.sum());
            assertDecimal(j.get("min:amount"), x.min());
            assertDecimal(j.get("max:amount"), x.max());
            assertDecimal(j.get("avg:amount"), x.avg());
            assertDecimal(j.get("p90:amount"), x.p90());
            if (x.p90Exact() != null) { // the sketch's documented error: never below, above by less than 0.1% of it
                assertThat(decimal(j.get("p90:amount"))).isGreaterThanOrEqualTo(x.p90Exact())
                        .isLessThanOrEqualTo(x.p90Exact().abs().multiply(new java.math.BigDecimal("0.001")).add(x.p90Exact()));
            }
            assertThat(j.get("distinct:user").asLong()).isEqualTo(x.distinct()); // exact up to 512 values
            assertThat(names(j)).containsExactly("stream", "from", "to", "entries", "count", "sum:amount", "min:amount",
                    "max:amount", "avg:amount", "p90:amount", "distinct:user", "skipped");
            assertThat(names(j.get("skipped"))).containsExactly("sum:amount", "min:amount", "max:amount", "avg:amount", "p90:amount",
                    "distinct:user");
            for (String numeric : List.of("sum:amount", "min:amount", "max:amount", "avg:amount", "p90:amount")) {
                assertThat(j.get("skipped").get(numeric).asLong()).as("%s skipped", numeric).isEqualTo(x.count() - x.numbers());
            }
            assertThat(j.get("skipped").get("distinct:user").asLong()).isEqualTo(x.withoutKey());
        }
    }

    @Test
    void perKeyTheTopKeysByEntriesEachWithItsExactFold() {
        Random rnd = Seeded.random("WindowCommandTest.byKey");
        List<RedisCli.Written> all = Streams.explicit(cli, "orders:keys", rnd, 300, 60_000, 9);
        Instant t0 = Instant.ofEpochMilli(Streams.T);
        Instant t1 = Instant.ofEpochMilli(Streams.T + 40_000);
        JsonNode j = ok("window", "--stream", "orders:keys", "--from", t0.toString(), "--to", t1.toString(),
                "--fold", "count,sum:amount", "--by", "user", "--top", "3", "--format", "json").json();
        List<RedisCli.Written> in = Streams.within(all, t0, t1);
        Map<String, List<RedisCli.Written>> byUser = in.stream().collect(Collectors.groupingBy(w -> w.field("user"), TreeMap::new, Collectors.toList()));
        List<String> expected = byUser.entrySet().stream()
                .sorted(Comparator.<Map.Entry<String, List<RedisCli.Written>>>comparingInt(e -> -e.getValue().size()).thenComparing(Map.Entry::getKey))
                .limit(3).map(Map.Entry::getKey).toList();
        assertThat(j.get("entries").asLong()).isEqualTo(in.size());
        assertThat(names(j.get("keys"))).containsExactlyElementsOf(expected);
        for (String user : expected) {
            Exact x = Exact.of(byUser.get(user), "amount", "user");
            assertThat(j.get("keys").get(user).get("entries").asLong()).isEqualTo(x.count());
            assertThat(j.get("keys").get(user).get("count").asLong()).isEqualTo(x.count());
            assertThat(decimal(j.get("keys").get(user).get("sum:amount"))).isEqualByComparingTo(x.sum());
        }
    }

    @Test
    void sinceReadsFromRedisClockOnAStreamOfStarIds() {
        List<String> ids = new ArrayList<>();
        List<LinkedHashMap<String, String>> fields = new ArrayList<>();
        for (int i = 1; i <= 25; i++) {
            ids.add("*");
            fields.add(LinkedHashMap.of("amount", Integer.toString(i), "user", "u" + (i % 4)));
        }
        List<RedisCli.Written> written = cli.xadd("orders:star", ids, fields);
        // 2023's entries: a stream of * ids with an old entry first would refuse it, so they go under their own key
        JsonNode j = ok("window", "--stream", "orders:star", "--since", "1h", "--fold", "count,sum:amount,distinct:user", "--format", "json").json();
        assertThat(j.get("entries").asLong()).isEqualTo(25);
        assertThat(decimal(j.get("sum:amount"))).isEqualByComparingTo("325");
        assertThat(j.get("distinct:user").asLong()).isEqualTo(4);
        // answered as of Redis' clock at the read: [now - 1h, now], every entry written before it inside
        Instant from = Instant.parse(j.get("from").asText());
        Instant to = Instant.parse(j.get("to").asText());
        assertThat(from).isBefore(written.get(0).id().instant());
        assertThat(to).isAfterOrEqualTo(written.get(written.size() - 1).id().instant());
        assertThat(java.time.Duration.between(from, to)).isEqualTo(java.time.Duration.ofHours(1));
    }

    @Test
    void anEmptyWindowHasTheIdentityValues() {
        JsonNode j = ok("window", "--stream", "no-such-stream", "--from", "2026-12-07T10:00:00Z", "--to", "2026-12-07T11:00:00Z",
                "--fold", "count,sum:x,min:x,max:x,avg:x,p50:x,distinct:y", "--format", "json").json();
        assertThat(j.get("entries").asLong()).isZero();
        assertThat(j.get("count").asLong()).isZero();
        assertThat(decimal(j.get("sum:x"))).isEqualByComparingTo("0");
        assertThat(j.get("distinct:y").asLong()).isZero();
        for (String none : List.of("min:x", "max:x", "avg:x", "p50:x")) {
            assertThat(j.get(none).isNull()).as(none).isTrue();
        }
    }

    private static void assertDecimal(JsonNode n, java.math.BigDecimal expected) {
        if (expected == null) {
            assertThat(n.isNull()).isTrue();
        } else {
            assertThat(decimal(n)).isEqualByComparingTo(expected);
        }
    }

    static List<String> names(JsonNode o) {
        List<String> n = new ArrayList<>();
        o.fieldNames().forEachRemaining(n::add);
        return n;
    }
}
