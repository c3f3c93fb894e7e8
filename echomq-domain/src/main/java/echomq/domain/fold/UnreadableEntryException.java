package echomq.domain.fold;

import echomq.domain.id.StreamId;

import java.util.Objects;

/**
 * A stream entry a projection cannot read: malformed, or written in a version the reader does not
 * know (a foreign writer, a newer app during a rolling upgrade). Decoders throw it (or a subclass)
 * naming the entry; {@link Tally#counting} skips and counts such entries instead of failing.
 */
public class UnreadableEntryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The entry that could not be read. */
    private final StreamId entryId;

    /**
     * Entry {@code entryId} cannot be read, for the reason {@code message} gives.
     * <pre>{@code
     * throw new UnreadableEntryException(e.id(), "field \"score\" is not a number: " + raw);
     * }</pre>
     *
     * @param entryId the entry
     * @param message why it cannot be read (it becomes the {@link Tally.Skipped#reason()})
     */
    public UnreadableEntryException(StreamId entryId, String message) {
        super(message);
        this.entryId = Objects.requireNonNull(entryId, "entryId");
    }

    /**
     * The entry that could not be read.
     *
     * @return its id
     */
    public StreamId entryId() {
        return entryId;
    }
}
