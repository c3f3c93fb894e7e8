package echomq.cli;

import com.fasterxml.jackson.databind.JsonNode;
import echomq.testkit.Seeded;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code series}: every bucket present, each the test's own fold of the entries it wrote in it. */
class SeriesCommandTest extends CliTest {

    @Test
    void tumblingBucketsEachTheExactFoldOfTheirEntriesQuietOnesWithTheIdentity() {
        Random rnd = Seeded.random("SeriesCommandTest.tumbling");
        // entries over the first 5 minutes only: the range's last minutes are quiet
        List<RedisCli.Written> all = Streams.explicit(cli, "orders:series", rnd, 300, 300_000, 30);
        Instant t0 = Instant.ofEpochMilli(Streams.T + 15_000);
        Instant t1 = Instant.ofEpochMilli(Streams.T + 480_000);
        JsonNode j = ok("series", "--stream", "orders:series", "--from", t0.toString(), "--to", t1.toString(), "--bucket", "1m",
                "--fold", WindowCommandTest.FOLDS, "--format", "json").json();
        assertThat(WindowCommandTest.names(j)).containsExactly("stream", "bucket", "buckets");
        assertThat(j.get("bucket").asText()).isEqualTo("1m");
        JsonNode buckets = j.get("buckets");
        // 2023-11-14T22:13:20Z + 15 s is 22:13:35; + 480 s is 22:21:20: minutes 13 (clipped) to 21 (clipped), 9 buckets
        assertThat(buckets.size()).isEqualTo(9);
        Instant expectedFrom = t0;
        long total = 0;
        for (JsonNode b : buckets) {
            Instant from = Instant.parse(b.get("from").asText());
            Instant to = Instant.parse(b.get("to").asText());
            assertThat(from).isEqualTo(expectedFrom);
            expectedFrom = to.plusMillis(1);
            Exact x = Exact.of(Streams.within(all, from, to), "amount", "user");
            assertThat(b.get("entries").asLong()).isEqualTo(x.count());
            assertThat(b.get("count").asLong()).isEqualTo(x.count());
            assertThat(decimal(b.get("sum:amount"))).isEqualByComparingTo(x.sum());
            if (x.min() == null) {
                assertThat(b.get("min:amount").isNull()).isTrue();
                assertThat(b.get("p90:amount").isNull()).isTrue();
                assertThat(b.get("avg:amount").isNull()).isTrue();
            } else {
                assertThat(decimal(b.get("min:amount"))).isEqualByComparingTo(x.min());
                assertThat(decimal(b.get("max:amount"))).isEqualByComparingTo(x.max());
                assertThat(decimal(b.get("avg:amount"))).isEqualByComparingTo(x.avg());
                assertThat(decimal(b.get("p90:amount"))).isEqualByComparingTo(x.p90());
            }
            assertThat(b.get("distinct:user").asLong()).isEqualTo(x.distinct());
            total += x.count();
        }
        assertThat(expectedFrom).isEqualTo(t1.plusMillis(1));
        JsonNode quiet = buckets.get(8);
        assertThat(quiet.get("entries").asLong()).isZero();
        assertThat(decimal(quiet.get("sum:amount"))).isEqualByComparingTo("0");
        assertThat(quiet.get("distinct:user").asLong()).isZero();
        assertThat(total).isEqualTo(Streams.within(all, t0, t1).size());
    }

    @Test
    void calendarDaysInAZoneFromTheirStartTime() {
        // one entry an hour for three days from 2023-11-14T22:00Z, under explicit ids
        List<String> ids = new ArrayList<>();
        List<LinkedHashMap<String, String>> fields = new ArrayList<>();
        long start = Instant.parse("2023-11-14T22:00:00Z").toEpochMilli();
        for (int h = 0; h < 72; h++) {
            ids.add((start + h * 3_600_000L) + "-0");
            fields.add(LinkedHashMap.of("amount", Integer.toString(h), "user", "u" + (h % 5)));
        }
        List<RedisCli.Written> all = cli.xadd("orders:days", ids, fields);
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        JsonNode j = ok("series", "--stream", "orders:days", "--from", "2023-11-15", "--to", "2023-11-16", "--bucket", "1d",
                "--zone", "Europe/Berlin", "--day-starts", "05:00", "--fold", "count,sum:amount", "--format", "json").json();
        JsonNode buckets = j.get("buckets");
        assertThat(buckets.size()).isEqualTo(2);
        for (int d = 0; d < 2; d++) {
            LocalDate day = LocalDate.of(2023, 11, 15).plusDays(d);
            Instant from = day.atTime(5, 0).atZone(berlin).toInstant();
            Instant to = day.plusDays(1).atTime(5, 0).atZone(berlin).toInstant().minusMillis(1);
            JsonNode b = buckets.get(d);
            assertThat(java.time.OffsetDateTime.parse(b.get("from").asText()).toInstant()).isEqualTo(from);
            assertThat(b.get("from").asText()).endsWith("+01:00"); // shown in the zone
            assertThat(java.time.OffsetDateTime.parse(b.get("to").asText()).toInstant()).isEqualTo(to);
            Exact x = Exact.of(Streams.within(all, from, to), "amount", "user");
            assertThat(b.get("entries").asLong()).isEqualTo(x.count()).isEqualTo(24);
            assertThat(decimal(b.get("sum:amount"))).isEqualByComparingTo(x.sum());
        }
    }

