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
    public EntryMark {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(branded, "branded");
    }

    /** The mark of {@code entry}. */
    public static EntryMark of(StreamEntry entry) {
        return new EntryMark(entry.id(), entry.branded());
    }
}
