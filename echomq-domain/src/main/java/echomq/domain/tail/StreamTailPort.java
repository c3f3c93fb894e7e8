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
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    List<StreamEntry> readAfter(StreamKey key, StreamId after, int count, Duration block);
}
