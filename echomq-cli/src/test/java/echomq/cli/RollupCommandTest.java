package echomq.cli;

import com.fasterxml.jackson.databind.JsonNode;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.redis.RedisConnections;
import echomq.redis.RedisStreamRange;
import echomq.testkit.Seeded;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;
import echomq.cli.EchoMqCli;
import redis.clients.jedis.UnifiedJedis;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code rollup}: each closed bucket written once, at {@code <bucket start ms>-0}, its fields the
 * exact fold of its entries; a second run writes nothing; a rollup of the rollup equals the direct
 * one; a running rollup writes buckets as they close on Redis' clock.
 */
class RollupCommandTest extends CliTest {

    static final String FOLDS = "count,sum:amount,min:amount,max:amount,avg:amount,p99:amount,distinct:user";

    /** The target's entries, as the library reads them. */
    static List<StreamEntry> read(String key) {
        try (UnifiedJedis jedis = RedisConnections.connect(server.uri())) {
            return new RedisStreamRange(jedis).rangeFrom(StreamKey.existing(key), StreamId.MIN, 1_000_000);
        }
    }

    static String shape(List<StreamEntry> entries) {
        StringBuilder b = new StringBuilder();
        entries.forEach(e -> b.append(e.id()).append(' ').append(e.fields()).append('\n'));
        return b.toString();
    }

    @Test
    void onceWritesEachClosedBucketOnceTheExactFoldOfItsEntriesAndASecondRunNothing() {
        Random rnd = Seeded.random("RollupCommandTest.once");
        List<RedisCli.Written> all = Streams.explicit(cli, "orders:r1", rnd, 400, 600_000, 20);
        JsonNode first = ok("rollup", "--stream", "orders:r1", "--bucket", "1m", "--fold", FOLDS, "--into", "orders:r1:1m", "--once",
                "--format", "json").json();
        TreeMap<Long, List<RedisCli.Written>> perMinute = new TreeMap<>();
        all.forEach(w -> perMinute.computeIfAbsent(Math.floorDiv(w.id().ms(), 60_000L) * 60_000L, k -> new ArrayList<>()).add(w));
        assertThat(first.get("written").asLong()).isEqualTo(perMinute.size());
        assertThat(first.get("alreadyThere").asLong()).isZero();
        List<StreamEntry> rollup = read("orders:r1:1m");
        assertThat(rollup).hasSize(perMinute.size());
        int i = 0;
        for (var minute : perMinute.entrySet()) {
            StreamEntry e = rollup.get(i++);
            assertThat(e.id()).isEqualTo(StreamId.of(minute.getKey(), 0));
            assertThat(e.fields().keySet().toJavaList()).startsWith("to", "entries", "count", "sum_amount", "min_amount", "max_amount",
                    "avg_amount", "p99_amount", "distinct_user");
            Exact x = Exact.of(minute.getValue(), "amount", "user");
            assertThat(e.field("to").get()).isEqualTo(Long.toString(minute.getKey() + 59_999));
            assertThat(Long.parseLong(e.field("entries").get())).isEqualTo(x.count());
            assertThat(new java.math.BigDecimal(e.field("sum_amount").get())).isEqualByComparingTo(x.sum());
            assertThat(Long.parseLong(e.field("distinct_user").get())).isEqualTo(x.distinct());
            if (x.min() == null) {
                assertThat(e.field("min_amount").get()).isEmpty();
            } else {
                assertThat(new java.math.BigDecimal(e.field("min_amount").get())).isEqualByComparingTo(x.min());
                assertThat(new java.math.BigDecimal(e.field("max_amount").get())).isEqualByComparingTo(x.max());
            }
        }
        JsonNode second = ok("rollup", "--stream", "orders:r1", "--bucket", "1m", "--fold", FOLDS, "--into", "orders:r1:1m", "--once",
                "--format", "json").json();
        assertThat(second.get("written").asLong()).as("a second run").isZero();
        assertThat(shape(read("orders:r1:1m"))).isEqualTo(shape(rollup));
    }

