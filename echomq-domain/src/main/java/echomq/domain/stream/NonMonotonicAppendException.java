package echomq.domain.stream;

import echomq.domain.id.StreamId;

/**
 * An append refused because its entry id is not above the stream's top: another writer got there
 * first, or the id was reused. Never retried under a server-chosen id, which would break the A1
 * mapping.
 */
public class NonMonotonicAppendException extends StreamStoreException {

    private final StreamId refused;

    public NonMonotonicAppendException(String key, StreamId refused, Throwable cause) {
        super(key, "append refused: entry id " + refused + " is not above the stream top (one writer per stream)", cause);
        this.refused = refused;
    }

    /** The entry id that was refused. */
    public StreamId refused() {
        return refused;
    }
}
