package echomq.redis;

import echomq.testkit.RedisClusterProcess;
import echomq.testkit.RedisServerProcess;
import echomq.domain.id.BrandedId;
import echomq.domain.fold.Fold;
import echomq.domain.window.FoldInterruptedException;
import echomq.domain.window.FoldResult;
import echomq.domain.partition.HashSlot;
import echomq.domain.partition.PartitionedChannel;
import echomq.domain.window.PartitionedWindows;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamEntry;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.Seeded;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** Partitioned channels over a three-master cluster, and a master restarted under a fold. */
class ClusterPartitionTest {

    static RedisClusterProcess cluster;
    static UnifiedJedis jedis;

    @BeforeAll
    static void start() {
        cluster = RedisClusterProcess.start();
        jedis = RedisConnections.connect(cluster.uri(), Duration.ofMillis(500), Duration.ofMillis(1000));
    }

    @AfterAll
    static void stop() {
        jedis.close();
        cluster.close();
    }

    /** A channel of three partitions whose hash tags land on the three masters. */
    static PartitionedChannel spreadChannel(String prefix) {
        for (int i = 0; ; i++) {
            PartitionedChannel c = new PartitionedChannel(prefix + i, "events", 3);
            Set<Integer> masters = new HashSet<>();
            for (int p = 0; p < 3; p++) {
                masters.add(cluster.masters().indexOf(cluster.masterOf(HashSlot.of(c.partition(p).toString()))));
            }
            if (masters.size() == 3) {
                return c;
            }
        }
    }

    @Test
    void invTtAndInvPageOfAPartitionedChannelSpreadOverAllThreeMasters() {
        PartitionedChannel channel = spreadChannel("spread");
        Random r = Seeded.random("ClusterPartitionTest");
        AtomicLong clock = new AtomicLong(Snowflake.EPOCH_MS + 90_000_000L);
        PartitionedWindows windows = new PartitionedWindows(new RedisStreamRange(jedis),
                new RedisStreamAppend(jedis, new Snowflake(1, clock::get)));
        List<BrandedId> written = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            written.add(windows.append(channel, "game-" + r.nextInt(40), LinkedHashMap.of("i", Integer.toString(i))));
            if (r.nextInt(3) == 0) {
                clock.incrementAndGet();
            }
        }
        for (int p = 0; p < 3; p++) {
            assertThat(new RedisStreamState(jedis).state(channel.partition(p)).get().length()).as("partition %d", p).isPositive();
        }
        List<BrandedId> inMintOrder = new ArrayList<>(written);
        inMintOrder.sort(Comparator.naturalOrder());
        long start = Snowflake.unixMillis(inMintOrder.get(0).snowflake());
        long end = clock.get();
        Fold<Vector<BrandedId>> collect = Fold.of("ids", Vector.empty(), (acc, e) -> acc.append(e.branded().get()));
        for (int k = 0; k < 40; k++) {
            long a = start - 2 + r.nextInt((int) (end - start + 4));
            long b = a + r.nextInt(30);
            Window.Closed w = Window.closed(Instant.ofEpochMilli(a), Instant.ofEpochMilli(b));
            List<BrandedId> expected = inMintOrder.stream().filter(id -> w.contains(id.streamId())).toList();
            for (int page : new int[] {1, 2, 7, 1000}) {
                assertThat(windows.foldWindow(channel, w, collect, page).toJavaList()).as("%s page %d", w, page).isEqualTo(expected);
            }
        }
        // adjacent windows tile the channel: every record exactly once
        List<BrandedId> union = new ArrayList<>();
        long a = start - 1;
        while (a <= end + 1) {
            long b = a + r.nextInt(20);
            union.addAll(windows.foldWindow(channel, Window.closed(Instant.ofEpochMilli(a), Instant.ofEpochMilli(b)), collect, 5).toJavaList());
            a = b + 1;
        }
        assertThat(union).isEqualTo(inMintOrder);
    }

    @Test
    void aMasterRestartedDuringAFoldIsATypedErrorAndAnExactResume() {
        String queue = "restart" + System.nanoTime();
        RedisServerProcess master = cluster.masterOf(HashSlot.of(StreamKey.hashTag(queue)));
        RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(2, System::currentTimeMillis));
        List<LinkedHashMap<String, String>> records = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            records.add(LinkedHashMap.of("n", Integer.toString(i)));
        }
        for (int i = 0; i < records.size(); i += 1000) {
            append.appendBatch(StreamKey.of(queue, "long"), records.subList(i, i + 1000));
        }
        StreamWindows windows = new StreamWindows(new RedisStreamRange(jedis));
        Window.Since all = Window.since(Instant.EPOCH);
        long expected = windows.foldWindow(StreamKey.of(queue, "long"), all, Fold.of("sum", 0L, (s, e) -> s + Long.parseLong(e.field("n").get())), 500);
        AtomicBoolean killed = new AtomicBoolean();
        Fold<Long> killing = Fold.of("sum", 0L, (s, e) -> {
            if (e.field("n").contains("4200") && killed.compareAndSet(false, true)) {
                master.stop(); // SIGKILL of the master that holds the stream, mid-fold
            }
            return s + Long.parseLong(e.field("n").get());
        });
        FoldInterruptedException broken = null;
        try {
            windows.foldDetailed(StreamKey.of(queue, "long"), all, killing, 500);
        } catch (FoldInterruptedException e) {
            broken = e;
        } finally {
            if (!master.isRunning()) {
                master.restart(); // same port, same nodes.conf and AOF
                cluster.awaitOk();
            }
        }
        assertThat(broken).as("a typed failure, not a partial sum").isNotNull();
        FoldResult<Long> progress = broken.progress();
        // whole pages were folded: the one in hand at the kill (through entry 4200), and those already in
        // flight that arrived (at most two, each at most a page); never a part of a page
        assertThat(progress.entries()).isBetween(4_201L, 4_201L + 3 * 500);
        long n = progress.entries();
        assertThat(progress.value()).isEqualTo(n * (n - 1) / 2);
        FoldResult<Long> resumed = null;
        for (int attempt = 0; resumed == null; attempt++) {
            try {
                resumed = windows.resume(StreamKey.of(queue, "long"), all, killing, progress, 500);
            } catch (FoldInterruptedException e) {
                assertThat(attempt).as("the cluster serves again after the restart").isLessThan(50);
                progress = e.progress();
                sleep(200);
            }
        }
        assertThat(resumed.value()).isEqualTo(expected);
        assertThat(resumed.entries()).isEqualTo(10_000);
        assertThat(resumed.last()).contains(new RedisStreamState(jedis).state(StreamKey.of(queue, "long")).get().last().get());
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
