package echomq.domain.tail;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;

import java.time.Duration;
import java.util.List;

/**
 * Follows a stream: what is appended after an id, waiting for it ({@code XREAD BLOCK} on Redis).
 * <pre>{@code
 * List<StreamEntry> next = tail.readAfter(key, lastSeen, 1000, Duration.ofSeconds(1)); // empty when nothing came
 * }</pre>
 */
public interface StreamTailPort {

    /**
     * Up to {@code count} entries with ids above {@code after}, in order, waiting up to
     * {@code block} for the first; empty when none came in that time (or the stream does not exist).
     *
     * @param key   the stream
     * @param after the last id already seen ({@link echomq.domain.id.StreamId#MIN} for the whole stream)
     * @param count at most this many entries, at least 1
     * @param block how long to wait for the first entry, more than zero (a zero block would wait
     *              for ever on Redis: the adapters refuse it)
     * @return the entries above {@code after}, in stream order; empty when none came
     * @throws IllegalArgumentException for a count below 1 or a block not above zero, before the store is asked
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    List<StreamEntry> readAfter(StreamKey key, StreamId after, int count, Duration block);
}
