package echomq.cli;

import com.fasterxml.jackson.databind.JsonNode;
import echomq.redis.RedisConnections;
import echomq.sql.Refused;
import echomq.testkit.Seeded;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code sql "…"} over streams redis-cli wrote: the JSON shape, the table and CSV, each value the test's
 * own exact fold of what it wrote; every refused query exits 2 naming its construct with nothing sent to
 * Redis; a Redis that fails exits 1; {@code --follow} answers each closed window once;
 * {@code INSERT INTO} is a rollup, and a rollup of the rollup answers as the source does.
 */
class SqlCommandTest extends CliTest {

    static final String PER_MINUTE = "SELECT window_start, window_end, `user`, COUNT(*) AS n, SUM(amount) AS total, MAX(amount) "
            + "FROM TABLE(TUMBLE(TABLE `%s`, DESCRIPTOR(_time), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, `user`";

    @Test
    void aWindowAggregateAsJsonTableAndCsv() {
        Random rnd = Seeded.random("SqlCommandTest.json");
        List<RedisCli.Written> all = Streams.explicit(cli, "shop:{eu}:orders", rnd, 300, 300_000, 4);
        JsonNode doc = ok("sql", PER_MINUTE.formatted("shop:{eu}:orders"), "--format", "json").json();
        assertThat(doc.get("columns").toString()).isEqualTo("[{\"name\":\"window_start\",\"type\":\"TIMESTAMP_LTZ(3)\"},"
                + "{\"name\":\"window_end\",\"type\":\"TIMESTAMP_LTZ(3)\"},{\"name\":\"user\",\"type\":\"STRING\"},"
                + "{\"name\":\"n\",\"type\":\"BIGINT\"},{\"name\":\"total\",\"type\":\"DECIMAL\"},{\"name\":\"MAX(amount)\",\"type\":\"DECIMAL\"}]");
        TreeMap<String, List<RedisCli.Written>> groups = new TreeMap<>();
        for (RedisCli.Written w : all) {
            long start = Math.floorDiv(w.id().ms(), 60_000L) * 60_000L;
            groups.computeIfAbsent(Instant.ofEpochMilli(start) + " " + w.fields().get("user").get(), k -> new ArrayList<>()).add(w);
        }
        JsonNode rows = doc.get("rows");
        assertThat(rows).hasSize(groups.size());
        int i = 0;
        for (Map.Entry<String, List<RedisCli.Written>> g : groups.entrySet()) {
            JsonNode r = rows.get(i++);
            Exact x = Exact.of(g.getValue(), "amount", "user");
            Instant start = Instant.parse(g.getKey().split(" ")[0]);
            assertThat(r.get(0).asText()).isEqualTo(start.toString().replace("Z", ".000Z"));
            assertThat(r.get(1).asText()).isEqualTo(start.plusSeconds(60).toString().replace("Z", ".000Z"));
            assertThat(r.get(2).asText()).isEqualTo(g.getKey().split(" ")[1]);
            assertThat(r.get(3).asLong()).isEqualTo(x.count());
            if (x.max() == null) {
                assertThat(r.get(4).isNull()).as("SUM of no number is NULL").isTrue();
                assertThat(r.get(5).isNull()).isTrue();
            } else {
                assertThat(decimal(r.get(4))).isEqualByComparingTo(x.sum());
                assertThat(decimal(r.get(5))).isEqualByComparingTo(x.max());
            }
        }
        String table = ok("sql", PER_MINUTE.formatted("shop:{eu}:orders")).out();
        assertThat(table.lines().findFirst().get()).startsWith("window_start").contains("total").endsWith("MAX(amount)");
        assertThat(table.lines().count()).isEqualTo(groups.size() + 1);
        String csv = ok("sql", PER_MINUTE.formatted("shop:{eu}:orders"), "--format", "csv").out();
        assertThat(csv.lines().findFirst().get()).isEqualTo("window_start,window_end,user,n,total,MAX(amount)");
        assertThat(csv.lines().skip(1).findFirst().get().split(",", -1)).hasSize(6);
    }

    @Test
    void everyRefusedQueryExitsTwoNamingItsConstructWithNothingSentToRedis() {
        cli.xadd("orders", List.of("*"), List.of(io.vavr.collection.LinkedHashMap.of("user", "ada")));
        try (UnifiedJedis jedis = RedisConnections.connect(server.uri())) {
            for (Refused q : Refused.all()) {
                String before = commands(jedis);
                Run r = run("sql", q.sql());
                assertThat(r.code()).as("%s", q.sql()).isEqualTo(EchoMqCli.BAD_INPUT);
                assertThat(r.err()).as("%s", q.sql()).startsWith("error: ").contains(q.construct());
                assertThat(r.out()).isEmpty();
                assertThat(commands(jedis)).as("nothing sent to Redis for %s", q.sql()).isEqualTo(before);
            }
        }
    }

