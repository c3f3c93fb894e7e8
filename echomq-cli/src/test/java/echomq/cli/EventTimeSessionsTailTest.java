package echomq.cli;

import com.fasterxml.jackson.databind.JsonNode;
import echomq.redis.RedisConnections;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.UnifiedJedis;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code sessions} and {@code tail} by the entries' own time ({@code --time-field}, #57). Sessions: on
 * seeded random streams (entries late, early, on the bounds, without a time, with one that is not a
 * time) every session equals the brute force of the rule over every entry written: the entries on time,
 * ordered by event time, cut at each gap of their own times, kept when their last event time lies in the
 * range; the entries left out counted as the brute force counts those of the read's ids. Tail: each entry
 * printed with its event time and where the rule puts it; each bucket, closed once the lateness passed,
 * holding exactly the entries on time of its event times and counting those left out among its ids.
 */
class EventTimeSessionsTailTest extends CliTest {

    static final long L = EventTimeCommandTest.L;
    static final long E = EventTimeCommandTest.E;

    static Stream<Object[]> cases() {
        return EventTimeCommandTest.cases();
    }

    /** A session as the brute force finds it. */
    record Found(String key, List<EventTimeCommandTest.Timed> entries) {
        long from() {
            return entries.get(0).e();
        }

        long to() {
            return entries.get(entries.size() - 1).e();
        }
    }

    @ParameterizedTest(name = "{0}, seed {1}")
    @MethodSource("cases")
    void sessionsByEventTimeAreTheBruteForceOfTheRule(String format, long seed) {
        Random rnd = new Random(seed);
        String key = "orders:sessions:ts:" + format + ":" + seed;
        List<EventTimeCommandTest.Timed> all = EventTimeCommandTest.write(key, format, rnd, 300);
        long gap = 30_000;
        long longest = 3_600_000;
        long t0 = Streams.T + 60_000 + rnd.nextInt(120_000);
        long t1 = Streams.T + EventTimeCommandTest.SPAN - 60_000 - rnd.nextInt(120_000);
        long reach = t0 - longest - gap;

        // the brute force: each user's entries on time read by the range (event time in [reach, t1]), by event time then id
        Map<String, List<EventTimeCommandTest.Timed>> byUser = new TreeMap<>();
        all.stream().filter(t -> t.onTime() && t.e() >= reach && t.e() <= t1)
                .sorted(Comparator.comparingLong(EventTimeCommandTest.Timed::e).thenComparing(t -> t.w().id()))
                .forEach(t -> byUser.computeIfAbsent(t.w().field("user"), u -> new ArrayList<>()).add(t));
        List<Found> expected = new ArrayList<>();
        byUser.forEach((user, entries) -> {
            List<EventTimeCommandTest.Timed> current = new ArrayList<>();
            for (EventTimeCommandTest.Timed t : entries) {
                if (!current.isEmpty() && t.e() - current.get(current.size() - 1).e() >= gap) {
                    expected.add(new Found(user, current));
                    current = new ArrayList<>();
                }
                current.add(t);
            }
            if (!current.isEmpty()) {
                expected.add(new Found(user, current));
            }
        });
        expected.removeIf(f -> f.to() < t0);
        expected.sort(Comparator.comparingLong(Found::from).thenComparing(Found::key));
        assertThat(expected).as("the seed draws sessions to check").hasSizeGreaterThan(5);

        JsonNode j = ok("sessions", "--stream", key, "--by", "user", "--gap", "30s", "--longest", "1h",
                "--from", Instant.ofEpochMilli(t0).toString(), "--to", Instant.ofEpochMilli(t1).toString(), "--fold", "count,sum:amount",
                "--format", "json", "--time-field", "ts", "--time-format", format, "--lateness", L / 1000 + "s", "--lead", E + "ms").json();
        assertThat(WindowCommandTest.names(j)).containsExactly("stream", "by", "gap", "sessions", "time", "left_out");
        JsonNode sessions = j.get("sessions");
        assertThat(sessions.size()).isEqualTo(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            Found f = expected.get(i);
            JsonNode s = sessions.get(i);
            assertThat(s.get("key").asText()).as("session %d", i).isEqualTo(f.key());
            assertThat(Instant.parse(s.get("from").asText()).toEpochMilli()).as("session %d from", i).isEqualTo(f.from());
            assertThat(Instant.parse(s.get("to").asText()).toEpochMilli()).as("session %d to", i).isEqualTo(f.to());
            Exact x = Exact.of(f.entries().stream().map(EventTimeCommandTest.Timed::w).toList(), "amount", "user");
            assertThat(s.get("entries").asLong()).isEqualTo(x.count());
            assertThat(decimal(s.get("sum:amount"))).isEqualByComparingTo(x.sum());
        }
        // what the read's ids [t0 - longest - gap, t1] hold that the rule leaves out, counted
        EventTimeCommandTest.assertLeftOut(j, all, reach, t1);
        assertThat(j.get("left_out").get("late").asLong() + j.get("left_out").get("early").asLong()).as("the seed draws entries left out")
                .isPositive();
    }

