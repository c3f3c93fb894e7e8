package echomq.cli;

import com.fasterxml.jackson.databind.JsonNode;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.Seeded;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged jar as a user runs it, {@code java -jar echomq-cli.jar …}, an OS process of its own
 * (run by failsafe after {@code package}: the jar is its system property {@code echomq.cli.jar}).
 */
class CommandLineIT extends CliTest {

    /** What the process printed, and its exit code. */
    static Run java(String... args) {
        Path jar = Path.of(System.getProperty("echomq.cli.jar", "target/echomq-cli.jar"));
        assertThat(jar).as("the shaded jar, built by package").exists();
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString()));
        cmd.addAll(List.of(args));
        try {
            Path out = Files.createTempFile("cli-out-", ".txt");
            Path err = Files.createTempFile("cli-err-", ".txt");
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().remove("REDIS_URL");
            Process p = pb.start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("java -jar did not end: " + String.join(" ", args));
            }
            Run r = new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
            Files.delete(out);
            Files.delete(err);
            return r;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Test
    void windowAsAProcessIsTheExactFold() {
        Random rnd = Seeded.random("CommandLineIT");
        List<RedisCli.Written> all = Streams.explicit(cli, "orders", rnd, 200, 120_000, 12);
        Instant t0 = Instant.ofEpochMilli(Streams.T + 10_000);
        Instant t1 = Instant.ofEpochMilli(Streams.T + 70_000);
        Run r = java("window", "--redis", server.uri(), "--stream", "orders", "--from", t0.toString(), "--to", t1.toString(),
                "--fold", "count,sum:amount,min:amount,max:amount,distinct:user", "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        JsonNode j = r.json();
        Exact x = Exact.of(Streams.within(all, t0, t1), "amount", "user");
        assertThat(j.get("entries").asLong()).isEqualTo(x.count());
        assertThat(decimal(j.get("sum:amount"))).isEqualByComparingTo(x.sum());
        assertThat(decimal(j.get("min:amount"))).isEqualByComparingTo(x.min());
        assertThat(decimal(j.get("max:amount"))).isEqualByComparingTo(x.max());
        assertThat(j.get("distinct:user").asLong()).isEqualTo(x.distinct());

        Run table = java("series", "--redis", server.uri(), "--stream", "orders", "--from", t0.toString(), "--to", t1.toString(),
                "--bucket", "30s", "--fold", "count");
        assertThat(table.code()).as(table.err()).isZero();
        assertThat(table.out().lines().toList()).hasSize(1 + 3).first().asString().startsWith("from");
        assertThat(table.out()).doesNotContain("\r");
    }

    @Test
    void badInputExitsTwoNamingIt() {
        Run r = java("window", "--redis", server.uri(), "--stream", "orders", "--since", "1h", "--fold", "count,mode:amount");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("mode:amount").doesNotContain("\tat ");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void anUnreachableRedisExitsOneInOneLine() {
        String closed = "redis://127.0.0.1:" + RedisServerProcess.freePort();
        Run r = java("sessions", "--redis", closed, "--stream", "orders", "--by", "user", "--gap", "5m", "--since", "1h", "--fold", "count");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err().lines().filter(l -> !l.isBlank()).toList()).as(r.err()).hasSize(1);
        assertThat(r.err()).contains(closed).doesNotContain("\tat ");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void tailAsAProcessPrintsTheEntriesAppended() throws Exception {
        CompletableFuture<Run> tail = CompletableFuture.supplyAsync(() ->
                java("tail", "--redis", server.uri(), "--stream", "clicks", "--max-rows", "2", "--format", "csv"));
        List<RedisCli.Written> written = new ArrayList<>();
        long stopAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (int i = 0; !tail.isDone() && System.nanoTime() < stopAt; i++) {
            written.addAll(cli.xadd("clicks", List.of("*"), List.of(LinkedHashMap.of("page", "/p" + i))));
            Thread.sleep(50);
        }
        Run r = tail.get(30, TimeUnit.SECONDS);
        assertThat(r.code()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).isEqualTo("id,time,fields");
        List<String> ids = written.stream().map(w -> w.id().toString()).toList();
        int first = ids.indexOf(lines.get(1).split(",")[0]);
        assertThat(first).isNotNegative();
        assertThat(lines.get(2)).startsWith(ids.get(first + 1) + ",").endsWith("page=" + written.get(first + 1).field("page"));
    }

    /**
     * A backfill killed midway (SIGKILL, as a crash or an OOM killer would) and run again leaves the
     * same rollup stream, id for id and field for field, as one run that was never interrupted; and
     * a third run writes nothing. The streams are written with redis-cli; one entry a minute over two
     * weeks, so the backfill writes 20,000 buckets and is still writing when it is killed.
     */
    @Test
    void aRollupKilledMidwayAndRunAgainLeavesWhatOneUninterruptedRunLeaves() throws Exception {
        int minutes = 20_000;
        List<String> ids = new ArrayList<>();
        List<LinkedHashMap<String, String>> fields = new ArrayList<>();
        for (int m = 0; m < minutes; m++) {
            ids.add((Streams.T + m * 60_000L + 7) + "-0");
            fields.add(LinkedHashMap.of("amount", Integer.toString(m % 500), "user", "u" + (m % 13)));
        }
        cli.xadd("orders:kill", ids, fields);
        String folds = "count,sum:amount,p99:amount,distinct:user";
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                Path.of(System.getProperty("echomq.cli.jar", "target/echomq-cli.jar")).toString(), "rollup", "--redis", server.uri(),
                "--stream", "orders:kill", "--bucket", "1m", "--fold", folds, "--into", "orders:kill:1m", "--once"));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        long killedAt;
        try (redis.clients.jedis.UnifiedJedis jedis = echomq.redis.RedisConnections.connect(server.uri())) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (jedis.xlen("orders:kill:1m") < 50 && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            p.destroyForcibly(); // SIGKILL
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            killedAt = jedis.xlen("orders:kill:1m");
        }
        assertThat(killedAt).as("killed midway: buckets written when it was killed").isBetween(1L, minutes - 1L);
        Run again = java("rollup", "--redis", server.uri(), "--stream", "orders:kill", "--bucket", "1m", "--fold", folds,
                "--into", "orders:kill:1m", "--once", "--format", "json");
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.json().get("written").asLong()).isEqualTo(minutes - killedAt);
        Run whole = java("rollup", "--redis", server.uri(), "--stream", "orders:kill", "--bucket", "1m", "--fold", folds,
                "--into", "orders:kill:1m-whole", "--once", "--format", "json");
        assertThat(whole.json().get("written").asLong()).isEqualTo(minutes);
        assertThat(RollupCommandTest.shape(RollupCommandTest.read("orders:kill:1m")))
                .isEqualTo(RollupCommandTest.shape(RollupCommandTest.read("orders:kill:1m-whole")));
        Run third = java("rollup", "--redis", server.uri(), "--stream", "orders:kill", "--bucket", "1m", "--fold", folds,
                "--into", "orders:kill:1m", "--once", "--format", "json");
        assertThat(third.json().get("written").asLong()).isZero();
    }

    /** A stream of {@code *} ids, as {@code redis-cli XADD orders * …} writes it, asked by the process over the last hour of Redis' clock. */
    @Test
    void aStreamOfStarIdsAskedAsAProcess() {
        List<String> ids = new ArrayList<>();
        List<LinkedHashMap<String, String>> fields = new ArrayList<>();
        Random rnd = Seeded.random("CommandLineIT.star");
        for (int i = 0; i < 40; i++) {
            ids.add("*");
            fields.add(Streams.order(rnd, 6));
        }
        List<RedisCli.Written> written = cli.xadd("orders:star-process", ids, fields);
        Run r = java("window", "--redis", server.uri(), "--stream", "orders:star-process", "--since", "1h",
                "--fold", "count,sum:amount,max:amount,distinct:user", "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        Exact x = Exact.of(written, "amount", "user");
        assertThat(j.get("entries").asLong()).isEqualTo(40);
        assertThat(decimal(j.get("sum:amount"))).isEqualByComparingTo(x.sum());
        assertThat(decimal(j.get("max:amount"))).isEqualByComparingTo(x.max());
        assertThat(j.get("distinct:user").asLong()).isEqualTo(x.distinct());
        Run csv = java("series", "--redis", server.uri(), "--stream", "orders:star-process", "--since", "10m", "--bucket", "1m",
                "--fold", "count", "--format", "csv");
        assertThat(csv.code()).as(csv.err()).isZero();
        List<String> lines = csv.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("from,to,entries,count");
        assertThat(lines.stream().skip(1).mapToLong(l -> Long.parseLong(l.split(",")[2])).sum()).isEqualTo(40);
    }

    /** {@code sql} as a process: Calcite's parser inside the shaded jar, the answer over the last hour of Redis' clock, a refusal exit 2. */
    @Test
    void sqlAsAProcess() {
        List<String> ids = new ArrayList<>();
        List<LinkedHashMap<String, String>> fields = new ArrayList<>();
        Random rnd = Seeded.random("CommandLineIT.sql");
        for (int i = 0; i < 30; i++) {
            ids.add("*");
            fields.add(Streams.order(rnd, 3));
        }
        List<RedisCli.Written> written = cli.xadd("orders:sql-process", ids, fields);
        Run r = java("sql", "--redis", server.uri(), "--format", "json", "SELECT COUNT(*) AS n, SUM(amount) AS total, COUNT(DISTINCT `user`) AS users "
                + "FROM `orders:sql-process` WHERE _time > CURRENT_TIMESTAMP - INTERVAL '1' HOUR");
        assertThat(r.code()).as(r.err()).isZero();
        Exact x = Exact.of(written, "amount", "user");
        JsonNode row = r.json().get("rows").get(0);
        assertThat(row.get(0).asLong()).isEqualTo(30);
        assertThat(decimal(row.get(1))).isEqualByComparingTo(x.sum());
        assertThat(row.get(2).asLong()).isEqualTo(x.distinct());
        Run refused = java("sql", "--redis", server.uri(), "SELECT a FROM orders JOIN b ON orders.x = b.x");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("line 1, column 22: JOIN is not supported").doesNotContain("\tat ");
    }
}