    @Test
    void badOptionsExitTwoAndARedisThatFailsOne() {
        String query = "SELECT COUNT(*) FROM orders WHERE _time > CURRENT_TIMESTAMP - INTERVAL '1' HOUR";
        assertThat(run("sql", query, "--follow").err()).contains("--follow answers each window as it closes");
        assertThat(run("sql", query, "--once").code()).isEqualTo(EchoMqCli.BAD_INPUT);
        assertThat(run("sql", query, "--time-field", "ts").err()).contains("--time-field needs --lateness");
        assertThat(run("sql", "INSERT INTO `o:1m` SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE o, DESCRIPTOR(_time), "
                + "INTERVAL '1' MINUTE)) GROUP BY window_start, window_end", "--follow").err()).contains("--follow is for a query");
        Run down = runWith(Map.of("REDIS_URL", "redis://127.0.0.1:1"), "sql", query);
        assertThat(down.code()).isEqualTo(EchoMqCli.FAILED);
        assertThat(down.err()).startsWith("error: Redis at redis://127.0.0.1:1").doesNotContain("\tat ");
    }

    @Test
    void followAnswersEachClosedWindowOnce() {
        Random rnd = Seeded.random("SqlCommandTest.follow");
        List<RedisCli.Written> all = Streams.explicit(cli, "orders:f", rnd, 200, 240_000, 3);
        Run r = ok("sql", "--follow", "--max-windows", "3", "--format", "json", "SELECT window_start, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE `orders:f`, "
                + "DESCRIPTOR(_time), INTERVAL '1' MINUTE)) WHERE _time >= TO_TIMESTAMP_LTZ(" + Streams.T + ", 3) GROUP BY window_start, window_end");
        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(3);
        for (int i = 0; i < 3; i++) {
            long start = Math.floorDiv(Streams.T, 60_000L) * 60_000L + i * 60_000L; // the first window is whole: only its rows are clipped
            long n = all.stream().filter(w -> w.id().ms() >= start && w.id().ms() < start + 60_000).count();
            JsonNode doc = readJson(lines.get(i));
            assertThat(doc.get("rows")).hasSize(1);
            assertThat(doc.get("rows").get(0).get(0).asText()).isEqualTo(Instant.ofEpochMilli(start).toString().replace("Z", ".000Z"));
            assertThat(doc.get("rows").get(0).get(1).asLong()).isEqualTo(n);
        }
    }

    @Test
    void insertIntoIsARollupAndARollupOfTheRollupAnswersAsTheSource() {
        Random rnd = Seeded.random("SqlCommandTest.insert");
        Streams.explicit(cli, "orders:i", rnd, 500, 3 * 3_600_000L, 5);
        String folds = "COUNT(*), SUM(amount), MAX(amount), MIN(amount), AVG(amount)";
        JsonNode minutes = ok("sql", "--once", "--format", "json", "INSERT INTO `orders:i:1m` SELECT window_start, window_end, " + folds
                + " FROM TABLE(TUMBLE(TABLE `orders:i`, DESCRIPTOR(_time), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end").json();
        assertThat(minutes.get("written").asLong()).isPositive();
        JsonNode again = ok("sql", "--once", "--format", "json", "INSERT INTO `orders:i:1m` SELECT window_start, window_end, " + folds
                + " FROM TABLE(TUMBLE(TABLE `orders:i`, DESCRIPTOR(_time), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end").json();
        assertThat(again.get("written").asLong()).as("exactly once").isZero();
        ok("sql", "--once", "INSERT INTO `orders:i:1h` SELECT " + folds
                + " FROM TABLE(TUMBLE(TABLE `orders:i:1m`, DESCRIPTOR(_time), INTERVAL '1' HOUR)) GROUP BY window_start, window_end");
        String perHour = "SELECT window_start, " + folds + " FROM TABLE(TUMBLE(TABLE `%s`, DESCRIPTOR(_time), INTERVAL '1' HOUR)) "
                + "GROUP BY window_start, window_end";
        JsonNode direct = ok("sql", perHour.formatted("orders:i"), "--format", "json").json();
        JsonNode chained = ok("sql", perHour.formatted("orders:i:1h"), "--format", "json").json();
        assertThat(chained.get("rows")).isEqualTo(direct.get("rows"));
        assertThat(direct.get("rows").size()).isBetween(3, 4);
    }

    static JsonNode readJson(String line) {
        try {
            return JSON.readTree(line);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Every command the server counted, but INFO itself. */
    static String commands(UnifiedJedis jedis) {
        StringBuilder kept = new StringBuilder();
        for (String line : jedis.info("commandstats").split("\r?\n")) {
            if (line.startsWith("cmdstat_") && !line.startsWith("cmdstat_info:")) {
                kept.append(line, 0, line.indexOf(",usec=")).append('\n');
            }
        }
        return kept.toString();
    }
}
