package echomq.domain.stream;

import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;

import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.time.Instant;
import java.util.Objects;

/**
 * One entry of a stream as the domain sees it: its id, its branded id (from the {@code id} field;
 * none for a foreign entry without a valid one) and its other fields in stream order.
 *
 * @param id       the stream entry id
 * @param branded  the branded id stored in the {@code id} field, if valid
 * @param fields   the fields without {@code id}, immutable, in stream order
 */
public record StreamEntry(StreamId id, Option<BrandedId> branded, LinkedHashMap<String, String> fields) {

    /** The field that carries the branded id on the wire. */
    public static final String ID_FIELD = "id";

    public StreamEntry {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(branded, "branded");
        Objects.requireNonNull(fields, "fields");
        if (fields.containsKey(ID_FIELD)) {
            throw new IllegalArgumentException("fields of entry " + id + " must not contain \"id\"");
        }
    }

    /** An entry with a branded id. */
    public static StreamEntry of(BrandedId branded, LinkedHashMap<String, String> fields) {
        return new StreamEntry(branded.streamId(), Option.some(branded), fields);
    }

    /** The value of a field, if present. */
    public Option<String> field(String name) {
        return fields.get(name);
    }

    /** The instant of the entry's millisecond. */
    public Instant instant() {
        return id.instant();
    }
}
