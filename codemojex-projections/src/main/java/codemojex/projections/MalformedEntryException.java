package codemojex.projections;

import echomq.domain.id.StreamId;

/** A stream entry that does not decode as the event its channel carries; names the entry and the field. */
public class MalformedEntryException extends RuntimeException {

    private final StreamId entryId;
    private final String field;

    public MalformedEntryException(StreamId entryId, String field, String reason) {
        super("entry " + entryId + ": field \"" + field + "\" " + reason);
        this.entryId = entryId;
        this.field = field;
    }

    public StreamId entryId() {
        return entryId;
    }

    public String field() {
        return field;
    }
}
