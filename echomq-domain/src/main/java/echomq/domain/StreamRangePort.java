package echomq.domain;

import java.util.List;

/**
 * Reads a closed id range of one stream: the one I/O a window read needs. Implementations send one
 * {@code XRANGE} per call and return the entries in stream order.
 */
public interface StreamRangePort {

    /** {@code XRANGE key from to COUNT count}: both ends inclusive, at most {@code count} entries. */
    List<StreamEntry> range(String key, StreamId from, StreamId to, int count);

    /** {@code XRANGE key from + COUNT count}: from inclusive to the top, at most {@code count} entries. */
    List<StreamEntry> rangeFrom(String key, StreamId from, int count);
}
