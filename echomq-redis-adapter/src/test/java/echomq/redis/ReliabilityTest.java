package echomq.redis;

import echomq.testkit.RedisServerProcess;
import echomq.domain.id.BrandedId;
import echomq.domain.fold.Fold;
import echomq.domain.window.FoldInterruptedException;
import echomq.domain.window.FoldResult;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamEntry;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.Seeded;
import echomq.testkit.TestRedis;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Load and faults on the library: nothing lost, nothing doubled, no partial result passed off as whole. */
class ReliabilityTest {

    /**
     * Four appenders and four window readers on one stream for 200,000 appends: every acknowledged
     * append is read back exactly once in the union of adjacent windows tiling the run, and every
     * reader sees mint order.
     */
    @Test
    void fourAppendersFourReadersTwoHundredThousandAppends() throws Exception {
        String name = "load-" + UUID.randomUUID();
        String q = "load";
        int total = 200_000;
        int batch = 50;
        RedisStreamAppend append = new RedisStreamAppend(SharedRedis.client(), new Snowflake(11, Clock.systemUTC()));
        StreamWindows windows = new StreamWindows(new RedisStreamRange(SharedRedis.client()));
        ConcurrentLinkedQueue<BrandedId> acked = new ConcurrentLinkedQueue<>();
        AtomicInteger remaining = new AtomicInteger(total / batch);
        AtomicBoolean writing = new AtomicBoolean(true);
        Instant start = Instant.now().minusMillis(1);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> writers = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                int writer = w;
                writers.add(pool.submit(() -> {
                    int mine = 0;
                    while (remaining.getAndDecrement() > 0) {
                        List<LinkedHashMap<String, String>> records = new ArrayList<>(batch);
                        for (int i = 0; i < batch; i++) {
                            records.add(LinkedHashMap.of("w", Integer.toString(writer), "i", Integer.toString(mine++)));
                        }
                        acked.addAll(append.appendBatch(StreamKey.of(q, name), records));
                    }
                    return mine;
                }));
            }
            List<Future<Integer>> readers = new ArrayList<>();
            for (int r = 0; r < 4; r++) {
                Random random = new Random(r);
                readers.add(pool.submit(() -> {
                    int reads = 0;
                    while (writing.get()) {
                        // a window of the recent past, read while the appends go on: mint order, no duplicate
                        Instant to = Instant.now();
                        Instant from = to.minusMillis(1 + random.nextInt(200));
                        Vector<StreamId> seen = windows.foldWindow(StreamKey.of(q, name), Window.closed(from, to),
                                Fold.of("ids", Vector.<StreamId>empty(), (acc, e) -> acc.append(e.id())), 1 + random.nextInt(500));
                        for (int i = 1; i < seen.size(); i++) {
                            assertThat(seen.get(i)).isGreaterThan(seen.get(i - 1));
                        }
                        reads++;
                    }
                    return reads;
                }));
            }
            int written = 0;
            for (Future<Integer> f : writers) {
                written += f.get(5, TimeUnit.MINUTES);
            }
            writing.set(false);
            int reads = 0;
            for (Future<Integer> f : readers) {
                reads += f.get(1, TimeUnit.MINUTES);
            }
            assertThat(written).isEqualTo(total);
            assertThat(reads).isPositive();
        } finally {
            pool.shutdownNow();
        }
        // tile the run with adjacent windows of random widths: the union is every acked append, once each
        Instant end = Instant.now().plusMillis(1);
        Random r = new Random(Seeded.seed("ReliabilityTest.tiling"));
        List<BrandedId> union = new ArrayList<>();
        Instant a = start;
        while (!a.isAfter(end)) {
            Instant b = a.plusMillis(r.nextInt(300));
            windows.foldWindow(StreamKey.of(q, name), Window.closed(a, b), Fold.of("collect", union, (acc, e) -> {
                acc.add(e.branded().get());
                return acc;
            }), 1 + r.nextInt(2000));
            a = Instant.ofEpochMilli(b.toEpochMilli() + 1);
        }
        List<BrandedId> expected = new ArrayList<>(acked);
        Collections.sort(expected);
        assertThat(union).hasSize(total);
        assertThat(new HashSet<>(union)).hasSize(total);
        assertThat(union).isEqualTo(expected);
        SharedRedis.client().del(StreamKey.of(q, name).toString());
    }

    /**
     * Redis restarted in the middle of a long fold: a typed error carrying what was folded, never a
     * partial result; after the restart, resuming from the last folded id gives the exact result.
     */
    @Test
    void redisRestartedMidFoldThenResumeIsExact() {
        try (RedisServerProcess server = TestRedis.privateServer("--appendonly", "yes", "--appendfsync", "always")) {
            UnifiedJedis jedis = RedisConnections.connect(server.uri(), Duration.ofMillis(500), Duration.ofMillis(1000));
            RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(1, Clock.systemUTC()));
            List<LinkedHashMap<String, String>> records = new ArrayList<>();
            for (int i = 0; i < 20_000; i++) {
                records.add(LinkedHashMap.of("n", Integer.toString(i)));
            }
            for (int i = 0; i < records.size(); i += 1000) {
                append.appendBatch(StreamKey.of("q", "long"), records.subList(i, i + 1000));
            }
            StreamWindows windows = new StreamWindows(new RedisStreamRange(jedis));
            Window.Since all = Window.since(Instant.EPOCH);
            Fold<Long> plain = Fold.of("sum", 0L, (acc, e) -> acc + Long.parseLong(e.field("n").get()));
            long expected = windows.foldWindow(StreamKey.of("q", "long"), all, plain, 1000);
            AtomicBoolean killed = new AtomicBoolean();
            Fold<Long> killing = Fold.of("sum", 0L, (acc, e) -> {
                if (!killed.get() && e.field("n").contains("7500")) {
                    killed.set(true);
                    server.stop(); // SIGKILL, as a crash: the page in hand is folded, the next read fails
                }
                return acc + Long.parseLong(e.field("n").get());
            });
            FoldInterruptedException broken = null;
            try {
                windows.foldDetailed(StreamKey.of("q", "long"), all, killing, 1000);
            } catch (FoldInterruptedException e) {
                broken = e;
            }
            assertThat(broken).as("the fold must fail, not return a partial sum").isNotNull();
            assertThat(broken.getCause()).isInstanceOf(echomq.domain.stream.StreamStoreException.Unavailable.class);
            FoldResult<Long> progress = broken.progress();
            // whole pages were folded: the one in hand at the kill (through entry 7500), and those already
            // in flight that arrived (at most two, each at most a page); never a part of a page
            assertThat(progress.entries()).isBetween(7_501L, 7_501L + 3 * 1000);
            long n = progress.entries();
            assertThat(progress.value()).isEqualTo(n * (n - 1) / 2);
            server.restart(); // same port, same AOF: the stream is back
            FoldResult<Long> resumed = windows.resume(StreamKey.of("q", "long"), all, killing, progress, 1000);
            assertThat(resumed.value()).isEqualTo(expected);
            assertThat(resumed.entries()).isEqualTo(20_000);
            jedis.close();
        }
    }
}