    @Test
    void aRollupOfTheRollupIsTheDirectRollupEntryByEntry() {
        Random rnd = Seeded.random("RollupCommandTest.chain");
        Streams.explicit(cli, "orders:r2", rnd, 1_500, 4 * 3_600_000L, 300); // four hours, past the distinct count's exact limit
        ok("rollup", "--stream", "orders:r2", "--bucket", "1m", "--fold", FOLDS, "--into", "orders:r2:1m", "--once");
        ok("rollup", "--stream", "orders:r2:1m", "--bucket", "1h", "--fold", FOLDS, "--into", "orders:r2:1h", "--once");
        ok("rollup", "--stream", "orders:r2", "--bucket", "1h", "--fold", FOLDS, "--into", "orders:r2:1h-direct", "--once");
        List<StreamEntry> chained = read("orders:r2:1h");
        assertThat(chained).hasSizeBetween(4, 5);
        assertThat(shape(chained)).isEqualTo(shape(read("orders:r2:1h-direct")));
        // and the series of the rollup equals the series of the stream (a rollup folds like its source), over a range
        // whose ends are the rollup's bucket edges: a rollup entry stands at its bucket's start, so a range that cuts a
        // minute counts that minute whole or not at all
        String from = Instant.ofEpochMilli(Math.floorDiv(Streams.T, 60_000L) * 60_000L).toString();
        String to = Instant.ofEpochMilli(Streams.T + 5 * 3_600_000L).toString();
        JsonNode direct = ok("series", "--stream", "orders:r2", "--from", from, "--to", to, "--bucket", "1h", "--fold", FOLDS,
                "--format", "json").json().get("buckets");
        JsonNode ofRollup = ok("series", "--stream", "orders:r2:1m", "--from", from, "--to", to, "--bucket", "1h", "--fold", FOLDS,
                "--format", "json").json().get("buckets");
        assertThat(ofRollup).isEqualTo(direct);
    }

    @Test
    void theAggregatesOf57RollUpExactlyAndAnswerAsTheLibraryFoldsTheEntries() {
        String folds = "range:amount,var:amount,var_samp:amount,stddev:amount,stddev_samp:amount,twa:amount,first:amount,"
                + "last:amount,median:amount";
        Random rnd = Seeded.random("RollupCommandTest.more");
        List<RedisCli.Written> all = Streams.explicit(cli, "orders:r57", rnd, 800, 3 * 3_600_000L, 30);
        ok("rollup", "--stream", "orders:r57", "--bucket", "1m", "--fold", folds, "--into", "orders:r57:1m", "--once");
        ok("rollup", "--stream", "orders:r57:1m", "--bucket", "1h", "--fold", folds, "--into", "orders:r57:1h", "--once");
        ok("rollup", "--stream", "orders:r57", "--bucket", "1h", "--fold", folds, "--into", "orders:r57:1h-direct", "--once");
        assertThat(shape(read("orders:r57:1h"))).isEqualTo(shape(read("orders:r57:1h-direct")));
        // the whole range asked of the stream and of its minutes: the library's fold of the entries, value by value
        String from = Instant.ofEpochMilli(Math.floorDiv(Streams.T, 3_600_000L) * 3_600_000L).toString();
        String to = Instant.ofEpochMilli(Streams.T + 4 * 3_600_000L).toString();
        echomq.sketches.AggregateState library = echomq.sketches.Aggregates.parse(folds).fold()
                .foldAll(all.stream().map(RedisCli.Written::entry).toList());
        for (String key : List.of("orders:r57", "orders:r57:1m")) {
            JsonNode j = ok("window", "--stream", key, "--from", from, "--to", to, "--fold", folds, "--format", "json").json();
            for (String fold : folds.split(",")) {
                java.math.BigDecimal shown = j.get(fold).isNull() ? null : j.get(fold).decimalValue();
                assertThat(shown == null).as("%s of %s has no value", fold, key).isEqualTo(library.value(fold).isEmpty());
                if (shown != null) {
                    assertThat(shown).as("%s of %s", fold, key).isEqualByComparingTo(library.value(fold).get());
                }
                assertThat(j.get("skipped").get(fold).asLong()).isEqualTo(library.skipped().get(fold).get());
            }
        }
    }

