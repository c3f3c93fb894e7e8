package echomq.domain.stream;

import echomq.domain.id.StreamId;

/**
 * An append refused because its entry id is not above the stream's top: another writer got there
 * first, or the id was reused. Never retried under a server-chosen id, which would break the A1
 * mapping.
 */
public class NonMonotonicAppendException extends StreamStoreException {

    /** The entry id the stream refused. */
    private final StreamId refused;

    /**
     * An append to {@code key} refused at {@code refused}.
     *
     * @param key     the stream's key, as text
     * @param refused the entry id that was not above the stream's top
     * @param cause   the store's refusal
     */
    public NonMonotonicAppendException(String key, StreamId refused, Throwable cause) {
        super(key, "append refused: entry id " + refused + " is not above the stream top (one writer per stream)", cause);
        this.refused = refused;
    }

    /**
     * The entry id that was refused.
     *
     * @return the id, not above the stream's top when it was appended
     */
    public StreamId refused() {
        return refused;
    }
}
