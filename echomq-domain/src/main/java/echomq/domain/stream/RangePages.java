package echomq.domain.stream;

import echomq.domain.id.StreamId;

import io.vavr.control.Option;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The pages of one id range of a stream, in order, each at most a page size long and each above the
 * previous page's last id, together every entry of the range once. Only an empty page ends the range:
 * a page may be shorter than the page size without being the last (an adapter reading by
 * {@link PagePlan} cuts the range below the stream's top into time slices). An adapter may ask the
 * server for pages before the previous one is taken, so the server works while the caller folds; at
 * most two pages are in flight. Close it when done (pages still in flight are then read and dropped).
 * <pre>{@code
 * try (RangePages pages = port.pages(key, from, Option.none(), 1000)) {
 *     for (List<StreamEntry> p = pages.next(); !p.isEmpty(); p = pages.next()) { … }
 * }
 * }</pre>
 */
public interface RangePages extends AutoCloseable {

    /**
     * The next page; empty once the range is done. A failure of the store is a
     * {@link StreamStoreException}; the pages taken before it stay valid, and the range can be
     * read on from the successor of the last id taken.
     *
     * @return at most the page size of entries in stream order, each above the previous page's; empty when done
     * @throws StreamStoreException when the store fails
     */
    List<StreamEntry> next();

    /**
     * Whether the range is known to be done: {@link #next()} would return an empty page without asking
     * the store. False while it cannot tell (by default, always): then only an empty page says so.
     * A fold reads on until either says the range is done.
     *
     * @return whether no entry is left to hand out
     */
    default boolean done() {
        return false;
    }

    /** Ends the paging: a page still in flight is read and dropped, and no more are asked for. */
    @Override
    void close();

    /**
     * These pages with each page taken through {@code take}, which gets the way to take the next page
     * and answers the page to hand out: to count, time or trace pages as they are taken. The read-ahead,
     * {@link #done()} and {@link #close()} stay these pages' own.
     * <pre>{@code
     * RangePages counted = pages.around(next -> {
     *     List<StreamEntry> page = next.get();
     *     read.addAndGet(page.size());
     *     return page;
     * });
     * }</pre>
     *
     * @param take takes the next page through its argument and answers it (or fails as the store did)
     * @return pages that take each page through {@code take}
     */
    default RangePages around(Function<Supplier<List<StreamEntry>>, List<StreamEntry>> take) {
        Objects.requireNonNull(take, "take");
        RangePages pages = this;
        return new RangePages() {
            @Override
            public List<StreamEntry> next() {
                return take.apply(pages::next);
            }

            @Override
            public boolean done() {
                return pages.done();
            }

            @Override
            public void close() {
                pages.close();
            }
        };
    }

    /**
     * Where the page after a page of {@code size} entries ending at {@code last} starts: none when
     * the range is done (a short page, the largest id, or the range's upper end reached).
     * <pre>{@code
     * RangePages.nextStart(StreamId.of(5, 9), 1000, 1000, Option.none());   // Some(5-10)
     * RangePages.nextStart(StreamId.of(5, 9), 999, 1000, Option.none());    // None: a short page ends the range
     * }</pre>
     *
     * @param last     the last id of the page
     * @param size     how many entries the page held
     * @param pageSize how many it could have held
     * @param to       the range's upper end, inclusive; none: up to {@code +}
     * @return {@code last.successor()}, none when the range is done
     */
    static Option<StreamId> nextStart(StreamId last, int size, int pageSize, Option<StreamId> to) {
        if (size < pageSize || last.isMax() || to.exists(u -> last.compareTo(u) >= 0)) {
            return Option.none();
        }
        return Option.some(last.successor());
    }

    /**
     * Where a range goes on after {@code page}: the successor of its last id. Only an empty page ends
     * a range (a page may be short without being the last), and so does a page that ends on the
     * largest id.
     * <pre>{@code
     * for (List<StreamEntry> page = pages.next(); ; page = pages.next()) {
     *     fold(page);
     *     Option<StreamId> next = RangePages.after(page); // Some(last.successor()), a short page too
     *     if (next.isEmpty()) break;                       // an empty page, or one ending on the largest id
     * }
     * }</pre>
     *
     * @param page a page of the range
     * @return where the next page starts; none when the range is done
     */
    static Option<StreamId> after(List<StreamEntry> page) {
        if (page.isEmpty()) {
            return Option.none();
        }
        StreamId last = page.get(page.size() - 1).id();
        return last.isMax() ? Option.none() : Option.some(last.successor());
    }

    /**
     * Pages read one range call at a time through {@code port}, each asked for only when
     * {@link #next()} is called: what any {@link StreamRangePort} can do.
     *
     * @param port     the range port
     * @param key      the stream
     * @param from     the range's lower end, inclusive
     * @param to       the range's upper end, inclusive; none: up to {@code +}
     * @param pageSize entries per range call, at least 1
     * @return the pages
     * @throws IllegalArgumentException when {@code pageSize} is below 1
     */
    static RangePages oneByOne(StreamRangePort port, StreamKey key, StreamId from, Option<StreamId> to, int pageSize) {
        Objects.requireNonNull(port, "port");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (pageSize <= 0) {
            throw new IllegalArgumentException("page size must be > 0, got " + pageSize);
        }
        return new RangePages() {
            private Option<StreamId> start = Option.some(from);

            @Override
            public List<StreamEntry> next() {
                if (start.isEmpty()) {
                    return List.of();
                }
                StreamId s = start.get();
                List<StreamEntry> page = to.isDefined() ? port.range(key, s, to.get(), pageSize) : port.rangeFrom(key, s, pageSize);
                start = page.isEmpty() ? Option.none()
                        : nextStart(page.get(page.size() - 1).id(), page.size(), pageSize, to);
                return page;
            }

            @Override
            public boolean done() {
                return start.isEmpty();
            }

            @Override
            public void close() {
                start = Option.none();
            }
        };
    }
}