    /** Each entry as it arrives, with its event time and where the rule puts it: on time, late, early, untimed. */
    @Test
    void tailPrintsEachEntryWithItsEventTimeAndTiming() throws Exception {
        List<Stamped> written = new CopyOnWriteArrayList<>();
        CompletableFuture<Run> tail = CompletableFuture.supplyAsync(() -> run("tail", "--stream", "orders:tail:ts", "--format", "json",
                "--max-rows", "8", "--time-field", "ts", "--lateness", "5s", "--lead", "1s"));
        writeUntil(tail, "orders:tail:ts", written);
        Run r = tail.get(30, TimeUnit.SECONDS);
        assertThat(r.code()).as(r.err()).isZero();
        List<JsonNode> rows = r.out().lines().map(EventTimeSessionsTailTest::parse).toList();
        assertThat(rows).hasSize(8);
        List<String> ids = written.stream().map(w -> w.w().id().toString()).toList();
        int first = ids.indexOf(rows.get(0).get("id").asText());
        assertThat(first).as("the first entry printed was written").isNotNegative();
        java.util.Set<String> timings = new java.util.HashSet<>();
        for (int i = 0; i < rows.size(); i++) {
            Stamped w = written.get(first + i);
            JsonNode row = rows.get(i);
            assertThat(WindowCommandTest.names(row)).containsExactly("stream", "id", "time", "event_time", "timing", "fields");
            assertThat(row.get("id").asText()).isEqualTo(w.w().id().toString());
            assertThat(row.get("timing").asText()).as("entry %s stamped %s", w.w().id(), w.ts()).isEqualTo(w.timing(5_000, 1_000));
            if (w.ts() == null) {
                assertThat(row.get("event_time").isNull()).isTrue();
            } else {
                assertThat(Instant.parse(row.get("event_time").asText()).toEpochMilli()).isEqualTo(w.ts());
            }
            timings.add(row.get("timing").asText());
        }
        assertThat(timings).as("eight entries in a row cover the four kinds the writer cycles through").containsExactlyInAnyOrder(
                "on_time", "late", "early", "untimed");
    }

