package echomq.domain.stream;

import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * Who an entry is: its stream id and, for a record written under a branded id, that id. Branded
 * ids are minted once, so two entries with the same mark are the same record.
 *
 * @param id      the entry id
 * @param branded its branded id (field {@code id}); none for an entry written without one
 */
public record EntryMark(StreamId id, Option<BrandedId> branded) {
    /**
     * Checks the parts.
     *
     * @param id      the entry id
     * @param branded its branded id; none for an entry written without one
     * @throws NullPointerException naming a missing part
     */
    public EntryMark {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(branded, "branded");
    }

    /**
     * The mark of an entry.
     *
     * @param entry the entry
     * @return its id and branded id
     */
    public static EntryMark of(StreamEntry entry) {
        return new EntryMark(entry.id(), entry.branded());
    }
}
