package echomq.domain.stream;

import echomq.domain.id.BrandedId;
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
 * @param lastBranded       the branded id of the last entry, when it has one
 */
public record StreamState(long length, Option<StreamId> first, Option<StreamId> last, StreamId lastGenerated,
                          Option<Long> entriesAdded, Option<StreamId> maxDeletedEntryId,
                          Option<StreamId> recordedFirstEntryId, Option<BrandedId> lastBranded) {
    /**
     * Checks the parts.
     *
     * @param length               the number of entries, {@code >= 0}
     * @param first                the first entry's id, none when empty
     * @param last                 the last entry's id, none when empty
     * @param lastGenerated        the largest id ever added
     * @param entriesAdded         the count of entries ever added (Redis 7.0+)
     * @param maxDeletedEntryId    the largest id ever deleted (Redis 7.0+)
     * @param recordedFirstEntryId the id Redis records as the first one (Redis 7.0+)
     * @param lastBranded          the branded id of the last entry, when it has one
     * @throws NullPointerException naming a missing part
     * @throws IllegalArgumentException when {@code length} is negative
     */
    public StreamState {
        Objects.requireNonNull(lastBranded, "lastBranded");
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

    /**
     * The last entry's mark.
     *
     * @return {@code last} with {@code lastBranded}; none when the stream is empty
     */
    public Option<EntryMark> lastEntry() {
        return last.map(id -> new EntryMark(id, lastBranded));
    }

    /**
     * Entries deleted so far (by XDEL or trims).
     *
     * @return {@code entriesAdded - length}; none when the server does not count entries added (before Redis 7.0)
     */
    public Option<Long> deleted() {
        return entriesAdded.map(added -> added - length);
    }

    /**
     * Whether {@code later} can be this stream further on in the same history: nothing that only
     * grows (entries added, entries deleted, the last generated id, the largest deleted id) went
     * down. A stream deleted and created again, or replaced by an older copy, fails this. A counter
     * one of the two states lacks (a server before Redis 7.0) is not compared.
     *
     * @param later the state read afterwards
     * @return whether {@code later} may be the same stream further on
     */
    public boolean canPrecede(StreamState later) {
        if (later.lastGenerated.compareTo(lastGenerated) < 0) {
            return false;
        }
        if (entriesAdded.isDefined() && later.entriesAdded.isDefined()
                && (later.entriesAdded.get() < entriesAdded.get() || later.deleted().get() < deleted().get())) {
            return false;
        }
        return !(maxDeletedEntryId.isDefined() && later.maxDeletedEntryId.isDefined()
                && later.maxDeletedEntryId.get().compareTo(maxDeletedEntryId.get()) < 0);
    }
}