    /**
     * Each bucket by event time once the lateness has passed on Redis' clock: its entries those on time of
     * its event times (written in this bucket or the next, stamped up to 1.5 s back), its left-out counts
     * those among its own ids.
     */
    @Test
    void tailBucketsByEventTimeHoldTheEntriesOnTimeOfTheirTimes() throws Exception {
        List<Stamped> written = new CopyOnWriteArrayList<>();
        CompletableFuture<Run> tail = CompletableFuture.supplyAsync(() -> run("tail", "--stream", "orders:tailbuckets:ts", "--bucket", "1s",
                "--fold", "count,sum:amount", "--format", "json", "--max-rows", "3", "--time-field", "ts", "--lateness", "2s"));
        writeUntil(tail, "orders:tailbuckets:ts", written);
        Run r = tail.get(40, TimeUnit.SECONDS);
        assertThat(r.code()).as(r.err()).isZero();
        List<JsonNode> rows = r.out().lines().map(EventTimeSessionsTailTest::parse).toList();
        assertThat(rows).hasSize(3);
        long leftOut = 0;
        for (JsonNode row : rows) {
            long from = Instant.parse(row.get("from").asText()).toEpochMilli();
            long to = Instant.parse(row.get("to").asText()).toEpochMilli();
            List<RedisCli.Written> in = written.stream().filter(w -> w.timing(2_000, 1_000).equals("on_time") && w.ts() >= from && w.ts() <= to)
                    .map(Stamped::w).toList();
            Exact x = Exact.of(in, "amount", "user");
            assertThat(row.get("entries").asLong()).as("bucket from %s", row.get("from")).isEqualTo(x.count());
            assertThat(decimal(row.get("sum:amount"))).isEqualByComparingTo(x.sum());
            for (String reason : List.of("late", "early", "untimed")) {
                long expected = written.stream().filter(w -> w.timing(2_000, 1_000).equals(reason) && w.w().id().ms() >= from
                        && w.w().id().ms() <= to).count();
                assertThat(row.get("left_out").get(reason).asLong()).as("%s in bucket from %s", reason, row.get("from")).isEqualTo(expected);
                leftOut += expected;
            }
        }
        assertThat(leftOut).as("the writer's left-out entries were met in three seconds of buckets").isPositive();
    }

    @Test
    void tailRefusesATimeOptionWithoutTheFieldBeforeAnyCommandReachesRedis() {
        try (UnifiedJedis jedis = RedisConnections.connect(server.uri())) {
            String before = SqlCommandTest.commands(jedis);
            Run r = run("tail", "--stream", "o", "--lateness", "5m");
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err()).contains("--lateness").contains("--time-field");
            Run s = run("sessions", "--stream", "o", "--by", "user", "--gap", "1m", "--since", "1h", "--fold", "count", "--time-field", "ts",
                    "--time-format", "fortnights");
            assertThat(s.code()).isEqualTo(2);
            assertThat(s.err()).contains("--time-format");
            assertThat(SqlCommandTest.commands(jedis)).isEqualTo(before);
        }
    }

    /** An entry written with a {@code *} id and the {@code ts} stamped on it, or none. */
    record Stamped(RedisCli.Written w, Long ts) {
        String timing(long lateness, long lead) {
            long m = w.id().ms();
            return ts == null ? "untimed" : ts < m - lateness ? "late" : ts > m + lead ? "early" : "on_time";
        }
    }

    /**
     * Appends an entry every 40 ms until {@code tail} ends (at most 20 s), cycling through an entry on time
     * (stamped 0 to 1.5 s back), one 60 s late, one 30 s early and one without a time.
     */
    private static void writeUntil(CompletableFuture<Run> tail, String key, List<Stamped> written) throws InterruptedException {
        long stopAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        Random rnd = new Random(key.hashCode());
        int i = 0;
        while (!tail.isDone() && System.nanoTime() < stopAt) {
            i++;
            long now = System.currentTimeMillis();
            Long ts = switch (i % 4) {
                case 0 -> now - rnd.nextInt(1_500);
                case 1 -> now - 60_000;
                case 2 -> now + 30_000;
                default -> null;
            };
            LinkedHashMap<String, String> f = LinkedHashMap.of("amount", Integer.toString(i % 17), "user", "u" + i % 3);
            if (ts != null) {
                f = f.put("ts", Long.toString(ts));
            }
            written.add(new Stamped(cli.xadd(key, List.of("*"), List.of(f)).get(0), ts));
            Thread.sleep(40);
        }
    }

    private static JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (java.io.IOException e) {
            throw new AssertionError("not a JSON line: " + line, e);
        }
    }
}
