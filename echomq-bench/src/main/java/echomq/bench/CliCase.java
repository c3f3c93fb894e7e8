package echomq.bench;

import echomq.domain.stream.StreamKey;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.redis.RedisStreamRange;
import echomq.sketches.AggregateState;
import echomq.sketches.Aggregates;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.UnifiedJedis;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * 16. The command line (issue #50): {@code series --since 1h --bucket 1m} over a stream of 1,000,000
 * entries another service wrote (no branded id, explicit ids spread over the last hour of Redis'
 * clock), run in this JVM through {@code echomq.cli.EchoMqCli.run} (parsing, connecting, Redis' clock,
 * the read, the fold, the JSON document), against the library's own one-pass fold of the same range
 * with the same folds ({@code StreamWindows.foldSeries}). Goal: the command line within 1.3× of
 * the library. The JVM's start is measured apart: {@code java -jar echomq-cli.jar --version} and
 * the whole command as a process, a few times each.
 */
final class CliCase {

    private CliCase() {
    }

    static void run(Harness h, UnifiedJedis jedis, String uri, boolean quick, int rounds) throws Exception {
        int entries = quick ? 200_000 : 1_000_000;
        String key = "cli-orders-" + System.nanoTime();
        long now = serverMillis(jedis);
        load(jedis, key, entries, now - Duration.ofMinutes(59).toMillis(), now - 1_000);
        String folds = "count,sum:amount";
        Aggregates aggregates = Aggregates.parse(folds);
        StreamWindows windows = new StreamWindows(new RedisStreamRange(jedis));
        StreamKey stream = StreamKey.existing(key);
        String[] args = {"series", "--redis", uri, "--stream", key, "--since", "1h", "--bucket", "1m", "--fold", folds, "--format", "json"};
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        Map<String, java.util.concurrent.Callable<Long>> contenders = new LinkedHashMap<>();
        contenders.put("library: StreamWindows.foldSeries", () -> {
            Instant at = Instant.ofEpochMilli(serverMillis(jedis));
            Series<AggregateState> s = windows.foldSeries(stream, Buckets.tumbling(Duration.ofMinutes(1)),
                    Window.closed(at.minus(Duration.ofHours(1)), at), aggregates.fold());
            long n = s.buckets().map(b -> b.value().entries()).sum().longValue();
            check(n, entries);
            return n;
        });
        contenders.put("echomq-cli series, in this JVM", () -> {
            ByteArrayOutputStream json = new ByteArrayOutputStream();
            int exit = echomq.cli.EchoMqCli.run(new PrintStream(json, false, StandardCharsets.UTF_8), discard, Map.of(), args);
            if (exit != 0) {
                throw new IllegalStateException("echomq-cli exited " + exit);
            }
            long n = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.toByteArray()).get("buckets")
                    .findValues("entries").stream().mapToLong(com.fasterxml.jackson.databind.JsonNode::asLong).sum();
            check(n, entries);
            return n;
        });
        List<Harness.Row> rows = h.compare("16 echomq-cli series --since 1h --bucket 1m over " + entries + " entries (" + folds + ")",
                1, rounds, contenders);
        System.out.printf("[case 16] the command line at %.2fx the library's throughput (goal: its time within 1.3x, i.e. >= 0.77)%n",
                rows.get(1).ratioToBaseline());
        processes(uri, key);
        jedis.del(key);
    }

    /** The JVM's start, apart: {@code --version}, and the same command as a process, three times each (medians). */
    static void processes(String uri, String key) throws Exception {
        Path jar = Path.of("echomq-cli/target/echomq-cli.jar");
        if (!jar.toFile().isFile()) {
            jar = Path.of("../echomq-cli/target/echomq-cli.jar");
        }
        if (!jar.toFile().isFile()) {
            System.out.println("[case 16] echomq-cli.jar not built: the process figures are left out");
            return;
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        double[] version = new double[3];
        double[] series = new double[3];
        for (int i = 0; i < 3; i++) {
            version[i] = wallMillis(List.of(java, "-jar", jar.toString(), "--version"));
            series[i] = wallMillis(List.of(java, "-jar", jar.toString(), "series", "--redis", uri, "--stream", key, "--since", "1h",
                    "--bucket", "1m", "--fold", "count,sum:amount", "--format", "json"));
        }
        System.out.printf("[case 16] as processes (median of 3): java -jar echomq-cli.jar --version %.0f ms (the JVM's start); "
                + "the series command %.0f ms%n", Harness.median(version), Harness.median(series));
    }

    static double wallMillis(List<String> command) throws Exception {
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException(command + " failed");
        }
        return (System.nanoTime() - t0) / 1e6;
    }

    static void check(long got, long expected) {
        if (got != expected) {
            throw new IllegalStateException("folded " + got + " entries, " + expected + " written");
        }
    }

    /** Redis' clock, as the command line reads it ({@code TIME}). */
    static long serverMillis(UnifiedJedis jedis) {
        return new echomq.redis.RedisServerClock(jedis).now(StreamKey.existing("cli-orders")).toEpochMilli();
    }

    /** {@code n} entries as another service writes them (two fields, no id), explicit ids spread over [from, to], pipelined. */
    static void load(UnifiedJedis jedis, String key, int n, long from, long to) {
        long t0 = System.nanoTime();
        long span = to - from;
        {
            int batch = 10_000;
            long last = -1;
            long seq = 0;
            for (int i = 0; i < n; i += batch) {
                try (redis.clients.jedis.AbstractPipeline p = jedis.pipelined()) {
                    for (int k = i; k < Math.min(n, i + batch); k++) {
                        long ms = from + span * k / n;
                        seq = ms == last ? seq + 1 : 0;
                        last = ms;
                        p.xadd(key, new StreamEntryID(ms, seq), Map.of("amount", Integer.toString(k % 1000), "user", "u" + (k % 97)));
                    }
                    p.sync();
                }
            }
        }
        System.out.printf("loaded %d entries into %s in %.1f s%n", n, key, (System.nanoTime() - t0) / 1e9);
    }
}
