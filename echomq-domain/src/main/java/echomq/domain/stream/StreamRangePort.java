package echomq.domain.stream;

import echomq.domain.id.StreamId;

import io.vavr.control.Option;

import java.util.List;

/**
 * Reads a closed id range of one stream: the one I/O a window read needs. Implementations send one
 * {@code XRANGE} per call and return the entries in stream order. The key is a validated
 * {@link StreamKey}, so no call can reach a key outside the {@code emq:{queue}:stream:name} scheme.
 * <pre>{@code
 * // the closed window [t0, t1]: from <t0 ms>-0 to <t1 ms>-4194303
 * List<StreamEntry> page = port.range(key, StreamId.floor(t0), StreamId.ceiling(t1), 1000);
 * }</pre>
 * Both methods throw {@link StreamStoreException} when the store fails.
 */
public interface StreamRangePort {

    /**
     * {@code XRANGE key from to COUNT count}: both ends inclusive, at most {@code count} entries.
     *
     * @param key   the stream
     * @param from  the lowest id, inclusive
     * @param to    the highest id, inclusive
     * @param count at most this many entries, at least 1
     * @return the entries in stream order; empty when none (or no such stream)
     */
    List<StreamEntry> range(StreamKey key, StreamId from, StreamId to, int count);

    /**
     * {@code XRANGE key from + COUNT count}: from inclusive to the top, at most {@code count} entries.
     *
     * @param key   the stream
     * @param from  the lowest id, inclusive
     * @param count at most this many entries, at least 1
     * @return the entries in stream order; empty when none (or no such stream)
     */
    List<StreamEntry> rangeFrom(StreamKey key, StreamId from, int count);

    /**
     * The pages of {@code [from, to]} ({@code to} none: up to {@code +}) of at most {@code pageSize}
     * entries. By default one {@link #range} call per page; an adapter may keep requests in flight
     * while the caller works on the last page, as {@link PagePlan} plans them (time slices below the
     * stream's top, whose pages may be short without being the last).
     *
     * @param key      the stream
     * @param from     the lowest id, inclusive
     * @param to       the highest id, inclusive; none: up to {@code +}
     * @param pageSize entries per page, at least 1
     * @return the pages, to be closed when done
     */
    default RangePages pages(StreamKey key, StreamId from, Option<StreamId> to, int pageSize) {
        return RangePages.oneByOne(this, key, from, to, pageSize);
    }
}
