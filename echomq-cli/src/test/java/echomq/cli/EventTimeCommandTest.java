package echomq.cli;

import com.fasterxml.jackson.databind.JsonNode;
import echomq.domain.stream.StreamEntry;
import echomq.redis.RedisConnections;
import echomq.testkit.Seeded;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.UnifiedJedis;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code window}, {@code series} and {@code rollup} by the entries' own time ({@code --time-field},
 * #57): each answer equal to the brute force of the rule over every entry written (an entry of id
 * millisecond {@code m} and event time {@code e} counts when {@code m - L <= e <= m + E}, in the
 * window of {@code e}), the entries left out counted in the JSON answer as the brute force counts
 * them (those of the read's id range), the rollup's stream of left-out entries holding each once at
 * its own id; bad values refused naming them, before any command reaches Redis.
 */
class EventTimeCommandTest extends CliTest {

    static final long L = 30_000;
    static final long E = 1_000;
    static final long SPAN = 600_000;

    /** One written entry, its event time worked out here apart from the library: none when missing or not a time. */
    record Timed(RedisCli.Written w, Long e) {
        boolean onTime() {
            return e != null && e >= w.id().ms() - L && e <= w.id().ms() + E;
        }

        String reason() {
            return e == null ? "untimed" : e < w.id().ms() - L ? "late" : "early";
        }
    }

    static Stream<Object[]> cases() {
        long seed = Seeded.seed("EventTimeCommandTest");
        return Stream.of("ms", "s", "iso").flatMap(f -> Stream.of(new Object[]{f, seed}, new Object[]{f, seed + 1}));
    }

    /** {@code n} orders under explicit ids, each with a {@code ts} in {@code format}: mostly on time, some late, early, missing, malformed. */
    static List<Timed> write(String key, String format, Random rnd, int n) {
        List<Long> ms = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ms.add(Streams.T + (long) (rnd.nextDouble() * SPAN));
        }
        ms.sort(null);
        List<String> ids = new ArrayList<>();
        List<LinkedHashMap<String, String>> fields = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        long last = -1;
        int seq = 0;
        for (long m : ms) {
            seq = m == last ? seq + 1 : 0;
            last = m;
            ids.add(m + "-" + seq);
            int kind = rnd.nextInt(20);
            long e = switch (kind) {
                case 0 -> m - L - 1 - rnd.nextInt(60_000);          // late
                case 1 -> m + E + 1 + rnd.nextInt(60_000);          // early
                case 2 -> m - L;                                    // on the bounds
                case 3 -> m + E;
                default -> m - rnd.nextInt((int) (L + E + 1)) + E;  // on time
            };
            if ("s".equals(format)) {
                e = Math.floorDiv(e, 1000L) * 1000L;                 // what a time in whole seconds can say
            }
            LinkedHashMap<String, String> f = Streams.order(rnd, 10);
            Long time = e;
            if (kind == 4) {
                time = null;                                        // no ts
            } else if (kind == 5) {
                f = f.put("ts", "n/a");
                time = null;
            } else {
                f = f.put("ts", switch (format) {
                    case "ms" -> Long.toString(e);
                    case "s" -> Long.toString(e / 1000);
                    default -> OffsetDateTime.ofInstant(Instant.ofEpochMilli(e), ZoneOffset.ofHours(rnd.nextInt(5) - 2)).toString();
                });
            }
            fields.add(f);
            times.add(time);
        }
        List<RedisCli.Written> written = cli.xadd(key, ids, fields);
        List<Timed> out = new ArrayList<>();
        for (int i = 0; i < written.size(); i++) {
            out.add(new Timed(written.get(i), times.get(i)));
        }
        return out;
    }

    /** The entries on time of event time in {@code [t0, t1]}. */
    static List<RedisCli.Written> inWindow(List<Timed> all, long t0, long t1) {
        return all.stream().filter(t -> t.onTime() && t.e() >= t0 && t.e() <= t1).map(Timed::w).toList();
    }

    /** The entries left out with an id in {@code [t0, t1]}, by reason. */
    static long leftOut(List<Timed> all, long t0, long t1, String reason) {
        return all.stream().filter(t -> !t.onTime() && t.reason().equals(reason) && t.w().id().ms() >= t0 && t.w().id().ms() <= t1).count();
    }

    static void assertLeftOut(JsonNode j, List<Timed> all, long t0, long t1) {
        JsonNode left = j.get("left_out");
        for (String r : List.of("late", "early", "untimed")) {
            assertThat(left.get(r).asLong()).as("%s entries left out", r).isEqualTo(leftOut(all, t0, t1, r));
        }
    }

    @ParameterizedTest(name = "{0}, seed {1}")
    @MethodSource("cases")
    void windowSeriesAndRollupByEventTimeAreTheBruteForceOfTheRule(String format, long seed) {
        Random rnd = new Random(seed);
        String key = "orders:ts:" + format + ":" + seed;
        List<Timed> all = write(key, format, rnd, 300);
        long t0 = Streams.T + 60_000 + rnd.nextInt(60_000);
        long t1 = Streams.T + SPAN - 60_000 - rnd.nextInt(60_000);
        String[] time = {"--time-field", "ts", "--time-format", format, "--lateness", L / 1000 + "s", "--lead", E + "ms"};

        JsonNode w = ok(concat(new String[]{"window", "--stream", key, "--from", Instant.ofEpochMilli(t0).toString(),
                "--to", Instant.ofEpochMilli(t1).toString(), "--fold", "count,sum:amount", "--format", "json"}, time)).json();
        Exact x = Exact.of(inWindow(all, t0, t1), "amount", "user");
        assertThat(w.get("entries").asLong()).isEqualTo(x.count());
        assertThat(decimal(w.get("sum:amount"))).isEqualByComparingTo(x.sum());
        assertThat(w.get("time").get("field").asText()).isEqualTo("ts");
        assertThat(w.get("time").get("lateness_ms").asLong()).isEqualTo(L);
        assertLeftOut(w, all, t0, t1);

        JsonNode s = ok(concat(new String[]{"series", "--stream", key, "--from", Instant.ofEpochMilli(t0).toString(),
                "--to", Instant.ofEpochMilli(t1).toString(), "--bucket", "1m", "--fold", "count,sum:amount", "--format", "json"}, time)).json();
        long total = 0;
        for (JsonNode b : s.get("buckets")) {
            long from = Instant.parse(b.get("from").asText()).toEpochMilli();
            long to = Instant.parse(b.get("to").asText()).toEpochMilli();
            Exact bx = Exact.of(inWindow(all, from, to), "amount", "user");
            assertThat(b.get("entries").asLong()).as("bucket from %s", from).isEqualTo(bx.count());
            assertThat(decimal(b.get("sum:amount"))).isEqualByComparingTo(bx.sum());
            total += bx.count();
        }
        assertThat(total).isEqualTo(x.count());
        assertLeftOut(s, all, t0, t1);

        // the same questions in SQL: the ts bounds are the read's range, windows of the events' time, the same entries left out
        String bounded = " WHERE ts >= TO_TIMESTAMP_LTZ(" + t0 + ", 3) AND ts <= TO_TIMESTAMP_LTZ(" + t1 + ", 3)";
        JsonNode q = ok(concat(new String[]{"sql", "SELECT COUNT(*) AS n, SUM(amount) AS total FROM `" + key + "`" + bounded, "--format", "json"},
                time)).json();
        assertThat(q.get("rows").get(0).get(0).asLong()).isEqualTo(x.count());
        assertThat(decimal(q.get("rows").get(0).get(1))).isEqualByComparingTo(x.sum());
        assertThat(q.get("time").get("format").asText()).isEqualTo(format);
        assertLeftOut(q, all, t0, t1);
        JsonNode tumble = ok(concat(new String[]{"sql", "SELECT window_start, window_end, COUNT(*) AS n, SUM(amount) AS total FROM TABLE(TUMBLE("
                + "TABLE `" + key + "`, DESCRIPTOR(ts), INTERVAL '1' MINUTE))" + bounded + " GROUP BY window_start, window_end", "--format", "json"}, time))
                .json();
        List<String> members = new ArrayList<>();
        tumble.fieldNames().forEachRemaining(members::add);
        assertThat(members).as("columns and rows first, as docs/13 fixes them").containsExactly("columns", "rows", "time", "left_out");
        long inWindows = 0;
        for (JsonNode row : tumble.get("rows")) {
            long from = Instant.parse(row.get(0).asText()).toEpochMilli();
            long to = Instant.parse(row.get(1).asText()).toEpochMilli();
            Exact wx = Exact.of(inWindow(all, Math.max(t0, from), Math.min(t1, to - 1)), "amount", "user");
            assertThat(row.get(2).asLong()).as("window from %s", from).isEqualTo(wx.count());
            if (wx.numbers() == 0) {
                // SQL's SUM of no number is NULL (Flink's too), where the command line's sum:F is 0
                assertThat(row.get(3).isNull()).as("SUM of window from %s, which holds no amount", from).isTrue();
            } else {
                assertThat(decimal(row.get(3))).isEqualByComparingTo(wx.sum());
            }
            inWindows += wx.count();
        }
        assertThat(inWindows).isEqualTo(x.count());
        assertLeftOut(tumble, all, t0, t1);

        // by the ids' time the same window is another answer whenever an entry's event time falls in another minute than its id
        JsonNode byId = ok("window", "--stream", key, "--from", Instant.ofEpochMilli(t0).toString(), "--to", Instant.ofEpochMilli(t1).toString(),
                "--fold", "count", "--format", "json").json();
        assertThat(byId.has("left_out")).isFalse();
        assertThat(byId.get("entries").asLong()).isEqualTo(Streams.within(all.stream().map(Timed::w).toList(),
                Instant.ofEpochMilli(t0), Instant.ofEpochMilli(t1)).size());

        // the whole history rolled up by event time (2023: every bucket closed), what it leaves out copied to a stream of its own
        JsonNode r = ok(concat(new String[]{"rollup", "--stream", key, "--bucket", "1m", "--fold", "count,sum:amount", "--into", key + ":1m",
                "--late-into", key + ":late", "--once", "--format", "json"}, time)).json();
        java.util.TreeMap<Long, List<RedisCli.Written>> perMinute = new java.util.TreeMap<>();
        all.stream().filter(Timed::onTime).forEach(t -> perMinute.computeIfAbsent(Math.floorDiv(t.e(), 60_000L) * 60_000L,
                k -> new ArrayList<>()).add(t.w()));
        List<StreamEntry> target = RollupCommandTest.read(key + ":1m");
        assertThat(target).extracting(e -> e.id().ms()).containsExactlyElementsOf(perMinute.keySet());
        int i = 0;
        for (var minute : perMinute.entrySet()) {
            StreamEntry e = target.get(i++);
            Exact mx = Exact.of(minute.getValue(), "amount", "user");
            assertThat(Long.parseLong(e.field("entries").get())).isEqualTo(mx.count());
            assertThat(new BigDecimal(e.field("sum_amount").get())).isEqualByComparingTo(mx.sum());
        }
        assertThat(r.get("written").asLong()).isEqualTo(perMinute.size());
        List<Timed> left = all.stream().filter(t -> !t.onTime()).toList();
        List<StreamEntry> copies = RollupCommandTest.read(key + ":late");
        assertThat(copies).extracting(StreamEntry::id).containsExactlyElementsOf(left.stream().map(t -> t.w().id()).toList());
        for (int k = 0; k < copies.size(); k++) {
            assertThat(copies.get(k).field("reason").get()).isEqualTo(left.get(k).reason());
            assertThat(copies.get(k).field("user").getOrNull()).isEqualTo(left.get(k).w().field("user"));
        }
        assertThat(r.get("late_copied").asLong()).isEqualTo(left.size());
        // INSERT INTO by DESCRIPTOR(ts) is the same rollup by event time
        ok(concat(new String[]{"sql", "INSERT INTO `" + key + ":sql1m` SELECT window_start, window_end, COUNT(*), SUM(amount) FROM TABLE(TUMBLE("
                + "TABLE `" + key + "`, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end", "--once", "--format", "json"}, time));
        List<StreamEntry> bySql = RollupCommandTest.read(key + ":sql1m");
        assertThat(bySql).extracting(e -> e.id().ms()).containsExactlyElementsOf(perMinute.keySet());
        assertThat(bySql).extracting(e -> e.field("entries").get()).containsExactlyElementsOf(target.stream().map(e -> e.field("entries").get()).toList());
        JsonNode again = ok(concat(new String[]{"rollup", "--stream", key, "--bucket", "1m", "--fold", "count,sum:amount", "--into", key + ":1m",
                "--late-into", key + ":late", "--once", "--format", "json"}, time)).json();
        assertThat(again.get("written").asLong()).isZero();
        assertThat(again.get("late_copied").asLong()).isZero();
        assertThat(RollupCommandTest.read(key + ":late")).hasSize(left.size());
    }

    @Test
    void badValuesAreRefusedNamingThemBeforeAnyCommandReachesRedis() {
        String[][] bad = {
                {"window", "--stream", "o", "--since", "1h", "--fold", "count", "--time-field", "ts", "--time-format", "epoch"},
                {"window", "--stream", "o", "--since", "1h", "--fold", "count", "--time-field", "ts", "--lateness", "5 parsecs"},
                {"window", "--stream", "o", "--since", "1h", "--fold", "count", "--time-field", "ts", "--lateness", "-5m"},
                {"series", "--stream", "o", "--since", "1h", "--bucket", "1m", "--fold", "count", "--time-field", "ts", "--lead", "4000d"},
                {"series", "--stream", "o", "--since", "1h", "--bucket", "1m", "--fold", "count", "--time-field", " "},
                {"series", "--stream", "o", "--since", "1h", "--bucket", "1m", "--fold", "count", "--lateness", "5m"},
                {"rollup", "--stream", "o", "--bucket", "1m", "--fold", "count", "--into", "o:1m", "--once", "--late-into", "o:late"},
                {"rollup", "--stream", "o", "--bucket", "1m", "--fold", "count", "--into", "o:1m", "--once", "--time-field", "ts",
                        "--late-into", "o:1m"},
                {"sql", "SELECT COUNT(*) FROM o WHERE ts > CURRENT_TIMESTAMP - INTERVAL '1' HOUR", "--lateness", "5m"},
                {"sql", "SELECT COUNT(*) FROM o WHERE _time > CURRENT_TIMESTAMP - INTERVAL '1' HOUR", "--time-field", "_time"},
                {"sql", "SELECT COUNT(*) FROM o WHERE ts > CURRENT_TIMESTAMP - INTERVAL '1' HOUR", "--time-field", "ts", "--lead", "1 fortnight"},
                {"sql", "SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE o, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) WHERE _id > '1-0' "
                        + "GROUP BY window_start, window_end", "--time-field", "ts"},
        };
        String[] named = {"--time-format", "--lateness", "--lateness", "--lead", "--time-field", "--lateness", "--late-into", "--late-into",
                "--lateness", "--time-field", "--lead", "_id is not supported in a query windowed by DESCRIPTOR(ts)"};
        try (UnifiedJedis jedis = RedisConnections.connect(server.uri())) {
            for (int i = 0; i < bad.length; i++) {
                String before = SqlCommandTest.commands(jedis);
                Run r = run(bad[i]);
                assertThat(r.code()).as(String.join(" ", bad[i])).isEqualTo(2);
                assertThat(r.err()).as(String.join(" ", bad[i])).contains(named[i]);
                assertThat(SqlCommandTest.commands(jedis)).as("nothing sent to Redis for %s", String.join(" ", bad[i])).isEqualTo(before);
            }
        }
    }

    static String[] concat(String[] a, String[] b) {
        return Stream.concat(Stream.of(a), Stream.of(b)).toArray(String[]::new);
    }
}
