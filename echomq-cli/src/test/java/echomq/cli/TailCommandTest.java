package echomq.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code tail}, bounded by its hidden {@code --max-rows}: a writer appends with {@code *} ids
 * (redis-cli, one process per entry) until the tail has printed its rows; then each row is checked
 * against what was written.
 */
class TailCommandTest extends CliTest {

    @Test
    void eachNewEntryInOrder() throws Exception {
        List<RedisCli.Written> written = new CopyOnWriteArrayList<>();
        CompletableFuture<Run> tail = CompletableFuture.supplyAsync(() ->
                run("tail", "--stream", "orders:tail", "--format", "json", "--max-rows", "3"));
        writeUntil(tail, "orders:tail", written);
        Run r = tail.get(30, TimeUnit.SECONDS);
        assertThat(r.code()).as(r.err()).isZero();
        List<JsonNode> rows = r.out().lines().map(l -> parse(l)).toList();
        assertThat(rows).hasSize(3);
        List<String> ids = written.stream().map(w -> w.id().toString()).toList();
        int first = ids.indexOf(rows.get(0).get("id").asText());
        assertThat(first).as("the first entry printed was written").isNotNegative();
        for (int i = 0; i < 3; i++) {
            RedisCli.Written w = written.get(first + i); // consecutive: none skipped, none twice
            JsonNode row = rows.get(i);
            assertThat(row.get("stream").asText()).isEqualTo("orders:tail");
            assertThat(row.get("id").asText()).isEqualTo(w.id().toString());
            assertThat(Instant.parse(row.get("time").asText())).isEqualTo(w.id().instant());
            assertThat(row.get("fields").get("amount").asText()).isEqualTo(w.field("amount"));
            assertThat(row.get("fields").get("user").asText()).isEqualTo(w.field("user"));
        }
    }

    @Test
    void eachBucketAsItClosesWithTheExactFoldOfItsEntries() throws Exception {
        List<RedisCli.Written> written = new CopyOnWriteArrayList<>();
        CompletableFuture<Run> tail = CompletableFuture.supplyAsync(() ->
                run("tail", "--stream", "orders:tailbuckets", "--bucket", "1s", "--fold", "count,sum:amount,max:amount",
                        "--format", "json", "--max-rows", "2"));
        writeUntil(tail, "orders:tailbuckets", written);
        Run r = tail.get(30, TimeUnit.SECONDS);
        assertThat(r.code()).as(r.err()).isZero();
        List<JsonNode> rows = r.out().lines().map(l -> parse(l)).toList();
        assertThat(rows).hasSize(2);
        Instant previousTo = null;
        for (JsonNode row : rows) {
            Instant from = Instant.parse(row.get("from").asText());
            Instant to = Instant.parse(row.get("to").asText());
            if (previousTo != null) {
                assertThat(from).as("buckets follow each other").isEqualTo(previousTo.plusMillis(1));
            }
            previousTo = to;
            Exact x = Exact.of(Streams.within(written, from, to), "amount", "user");
            assertThat(row.get("entries").asLong()).isEqualTo(x.count());
            assertThat(row.get("count").asLong()).isEqualTo(x.count());
            assertThat(decimal(row.get("sum:amount"))).isEqualByComparingTo(x.sum());
            if (x.max() != null) {
                assertThat(decimal(row.get("max:amount"))).isEqualByComparingTo(x.max());
            }
        }
    }

    /** Appends an entry every few milliseconds until {@code tail} ends (at most 20 s). */
    /** A tail outlives a Redis restart: a line on stderr while Redis is away, then on from the last entry it printed. */
    @Test
    void aTailOutlivesARedisRestart() throws Exception {
        try (echomq.testkit.RedisServerProcess own = echomq.testkit.TestRedis.privateServer()) {
            RedisCli ownCli = new RedisCli(own.port());
            List<RedisCli.Written> written = new CopyOnWriteArrayList<>();
            CompletableFuture<Run> tail = CompletableFuture.supplyAsync(() ->
                    runWith(java.util.Map.of("REDIS_URL", own.uri()), "tail", "--stream", "orders:restart", "--format", "json", "--max-rows", "6"));
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                long stopAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                int i = 0;
                while (!tail.isDone() && System.nanoTime() < stopAt) {
                    try {
                        written.addAll(ownCli.xadd("orders:restart", List.of("*"), List.of(LinkedHashMap.of("n", Integer.toString(i++)))));
                    } catch (RuntimeException down) {
                        // Redis is away: the writer waits, as the tail does
                    }
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            while (written.size() < 2 && !tail.isDone()) {
                Thread.sleep(20);
            }
            own.stop();
            Thread.sleep(1_500);
            own.restart();
            Run r = tail.get(40, TimeUnit.SECONDS);
            writer.get(40, TimeUnit.SECONDS);
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.err()).contains("tail: ").contains("trying again");
            List<String> ids = written.stream().map(w -> w.id().toString()).toList();
            List<String> printed = r.out().lines().map(l -> parse(l).get("id").asText()).toList();
            assertThat(printed).hasSize(6).allSatisfy(id -> assertThat(ids).contains(id));
            for (int k = 1; k < printed.size(); k++) {
                assertThat(echomq.domain.id.StreamId.parse(printed.get(k))).isGreaterThan(echomq.domain.id.StreamId.parse(printed.get(k - 1)));
            }
        }
    }

    private static void writeUntil(CompletableFuture<Run> tail, String key, List<RedisCli.Written> written) throws InterruptedException {
        long stopAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        int i = 0;
        while (!tail.isDone() && System.nanoTime() < stopAt) {
            i++;
            written.addAll(cli.xadd(key, List.of("*"), List.of(LinkedHashMap.of("amount", Integer.toString(i % 17), "user", "u" + i % 3))));
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
