package echomq.domain.stream;

import echomq.domain.id.StreamId;

import io.vavr.control.Option;

import java.util.List;
import java.util.Objects;

/**
 * The pages of one id range of a stream, in order, each at most a page size long and each from the
 * successor of the previous page's last id ({@link #nextStart}). An adapter may ask the server for a
 * page before the previous one is taken, so the server works while the caller folds; at most two
 * pages are held. Close it when done (a page still in flight is then read and dropped).
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
     */
    List<StreamEntry> next();

    @Override
    void close();

    /**
     * Where the page after a page of {@code size} entries ending at {@code last} starts: none when
     * the range is done (a short page, the largest id, or the range's upper end reached).
     */
    static Option<StreamId> nextStart(StreamId last, int size, int pageSize, Option<StreamId> to) {
        if (size < pageSize || last.isMax() || to.exists(u -> last.compareTo(u) >= 0)) {
            return Option.none();
        }
        return Option.some(last.successor());
    }

    /** Pages read one range call at a time through {@code port}: what any {@link StreamRangePort} can do. */
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
            public void close() {
                start = Option.none();
            }
        };
    }
}
