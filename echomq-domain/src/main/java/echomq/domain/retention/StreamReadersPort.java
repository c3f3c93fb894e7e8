package echomq.domain.retention;

import echomq.domain.stream.StreamKey;

import java.util.List;

/**
 * Reads who still reads a stream through the server: its consumer groups ({@code XINFO GROUPS},
 * {@code XPENDING}). {@link SafeRetention} hears it before each trim.
 */
public interface StreamReadersPort {

    /**
     * The consumer groups of the stream at {@code key}, by name.
     *
     * @param key the stream
     * @return where each group stands; empty when it has none or does not exist
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    List<GroupPosition> groups(StreamKey key);
}
