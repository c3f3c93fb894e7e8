package echomq.domain.window;

import echomq.domain.fold.Fold;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.partition.HashSlot;
import echomq.domain.partition.PartitionedChannel;
import echomq.domain.stream.StreamEntry;
import echomq.domain.window.PartitionedWindows;
import echomq.domain.window.Window;

import echomq.domain.testing.Seeded;
import echomq.domain.testing.SortedMapStreamRange;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** INV-TT and INV-PAGE of the k-way merge over partitions, against the in-memory port. */
class PartitionedWindowsTest {

    static final long T0 = Snowflake.EPOCH_MS + 7_200_000L;

    record Case(long seed, PartitionedChannel channel, List<PartitionedWindows.Sourced> all, Instant t0, Instant t1) {
        @Override
        public String toString() {
            return "seed " + seed + ", " + channel.partitions() + " partitions, " + all.size() + " entries";
        }
    }

    static Case randomCase(long seed, SortedMapStreamRange port) {
        Random r = new Random(seed);
        PartitionedChannel c = new PartitionedChannel("pq" + seed, "s", 1 + r.nextInt(4));
        List<PartitionedWindows.Sourced> all = new ArrayList<>();
        for (int p = 0; p < c.partitions(); p++) {
            List<StreamEntry> stream = new ArrayList<>();
            for (long ms = T0; ms < T0 + 40; ms++) {
                int n = r.nextInt(3);
                for (int k = 0; k < n; k++) {
                    // partitions' writers are distinct nodes, but equal ids across partitions happen too
                    long tail = r.nextInt(4) == 0 ? k : (long) p << 12 | k;
                    StreamEntry e = StreamEntry.of(BrandedId.event((ms - Snowflake.EPOCH_MS) << 22 | tail),
                            LinkedHashMap.of("p", Integer.toString(p)));
                    if (stream.stream().noneMatch(x -> x.id().equals(e.id()))) {
                        stream.add(e);
                    }
                }
            }
            stream.sort(Comparator.comparing(StreamEntry::id));
            port.put(c.partition(p), stream);
            int part = p;
            stream.forEach(e -> all.add(new PartitionedWindows.Sourced(part, e)));
        }
        all.sort(Comparator.<PartitionedWindows.Sourced, StreamId>comparing(s -> s.entry().id()).thenComparingInt(PartitionedWindows.Sourced::partition));
        long a = T0 + r.nextInt(30);
        return new Case(seed, c, all, Instant.ofEpochMilli(a), Instant.ofEpochMilli(a + r.nextInt(15)));
    }

    static Stream<Long> seeds() {
        Random r = Seeded.random("PartitionedWindowsTest");
        return IntStream.range(0, 60).mapToObj(i -> r.nextLong());
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void theMergeIsTheWindowOfEveryPartitionInIdThenPartitionOrderWithEveryPageSize(long seed) {
        SortedMapStreamRange port = new SortedMapStreamRange();
        Case c = randomCase(seed, port);
        PartitionedWindows windows = new PartitionedWindows(port);
        Window.Closed closed = Window.closed(c.t0(), c.t1());
        List<StreamEntry> expected = c.all().stream().filter(s -> closed.contains(s.entry().id())).map(PartitionedWindows.Sourced::entry).toList();
        List<StreamEntry> expectedOpen = c.all().stream().filter(s -> Window.since(c.t0()).contains(s.entry().id()))
                .map(PartitionedWindows.Sourced::entry).toList();
        Fold<Vector<StreamEntry>> collect = Fold.of("collect", Vector.empty(), Vector::append);
        for (int page = 1; page <= expectedOpen.size() + 1; page++) {
            assertThat(windows.foldWindow(c.channel(), closed, collect, page).toJavaList()).as("page %d", page).isEqualTo(expected);
            assertThat(windows.foldWindow(c.channel(), Window.since(c.t0()), collect, page).toJavaList()).isEqualTo(expectedOpen);
        }
        List<PartitionedWindows.Sourced> first = windows.readWindow(c.channel(), closed, 5);
        assertThat(first).isEqualTo(c.all().stream().filter(s -> closed.contains(s.entry().id())).limit(5).toList());
    }

    /** A partitioned series is the series of the merged stream: each bucket the merge's entries in it, in merge order. */
    @ParameterizedTest
    @MethodSource("seeds")
    void thePartitionedSeriesBucketsTheMerge(long seed) {
        SortedMapStreamRange port = new SortedMapStreamRange();
        Case c = randomCase(seed, port);
        Fold<Vector<StreamEntry>> collect = Fold.of("collect", Vector.empty(), Vector::append);
        Buckets buckets = Buckets.tumbling(java.time.Duration.ofMillis(1 + new Random(seed).nextInt(7)));
        Window.Closed range = Window.closed(c.t0(), c.t1());
        Series<Vector<StreamEntry>> series = new PartitionedWindows(port).foldSeries(c.channel(), buckets, range, collect);
        assertThat(series.buckets().map(Bucket::window)).isEqualTo(buckets.over(range));
        for (Bucket<Vector<StreamEntry>> b : series.buckets()) {
            assertThat(b.value().toJavaList()).as("bucket %s", b.window()).isEqualTo(c.all().stream()
                    .filter(s -> b.window().contains(s.entry().id())).map(PartitionedWindows.Sourced::entry).toList());
            assertThat(b.entries()).isEqualTo(b.value().size());
        }
    }

    @Test
    void recordsOfOneKeyStayInOnePartitionAndPartitionsAreValidated() {
        PartitionedChannel c = new PartitionedChannel("cm", "guess-scored", 3);
        assertThat(c.partitionOf("GAM0KHTOWnGLuC")).isEqualTo(c.partitionOf("GAM0KHTOWnGLuC")).isBetween(0, 2);
        // partition p's hash tag is in the p-th third of the slots: one partition per master of an evenly split cluster
        assertThat(c.partition(2).toString()).isEqualTo("emq:{cm-p2-1}:stream:guess-scored");
        for (int p = 0; p < 3; p++) {
            assertThat(HashSlot.of(c.partition(p).toString())).as("slot of partition %d", p)
                    .isBetween(p * HashSlot.SLOTS / 3, (p + 1) * HashSlot.SLOTS / 3 - 1);
        }
        for (int n : new int[] {2, 5, 16, 64}) {
            PartitionedChannel many = new PartitionedChannel("q", "x", n);
            assertThat(IntStream.range(0, n).map(p -> HashSlot.of(many.partition(p).toString()) * n / HashSlot.SLOTS).toArray())
                    .as("the slot range of every partition of %d", n).containsExactly(IntStream.range(0, n).toArray());
        }
        assertThat(new PartitionedChannel("cm", "x", 1).partition(0).toString()).isEqualTo("emq:{cm}:stream:x");
        assertThat(IntStream.range(0, 300).map(i -> c.partitionOf("game-" + i)).distinct().count()).isEqualTo(3);
        assertThatThrownBy(() -> new PartitionedChannel("cm", "x", 0)).hasMessageContaining("got 0");
        assertThatThrownBy(() -> new PartitionedChannel("cm", "x", 65)).hasMessageContaining("got 65");
        assertThatThrownBy(() -> new PartitionedChannel("c{m", "x", 2)).hasMessageContaining("brace");
        assertThatThrownBy(() -> c.partitionQueue(3)).hasMessageContaining("got 3");
        assertThatThrownBy(() -> c.partitionOf("")).hasMessageContaining("empty");
    }
}