    @Test
    void perKeyEachBucketItsTopKeys() {
        Random rnd = Seeded.random("SeriesCommandTest.byKey");
        List<RedisCli.Written> all = Streams.explicit(cli, "orders:serieskeys", rnd, 200, 120_000, 6);
        Instant t0 = Instant.ofEpochMilli(Streams.T);
        Instant t1 = Instant.ofEpochMilli(Streams.T + 119_999);
        JsonNode j = ok("series", "--stream", "orders:serieskeys", "--from", t0.toString(), "--to", t1.toString(), "--bucket", "30s",
                "--fold", "count,max:amount", "--by", "user", "--top", "2", "--format", "json").json();
        assertThat(j.get("buckets").size()).isEqualTo(5); // T is 22:13:20: 13:20 (clipped), 13:30, 14:00, 14:30, 15:00 (clipped)
        for (JsonNode b : j.get("buckets")) {
            List<RedisCli.Written> in = Streams.within(all, Instant.parse(b.get("from").asText()), Instant.parse(b.get("to").asText()));
            assertThat(b.get("entries").asLong()).isEqualTo(in.size());
            java.util.Map<String, List<RedisCli.Written>> byUser = in.stream()
                    .collect(java.util.stream.Collectors.groupingBy(w -> w.field("user")));
            List<String> top = byUser.keySet().stream()
                    .sorted(java.util.Comparator.<String>comparingInt(u -> -byUser.get(u).size()).thenComparing(u -> u)).limit(2).toList();
            assertThat(WindowCommandTest.names(b.get("keys"))).containsExactlyElementsOf(top);
            for (String u : top) {
                Exact x = Exact.of(byUser.get(u), "amount", "user");
                assertThat(b.get("keys").get(u).get("count").asLong()).isEqualTo(x.count());
                if (x.max() != null) {
                    assertThat(decimal(b.get("keys").get(u).get("max:amount"))).isEqualByComparingTo(x.max());
                }
            }
        }
    }

    @Test
    void cumulatingWindowsGrowFromTheirDaysStartStepByStep() {
        // one entry every 10 minutes from 2023-11-14T22:00Z for a day, under explicit ids
        List<String> ids = new ArrayList<>();
        List<LinkedHashMap<String, String>> fields = new ArrayList<>();
        long start = Instant.parse("2023-11-14T22:00:00Z").toEpochMilli();
        for (int i = 0; i < 144; i++) {
            ids.add((start + i * 600_000L) + "-0");
            fields.add(LinkedHashMap.of("amount", Integer.toString(i)));
        }
        List<RedisCli.Written> all = cli.xadd("orders:cumulate", ids, fields);
        // Berlin's day starts at 23:00Z in November: each window of the 15th from its start to the end of an hour, six of them
        JsonNode j = ok("series", "--stream", "orders:cumulate", "--from", "2023-11-15T00:00", "--to", "2023-11-15T05:59:59.999",
                "--zone", "Europe/Berlin", "--cumulate", "1h", "--bucket", "1d", "--fold", "count,sum:amount", "--format", "json").json();
        JsonNode buckets = j.get("buckets");
        assertThat(buckets.size()).isEqualTo(6);
        Instant dayStart = Instant.parse("2023-11-14T23:00:00Z");
        for (int k = 0; k < 6; k++) {
            JsonNode b = buckets.get(k);
            Instant from = Instant.parse(b.get("from").asText());
            Instant to = Instant.parse(b.get("to").asText());
            assertThat(from).as("window %d starts with its day", k).isEqualTo(dayStart);
            assertThat(to).as("window %d ends with its step", k).isEqualTo(dayStart.plusSeconds(3600L * (k + 1)).minusMillis(1));
            Exact x = Exact.of(Streams.within(all, from, to), "amount", "amount");
            assertThat(b.get("count").asLong()).isEqualTo(x.count()).isEqualTo(6L * (k + 1));
            assertThat(decimal(b.get("sum:amount"))).isEqualByComparingTo(x.sum());
        }
    }

    @Test
    void aCumulatingBucketNotAWholeNumberOfStepsIsRefusedNamingBoth() {
        Run r = run("series", "--stream", "orders:cumulate", "--since", "1d", "--cumulate", "7m", "--bucket", "1h", "--fold", "count");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--bucket 1h").contains("--cumulate 7m");
    }
}
