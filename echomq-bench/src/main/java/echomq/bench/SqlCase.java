package echomq.bench;

import echomq.redis.RedisPorts;
import echomq.sql.EchoSql;
import echomq.sql.Oracle;
import echomq.sql.Queries;
import echomq.sql.result.Answer;
import echomq.sql.result.Value;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.XAddParams;

import java.io.BufferedWriter;
import java.io.OutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;

/**
 * 17. SQL over Redis streams (issue #58), against Flink 2.3 run locally in batch mode over the same rows
 * written to a CSV file (Flink is a dependency of this module only).
 * <ol>
 *   <li><b>Differential</b>: seeded random queries of every shape both answer alike (TUMBLE with offsets,
 *       HOP, CUMULATE, aggregates without a window, every aggregate Flink's batch mode answers in a
 *       definite order, row, time and window predicates, window top-N, ORDER BY and LIMIT; the
 *       property tests' generator in its Flink mode: no SESSION, which batch refuses, no FIRST_VALUE or
 *       LAST_VALUE, which batch answers in arbitrary order, no COUNT(DISTINCT) beside
 *       APPROX_COUNT_DISTINCT, which batch's planner refuses), each answer compared row for row with
 *       Flink's, numbers to Flink's precision (its {@code AVG} of a decimal keeps 6 places).</li>
 *   <li><b>Throughput</b>: {@code TUMBLE} 1 minute, {@code GROUP BY} a key of 1,000 values,
 *       {@code COUNT(*)}, {@code SUM}, {@code MAX} over 1,000,000 entries spread over two hours: Flink
 *       warm (its start-up measured apart), {@code EchoSql}, the command line's {@code sql} and the same
 *       question through {@code series --by}, in this JVM, rounds alternating. Goals: at least 3× Flink's
 *       entries per second; within 1.3× of {@code series --by}.</li>
 * </ol>
 */
final class SqlCase {

    private SqlCase() {
    }

    /**
     * The case. {@code sql-queries=N} in the bench's arguments runs the differential only, of N random
     * queries ({@code -Dbench.jvm=-Dechomq.seed=S} replays a run's); {@code sql-seeds=S1,S2} the
     * differential only, of the queries of those case seeds (each printed as {@code seed S (…)}).
     */
    static void run(Harness h, UnifiedJedis jedis, String uri, boolean quick, int rounds, Path target, String args) throws Exception {
        Path dir = target.resolve("sql-case");
        Files.createDirectories(dir);
        java.util.regex.Matcher queries = java.util.regex.Pattern.compile("sql-queries=([0-9]+)").matcher(args);
        java.util.regex.Matcher seeds = java.util.regex.Pattern.compile("sql-seeds=(-?[0-9]+(,-?[0-9]+)*)").matcher(args);
        long t0 = System.nanoTime();
        try (MiniCluster cluster = cluster()) {
            TableEnvironment flink = flink(cluster);
            double startup = (System.nanoTime() - t0) / 1e6;
            System.out.printf("[case 17] Flink's start-up: a local MiniCluster (1 task manager, 2 slots) and a batch TableEnvironment on it, %.0f ms%n",
                    startup);
            if (seeds.find()) {
                List<Queries.Case> chosen = java.util.Arrays.stream(seeds.group(1).split(","))
                        .map(seed -> Queries.of(Long.parseLong(seed), "orders", true)).toList();
                differential(jedis, flink, chosen, dir);
            } else if (queries.find()) {
                differential(jedis, flink, Integer.parseInt(queries.group(1)), dir);
            } else {
                differential(jedis, flink, quick ? 24 : 120, dir);
                throughput(h, jedis, uri, flink, quick ? 100_000 : 1_000_000, rounds, dir);
            }
        }
    }

    /**
     * Flink local: one MiniCluster for the whole case, as a session cluster on this machine would be. (A
     * TableEnvironment without one starts and stops a MiniCluster per query, and its collect then races the
     * cluster's shutdown: "MiniCluster is not yet running or has already been shut down".)
     */
    static MiniCluster cluster() throws Exception {
        Configuration conf = new Configuration();
        conf.set(RestOptions.PORT, 0);
        MiniCluster cluster = new MiniCluster(new MiniClusterConfiguration.Builder().setConfiguration(conf).setNumTaskManagers(1)
                .setNumSlotsPerTaskManager(Runtime.getRuntime().availableProcessors()).build());
        cluster.start();
        return cluster;
    }

