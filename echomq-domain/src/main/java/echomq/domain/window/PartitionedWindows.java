package echomq.domain.window;

import echomq.domain.fold.Fold;
import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;
import echomq.domain.partition.PartitionedChannel;
import echomq.domain.stream.RangePages;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;

import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;

/**
 * Windows of a {@link PartitionedChannel}: a k-way merge of the partitions' window reads in
 * {@code (StreamId, partition)} order, paged per partition from the successor of its last id, so
 * the guarantees of a single stream hold (INV-TT, INV-PAGE) while holding at most one page per
 * partition.
 */
public final class PartitionedWindows {

    private final StreamRangePort port;
    private final StreamAppendPort appender;

    /** Reads only. */
    public PartitionedWindows(StreamRangePort port) {
        this(port, null);
    }

    /** Reads, and appends through {@code appender}. */
    public PartitionedWindows(StreamRangePort port, StreamAppendPort appender) {
        this.port = Objects.requireNonNull(port, "port");
        this.appender = appender;
    }

    /** An entry and the partition it came from. */
    public record Sourced(int partition, StreamEntry entry) {
    }

    private static final Comparator<Cursor> ORDER = Comparator.<Cursor, StreamId>comparing(c -> c.head().id())
            .thenComparingInt(c -> c.partition);

    /**
     * One partition's position in the merge: its current page, where the next one starts, and the
     * partition's pages (whose adapter may hold the next page in flight while the merge works).
     */
    private final class Cursor implements AutoCloseable {
        final int partition;
        final Window window;
        final int pageSize;
        final RangePages pages;
        List<StreamEntry> page = List.of();
        int index;
        boolean exhausted;
        StreamId next;

        Cursor(int partition, StreamKey key, Window window, int pageSize) {
            this.partition = partition;
            this.window = window;
            this.pageSize = pageSize;
            this.next = window.lower();
            this.pages = port.pages(key, next, window.upper(), pageSize);
        }

        @Override
        public void close() {
            pages.close();
        }

        StreamEntry head() {
            return page.get(index);
        }

        /** Makes {@link #head()} available; false when the partition has no more entries in the window. */
        boolean fill() {
            while (index >= page.size()) {
                if (exhausted) {
                    return false;
                }
                List<StreamEntry> got = StreamWindows.checked(pages.next(), next, window.upper(), pageSize);
                page = got;
                index = 0;
                Option<StreamId> after = StreamWindows.nextPage(got, pageSize, window.upper());
                exhausted = after.isEmpty();
                next = after.getOrElse(next);
            }
            return true;
        }
    }

    /** Folds every entry of the window of every partition, in {@code (StreamId, partition)} order, each once. */
    public <A> A foldWindow(PartitionedChannel channel, Window window, Fold<A> fold, int pageSize) {
        Objects.requireNonNull(fold, "fold");
        return merge(channel, window, pageSize, Long.MAX_VALUE, fold.initial(), (acc, s) -> fold.step(acc, s.entry()));
    }

    /** The first {@code count} entries of the merged window, each with its partition. */
    public List<Sourced> readWindow(PartitionedChannel channel, Window window, int count) {
        StreamWindows.requireCount("count", count);
        List<Sourced> out = new ArrayList<>();
        merge(channel, window, Math.min(count, StreamWindows.DEFAULT_PAGE_SIZE), count, out, (acc, s) -> {
            acc.add(s);
            return acc;
        });
        return out;
    }

    private <A> A merge(PartitionedChannel channel, Window window, int pageSize, long limit, A initial,
                        java.util.function.BiFunction<A, Sourced, A> step) {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(window, "window");
        StreamWindows.requireCount("page size", pageSize);
        PriorityQueue<Cursor> heap = new PriorityQueue<>(ORDER);
        List<Cursor> open = new ArrayList<>(channel.partitions());
        try {
            for (int p = 0; p < channel.partitions(); p++) {
                Cursor c = new Cursor(p, channel.partition(p), window, pageSize);
                open.add(c);
                if (c.fill()) {
                    heap.add(c);
                }
            }
            A acc = initial;
            long taken = 0;
            while (!heap.isEmpty() && taken < limit) {
                Cursor c = heap.poll();
                acc = step.apply(acc, new Sourced(c.partition, c.head()));
                taken++;
                c.index++;
                if (taken < limit && c.fill()) {
                    heap.add(c);
                }
            }
            return acc;
        } finally {
            for (Cursor c : open) {
                c.close();
            }
        }
    }

    /** Appends to the partition of {@code partitionKey}; returns the branded id. */
    public BrandedId append(PartitionedChannel channel, String partitionKey, LinkedHashMap<String, String> fields) {
        if (appender == null) {
            throw new IllegalStateException("this PartitionedWindows was built without an appender");
        }
        int p = channel.partitionOf(partitionKey);
        return appender.append(channel.partitionQueue(p), channel.name(), fields);
    }
}
