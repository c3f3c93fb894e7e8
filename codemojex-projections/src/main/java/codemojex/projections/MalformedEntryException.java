package codemojex.projections;

import echomq.domain.fold.UnreadableEntryException;
import echomq.domain.id.StreamId;

/**
 * A stream entry that does not decode as the event its channel carries (malformed, or of a version
 * this reader does not know); names the entry and the field. Wrapped in
 * {@link echomq.domain.fold.Tally#counting}, a projection skips and counts it.
 */
public class MalformedEntryException extends UnreadableEntryException {

    private static final long serialVersionUID = 1L;

    private final String field;

    /** Entry {@code entryId} is unreadable at {@code field} for {@code reason}. */
    public MalformedEntryException(StreamId entryId, String field, String reason) {
        super(entryId, "entry " + entryId + ": field \"" + field + "\" " + reason);
        this.field = field;
    }

    /** The field that did not decode ({@code *} for a combination of fields). */
    public String field() {
        return field;
    }
}