    static TableEnvironment flink(MiniCluster cluster) throws Exception {
        java.net.URI rest = cluster.getRestAddress().get();
        Configuration client = new Configuration();
        client.set(DeploymentOptions.TARGET, "remote");
        client.set(RestOptions.ADDRESS, rest.getHost());
        client.set(RestOptions.PORT, rest.getPort());
        TableEnvironment t = TableEnvironment.create(EnvironmentSettings.newInstance().inBatchMode().withConfiguration(client).build());
        t.getConfig().setLocalTimeZone(ZoneOffset.UTC); // TIMESTAMP literals and window bounds in UTC, as EchoSql reads them
        return t;
    }

    /** Flink's table over a CSV file of {@code ms, seq, user, region, amount, note}, {@code _time} computed from the ms. */
    static void table(TableEnvironment flink, String name, Path csv) {
        flink.executeSql("DROP TEMPORARY TABLE IF EXISTS `" + name + "`");
        flink.executeSql("CREATE TEMPORARY TABLE `" + name + "` (ms BIGINT, seq BIGINT, `user` STRING, region STRING, amount DECIMAL(20, 4), "
                + "note STRING, `_time` AS TO_TIMESTAMP_LTZ(ms, 3)) WITH ('connector' = 'filesystem', 'path' = '" + csv.toUri()
                + "', 'format' = 'csv', 'csv.null-literal' = '\\N')");
    }

