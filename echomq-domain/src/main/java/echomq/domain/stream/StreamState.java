package echomq.domain.stream;

import echomq.domain.id.StreamId;

import io.vavr.control.Option;

import java.util.Objects;

/**
 * What {@code XINFO STREAM} says of a stream, the proof a cache needs that nothing inside a window
 * changed.
 *
 * @param length            the number of entries
 * @param first             the first entry's id, none when empty
 * @param last              the last entry's id, none when empty
 * @param lastGenerated     the largest id ever added (survives deletes and trims)
 * @param entriesAdded      the count of entries ever added (Redis 7.0+)
 * @param maxDeletedEntryId the largest id ever deleted by XDEL or trimming (Redis 7.0+; {@code 0-0} when none)
 * @param recordedFirstEntryId the id Redis records as the first one (Redis 7.0+)
 */
public record StreamState(long length, Option<StreamId> first, Option<StreamId> last, StreamId lastGenerated,
                          Option<Long> entriesAdded, Option<StreamId> maxDeletedEntryId,
                          Option<StreamId> recordedFirstEntryId) {
    public StreamState {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(last, "last");
        Objects.requireNonNull(lastGenerated, "lastGenerated");
        Objects.requireNonNull(entriesAdded, "entriesAdded");
        Objects.requireNonNull(maxDeletedEntryId, "maxDeletedEntryId");
        Objects.requireNonNull(recordedFirstEntryId, "recordedFirstEntryId");
        if (length < 0) {
            throw new IllegalArgumentException("length must be >= 0, got " + length);
        }
    }
}
