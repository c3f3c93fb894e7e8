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

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;

/**
 * Windows of a {@link PartitionedChannel}: a k-way merge of the partitions' window reads in
 * {@code (StreamId, partition)} order, paged per partition from the successor of its last id, so
 * the guarantees of a single stream hold (INV-TT, INV-PAGE) while holding at most one page per
 * partition. A sliding window is fixed once, at one instant, for every partition.
 * <pre>{@code
 * PartitionedChannel scored = new PartitionedChannel("cm", "guess-scored", 3);
 * PartitionedWindows windows = new PartitionedWindows(port, append);
 * windows.append(scored, "game-42", LinkedHashMap.of("points", "10"));   // to the partition of game-42
 * long n = windows.foldWindow(scored, Window.last(Duration.ofHours(1)), Fold.of("count", 0L, (c, e) -> c + 1), 1000);
 * }</pre>
 */
public final class PartitionedWindows {

    private final StreamRangePort port;
    private final Option<StreamAppendPort> appender;
    private final StreamWindows windows;

    /**
     * Reads only; sliding windows end at the system clock's instant.
     *
     * @param port the range port
     */
    public PartitionedWindows(StreamRangePort port) {
        this(port, Option.none(), Clock.systemUTC());
    }

    /**
     * Reads, and appends through {@code appender}.
     *
     * @param port     the range port
     * @param appender the append port
     */
    public PartitionedWindows(StreamRangePort port, StreamAppendPort appender) {
        this(port, Option.some(Objects.requireNonNull(appender, "appender")), Clock.systemUTC());
    }

    /**
     * Reads (and appends, when {@code appender} is given); sliding windows end at {@code clock}'s instant.
     *
     * @param port     the range port
     * @param appender the append port, if this reader also appends
     * @param clock    where a sliding window's "now" comes from
     */
    public PartitionedWindows(StreamRangePort port, Option<StreamAppendPort> appender, Clock clock) {
        this.port = Objects.requireNonNull(port, "port");
        this.appender = Objects.requireNonNull(appender, "appender");
        this.windows = new StreamWindows(port, clock);
    }

    /**
     * An entry and the partition it came from.
     *
     * @param partition the partition, {@code 0..P-1}
     * @param entry     the entry
     */
    public record Sourced(int partition, StreamEntry entry) {
    }

    private static final Comparator<Cursor> ORDER = Comparator.<Cursor, StreamId>comparing(c -> c.head().id())
            .thenComparingInt(c -> c.partition);

    /**
     * One partition's position in the merge: its current page, where the next one starts, and the
     * partition's pages (whose adapter may hold the next pages in flight while the merge works).
     */
    private final class Cursor implements AutoCloseable {
        final int partition;
        final Window.Fixed window;
        final int pageSize;
        final RangePages pages;
        List<StreamEntry> page = List.of();
        int index;
        boolean exhausted;
        StreamId next;

        Cursor(int partition, StreamKey key, Window.Fixed window, int pageSize) {
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
                Option<StreamId> after = RangePages.after(got);
                exhausted = after.isEmpty() || pages.done();
                next = after.getOrElse(next);
            }
            return true;
        }
    }

    /**
     * Folds every entry of the window of every partition, in {@code (StreamId, partition)} order, each once.
     *
     * @param channel  the partitioned channel
     * @param window   the window (a sliding one as it stands now, the same instant for every partition)
     * @param fold     the fold
     * @param pageSize entries per range call per partition, at least 1
     * @param <A>      the accumulator
     * @return the fold of the merged window
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public <A> A foldWindow(PartitionedChannel channel, Window window, Fold<A> fold, int pageSize) {
        Objects.requireNonNull(fold, "fold");
        return merge(channel, window, pageSize, Long.MAX_VALUE, fold.initial(), (acc, s) -> fold.step(acc, s.entry()));
    }

    /**
     * Folds {@code range} of every partition as a series of {@code buckets}: one paged pass over
     * the merged partitions, in {@code (StreamId, partition)} order, every bucket in the answer.
     *
     * @param channel the partitioned channel
     * @param buckets how the range is cut
     * @param range   the range
     * @param fold    the fold of each bucket
     * @param <A>     the accumulator
     * @return the series, in time order
     * @throws IllegalArgumentException before anything is read, when the range holds more than {@link Buckets#MAX_BUCKETS} buckets
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public <A> Series<A> foldSeries(PartitionedChannel channel, Buckets buckets, Window.Closed range, Fold<A> fold) {
        Objects.requireNonNull(buckets, "buckets");
        SeriesFold<A> series = new SeriesFold<>(buckets.over(range), fold);
        return foldWindow(channel, range, series, StreamWindows.DEFAULT_PAGE_SIZE).series();
    }

    /**
     * The sessions of {@code range} over every partition together: one paged pass over the merged
     * partitions' {@link Sessions#reach}, in {@code (StreamId, partition)} order, so a key's session
     * holds its entries of every partition.
     *
     * @param channel  the partitioned channel
     * @param sessions the gap, the key and the bounds
     * @param range    the range: its sessions are those whose last entry lies in it
     * @param fold     the fold of each session
     * @param <A>      the accumulator
     * @return the sessions, ordered by their first entry, then key
     * @throws SessionsBoundException naming the bound, for a session longer than {@link Sessions#longest}
     *         or more than {@link Sessions#most} sessions
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public <A> io.vavr.collection.List<Session<A>> foldSessions(PartitionedChannel channel, Sessions sessions, Window.Closed range, Fold<A> fold) {
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(range, "range");
        SessionFold<A> pass = sessions.fold(range, fold);
        return pass.sessions(foldWindow(channel, sessions.reach(range), pass, StreamWindows.DEFAULT_PAGE_SIZE), range);
    }

    /**
     * The first {@code count} entries of the merged window, each with its partition.
     *
     * @param channel the partitioned channel
     * @param window  the window (a sliding one as it stands now)
     * @param count   at most this many, at least 1
     * @return the entries in {@code (StreamId, partition)} order
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
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
        Window.Fixed fixed = windows.fixed(window);
        StreamWindows.requireCount("page size", pageSize);
        PriorityQueue<Cursor> heap = new PriorityQueue<>(ORDER);
        List<Cursor> open = new ArrayList<>(channel.partitions());
        try {
            for (int p = 0; p < channel.partitions(); p++) {
                Cursor c = new Cursor(p, channel.partition(p), fixed, pageSize);
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

    /**
     * Appends to the partition of {@code partitionKey}.
     *
     * @param channel      the partitioned channel
     * @param partitionKey what picks the partition (CRC16 mod P)
     * @param fields       the record's fields
     * @return the record's branded id
     * @throws IllegalStateException when this was built without an appender
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public BrandedId append(PartitionedChannel channel, String partitionKey, LinkedHashMap<String, String> fields) {
        StreamAppendPort to = appender.getOrElseThrow(() -> new IllegalStateException("this PartitionedWindows was built without an appender"));
        int p = channel.partitionOf(partitionKey);
        return to.append(channel.partition(p), fields);
    }
}