    static void csv(Path file, List<Oracle.Row> rows) throws Exception {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (Oracle.Row r : rows) {
                w.write(r.ms() + "," + r.seq() + "," + f(r, "user") + "," + f(r, "region") + "," + f(r, "amount") + "," + f(r, "note"));
                w.newLine();
            }
        }
    }

    private static String f(Oracle.Row r, String field) {
        String v = r.fields().get(field);
        return v == null ? "\\N" : v;
    }

    static void redis(UnifiedJedis jedis, String key, List<Oracle.Row> rows) {
        jedis.del(key);
        for (int i = 0; i < rows.size(); i += 10_000) {
            try (AbstractPipeline p = jedis.pipelined()) {
                for (Oracle.Row r : rows.subList(i, Math.min(rows.size(), i + 10_000))) {
                    p.xadd(key, XAddParams.xAddParams().id(new StreamEntryID(r.ms(), r.seq())), new LinkedHashMap<>(r.fields()));
                }
                p.sync();
            }
        }
    }

    // ---- 1. the differential ----------------------------------------------------------------------

    static void differential(UnifiedJedis jedis, TableEnvironment flink, int cases, Path dir) throws Exception {
        Random seeds = echomq.testkit.Seeded.random("SqlCase.differential");
        List<Queries.Case> all = new ArrayList<>();
        for (int i = 0; i < cases; i++) {
            all.add(Queries.next(seeds, "orders", true));
        }
        differential(jedis, flink, all, dir);
    }

    static void differential(UnifiedJedis jedis, TableEnvironment flink, List<Queries.Case> all, Path dir) throws Exception {
        int cases = all.size();
        EchoSql sql = EchoSql.over(RedisPorts.over(jedis));
        Map<String, int[]> byShape = new LinkedHashMap<>();
        List<String> differ = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        int equal = 0;
        for (int i = 0; i < cases; i++) {
            Queries.Case c = all.get(i);
            Path file = dir.resolve("case-" + i + ".csv");
            csv(file, c.rows());
            table(flink, "orders", file);
            redis(jedis, "orders", c.rows());
            List<List<Object>> ours = normal(sql.query(c.sql()));
            List<List<Object>> theirs = new ArrayList<>();
            try (CloseableIterator<Row> it = flink.executeSql(c.sql()).collect()) {
                while (it.hasNext()) {
                    Row r = it.next();
                    List<Object> row = new ArrayList<>();
                    for (int k = 0; k < r.getArity(); k++) {
                        row.add(normal(r.getField(k)));
                    }
                    theirs.add(row);
                }
            } catch (RuntimeException refused) {
                byShape.computeIfAbsent("failed in Flink", k -> new int[2])[1]++;
                Path why = dir.resolve("case-" + i + ".flink-failure.txt");
                java.io.StringWriter trace = new java.io.StringWriter();
                refused.printStackTrace(new java.io.PrintWriter(trace));
                Files.writeString(why, c + "\n\n" + trace);
                failed.add(c + "\n    Flink failed: " + flinkFailure(refused) + " (whole: " + why + ")\n    ours  " + ours);
                continue;
            }
            boolean ordered = c.sql().contains(" ORDER BY ");
            if (!ordered) {
                ours.sort(SqlCase::compareRows);
                theirs.sort(SqlCase::compareRows);
            }
            String shape = shape(c.sql());
            int[] counts = byShape.computeIfAbsent(shape, k -> new int[2]);
            if (same(ours, theirs)) {
                equal++;
                counts[0]++;
            } else {
                counts[1]++;
                differ.add(c + "\n    ours  " + ours + "\n    Flink " + theirs);
            }
        }
        System.out.printf("[case 17] differential: %d of %d random queries answered as Flink 2.3 (batch) answers them; by shape (equal/differ): %s%n",
                equal, cases, byShape.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()[0] + "/" + e.getValue()[1]).toList());
        differ.stream().limit(10).forEach(d -> System.out.println("[case 17] differs: " + d));
        failed.stream().limit(10).forEach(d -> System.out.println("[case 17] not compared, failed in Flink: " + d));
        Bench.MEMORY.put("17 differential", Map.of("queries", cases, "equal", equal, "byShape",
                byShape.entrySet().stream().collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, e -> e.getValue()[0] + "/" + e.getValue()[1]))));
    }

    /** Flink's reason: the first line of the exception and of its deepest cause that says more than the first. */
    static String flinkFailure(Throwable t) {
        String first = String.valueOf(t.getMessage()).lines().findFirst().orElse("").trim();
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String why = String.valueOf(root.getMessage()).lines().map(String::trim).filter(l -> !l.isEmpty() && !first.contains(l)).findFirst().orElse("");
        return why.isEmpty() ? first : first + " … " + why;
    }

    static String shape(String sql) {
        String kind = sql.contains("TUMBLE(") ? "TUMBLE" : sql.contains("HOP(") ? "HOP" : sql.contains("CUMULATE(") ? "CUMULATE" : "no window";
        return kind + (sql.contains("ROW_NUMBER()") ? " top-N" : "") + (sql.contains(" ORDER BY ") ? " ordered" : "");
    }

    /** A value as both sides are compared: instants in epoch ms, numbers as decimals, text, null. */
    static Object normal(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof LocalDateTime t) {
            return t.toInstant(ZoneOffset.UTC).toEpochMilli();
        }
        if (v instanceof Instant t) {
            return t.toEpochMilli();
        }
        if (v instanceof Double d) {
            return BigDecimal.valueOf(d);
        }
        if (v instanceof Number n) {
            return new BigDecimal(n.toString());
        }
        return v.toString();
    }

    static List<List<Object>> normal(Answer a) {
        List<List<Object>> out = new ArrayList<>();
        for (io.vavr.collection.List<Value> r : a.rows()) {
            List<Object> row = new ArrayList<>();
            for (Value v : r) {
                row.add(v instanceof Value.Time t ? (Object) t.value().toEpochMilli() : v.isNull() ? null
                        : v.number().isDefined() ? v.number().get() : v.text());
            }
            out.add(row);
        }
        return out;
    }

    static boolean same(List<List<Object>> a, List<List<Object>> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).size() != b.get(i).size()) {
                return false;
            }
            for (int k = 0; k < a.get(i).size(); k++) {
                Object x = a.get(i).get(k);
                Object y = b.get(i).get(k);
                if (x instanceof BigDecimal p && y instanceof BigDecimal q) {
                    // to Flink's precision: its AVG of a decimal keeps 6 places, its moments are doubles
                    BigDecimal tolerance = p.abs().max(q.abs()).multiply(new BigDecimal("1e-9")).max(new BigDecimal("0.000001"));
                    if (p.subtract(q).abs().compareTo(tolerance) > 0) {
                        return false;
                    }
                } else if (!java.util.Objects.equals(x, y)) {
                    return false;
                }
            }
        }
        return true;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compareRows(List<Object> a, List<Object> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            Object x = a.get(i);
            Object y = b.get(i);
            int c = x == null || y == null ? (x == y ? 0 : x == null ? -1 : 1) : ((Comparable) x).compareTo(y);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    // ---- 2. throughput ----------------------------------------------------------------------------

    static void throughput(Harness h, UnifiedJedis jedis, String uri, TableEnvironment flink, int entries, int rounds, Path dir) throws Exception {
        long from = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
        long span = 2 * 3_600_000L;
        List<Oracle.Row> rows = new ArrayList<>(entries);
        Random r = new Random(58);
        long last = -1;
        long seq = 0;
        for (int k = 0; k < entries; k++) {
            long ms = from + span * k / entries;
            seq = ms == last ? seq + 1 : 0;
            last = ms;
            Map<String, String> f = new LinkedHashMap<>();
            f.put("user", "u" + r.nextInt(1000));
            f.put("amount", Integer.toString(r.nextInt(1000)));
            rows.add(new Oracle.Row(ms, seq, f));
        }
        String key = "sql-orders-" + System.nanoTime();
        long l0 = System.nanoTime();
        redis(jedis, key, rows);
        Path file = dir.resolve("throughput.csv");
        csv(file, rows);
        System.out.printf("[case 17] loaded %d entries over two hours into Redis and %s in %.1f s%n", entries, file, (System.nanoTime() - l0) / 1e9);
        table(flink, key, file);
        String query = "SELECT window_start, window_end, `user`, COUNT(*) AS n, SUM(amount) AS total, MAX(amount) AS top FROM TABLE(TUMBLE(TABLE `"
                + key + "`, DESCRIPTOR(_time), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, `user`";
        long f0 = System.nanoTime();
        long groups = flinkRows(flink, query);
        System.out.printf("[case 17] Flink's first run of the query (cold: its planner and runtime loaded): %.0f ms, %d rows%n",
                (System.nanoTime() - f0) / 1e6, groups);
        EchoSql sql = EchoSql.over(RedisPorts.over(jedis));
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        String[] cliSql = {"sql", "--redis", uri, "--format", "json", query};
        String[] cliSeries = {"series", "--redis", uri, "--stream", key, "--from", Instant.ofEpochMilli(from).toString(), "--to",
                Instant.ofEpochMilli(last).toString(), "--bucket", "1m", "--by", "user", "--fold", "count,sum:amount,max:amount", "--format", "json"};
        Map<String, Callable<Long>> contenders = new LinkedHashMap<>();
        contenders.put("Flink 2.3 local, batch, warm", () -> check(flinkRows(flink, query), groups, entries));
        contenders.put("EchoSql.query", () -> check(sql.query(query).rows().size(), groups, entries));
        contenders.put("echomq-cli sql, in this JVM", () -> {
            int exit = echomq.cli.EchoMqCli.run(discard, discard, Map.of(), cliSql);
            if (exit != 0) {
                throw new IllegalStateException("echomq-cli sql exited " + exit);
            }
            return (long) entries;
        });
        contenders.put("echomq-cli series --by user, in this JVM", () -> {
            int exit = echomq.cli.EchoMqCli.run(discard, discard, Map.of(), cliSeries);
            if (exit != 0) {
                throw new IllegalStateException("echomq-cli series exited " + exit);
            }
            return (long) entries;
        });
        List<Harness.Row> out = h.compare("17 TUMBLE 1 minute, GROUP BY user (1,000 values), COUNT(*), SUM, MAX over " + entries + " entries ("
                + groups + " rows)", 1, rounds, contenders);
        System.out.printf("[case 17] EchoSql at %.2fx Flink's entries per second (goal >= 3); the command line's sql at %.2fx Flink's, and at %.2fx "
                        + "series --by's time (goal <= 1.3)%n", out.get(1).ratioToBaseline(), out.get(2).ratioToBaseline(),
                out.get(2).medianMillis() / out.get(3).medianMillis());
        CliCase.processes(uri, key);
        jedis.del(key);
    }

    private static long flinkRows(TableEnvironment flink, String query) throws Exception {
        long n = 0;
        try (CloseableIterator<Row> it = flink.executeSql(query).collect()) {
            while (it.hasNext()) {
                it.next();
                n++;
            }
        }
        return n;
    }

    private static long check(long rows, long expected, long entries) {
        if (rows != expected) {
            throw new IllegalStateException(rows + " rows answered, " + expected + " expected");
        }
        return entries;
    }
}