    @Test
    void aRunningRollupWritesBucketsAsTheyCloseOnRedisClockAndARestartNothingTwice() throws Exception {
        List<LinkedHashMap<String, String>> fields = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            fields.add(LinkedHashMap.of("amount", Integer.toString(i), "user", "u" + i));
        }
        List<String> star = List.of("*", "*", "*", "*", "*");
        cli.xadd("orders:live", star, fields);
        Thread.sleep(1_100); // the next entries in another second
        cli.xadd("orders:live", star, fields);
        Run running = ok("rollup", "--stream", "orders:live", "--bucket", "1s", "--fold", "count,sum:amount", "--into", "orders:live:1s",
                "--every", "100ms", "--max-buckets", "2", "--format", "json");
        assertThat(running.out().lines().filter(l -> !l.isBlank()).count()).as(running.out()).isPositive();
        List<StreamEntry> written = read("orders:live:1s");
        assertThat(written).hasSize(2);
        assertThat(written).allSatisfy(e -> {
            assertThat(e.field("count").get()).isEqualTo("5");
            assertThat(e.field("sum_amount").get()).isEqualTo("10");
            assertThat(e.id().seq()).isZero();
            assertThat(e.id().ms() % 1000).isZero();
        });
        JsonNode again = ok("rollup", "--stream", "orders:live", "--bucket", "1s", "--fold", "count,sum:amount", "--into", "orders:live:1s",
                "--once", "--format", "json").json();
        assertThat(again.get("written").asLong()).isZero();
        assertThat(read("orders:live:1s")).hasSize(2);
    }

    @Test
    void badInputIsNamedBeforeRedisIsReached() {
        String closed = "redis://127.0.0.1:1"; // nothing listens: a command that reached Redis would exit 1
        for (String[] args : List.of(
                new String[] {"--stream", "a", "--bucket", "1m", "--fold", "count", "--into", "a", "--once"},
                new String[] {"--stream", "a", "--bucket", "1m", "--fold", "count", "--into", "b", "--once", "--every", "1s"},
                new String[] {"--stream", "a", "--bucket", "1m", "--fold", "mode:x", "--into", "b"},
                new String[] {"--stream", "a", "--bucket", "0s", "--fold", "count", "--into", "b"},
                new String[] {"--stream", "a", "--bucket", "1m", "--fold", "count", "--into", "x}y"},
                new String[] {"--stream", "a", "--bucket", "1m", "--fold", "count", "--into", "b", "--skew", "-1s"})) {
            List<String> all = new ArrayList<>(List.of("rollup", "--redis", closed));
            all.addAll(List.of(args));
            Run r = run(all.toArray(String[]::new));
            assertThat(r.code()).as("%s: %s", String.join(" ", args), r.err()).isEqualTo(2);
            assertThat(r.err()).startsWith("error: ").doesNotContain("unreachable");
        }
    }

    /** A rollup into a key another rollup writes with other folds or another bucket is refused, named, and writes nothing. */
    @Test
    void aTargetAnotherRollupWritesIsRefused() {
        Random rnd = Seeded.random("RollupCommandTest.other");
        Streams.explicit(cli, "orders:r3", rnd, 200, 600_000, 5);
        ok("rollup", "--stream", "orders:r3", "--bucket", "1m", "--fold", "count,sum:amount", "--into", "orders:r3:1m", "--once");
        String before = shape(read("orders:r3:1m"));
        for (String[] other : List.of(new String[] {"--bucket", "1m", "--fold", "count"}, new String[] {"--bucket", "1h", "--fold", "count,sum:amount"})) {
            List<String> args = new ArrayList<>(List.of("rollup", "--stream", "orders:r3", "--into", "orders:r3:1m", "--once"));
            args.addAll(List.of(other));
            Run r = run(args.toArray(String[]::new));
            assertThat(r.code()).as(r.err()).isEqualTo(EchoMqCli.BAD_INPUT);
            assertThat(r.err()).contains("holds another rollup").contains("orders:r3:1m").doesNotContain("Closed[");
        }
        assertThat(shape(read("orders:r3:1m"))).isEqualTo(before);
    }

    /** tail shows a field named id, which the library keeps apart from the others. */
    @Test
    void tailShowsAnIdField() throws Exception {
        java.util.concurrent.CompletableFuture<Run> tail = java.util.concurrent.CompletableFuture.supplyAsync(() ->
                run("tail", "--stream", "orders:ids", "--format", "json", "--max-rows", "1"));
        long stopAt = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
        while (!tail.isDone() && System.nanoTime() < stopAt) {
            cli.xadd("orders:ids", List.of("*"), List.of(LinkedHashMap.of("amount", "5", "id", "o-17")));
            Thread.sleep(50);
        }
        Run r = tail.get(30, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode row = JSON.readTree(r.out().lines().findFirst().orElseThrow());
        assertThat(row.get("fields").get("id").asText()).isEqualTo("o-17");
        assertThat(row.get("fields").get("amount").asText()).isEqualTo("5");
    }
}
