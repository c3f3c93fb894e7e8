package echomq.domain.rollup;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;

import io.vavr.collection.LinkedHashMap;

import java.util.Objects;

/**
 * Appends an entry at an id the caller chose, or says the stream's top it is not above: the one
 * write of a rollup. On Redis it is {@code XADD key <id> f v …}, which Redis refuses when the id is
 * not above the stream's last generated id; the refusal is an answer here
 * ({@link AppendOutcome.NotAboveTop}), not a failure, and it is never retried under another id. So
 * an append whose reply was lost can be sent again: it lands once, and the second send answers
 * {@code NotAboveTop} with a top at or above the id.
 * <pre>{@code
 * AppendOutcome o = appends.appendAt(StreamKey.existing("orders:1m"), StreamId.of(1_700_000_040_000L, 0),
 *         LinkedHashMap.of("to", "1700000099999", "entries", "3", "count", "3"));
 * o.appended();   // false when orders:1m's top is at or above 1700000040000-0
 * }</pre>
 */
public interface RollupAppendPort {

    /**
     * Appends {@code fields} at {@code id}, when {@code id} is above the stream's top.
     *
     * @param key    the stream (created when it does not exist)
     * @param id     the entry id, above {@code 0-0}
     * @param fields the fields, in order ({@link #requireFields})
     * @return {@link AppendOutcome.Appended} or {@link AppendOutcome.NotAboveTop}
     * @throws IllegalArgumentException for an id of {@code 0-0} or bad fields, before anything reaches the store
     * @throws StreamStoreException     when the store fails (typed: {@code Unavailable}, {@code WrongType}, …)
     */
    AppendOutcome appendAt(StreamKey key, StreamId id, LinkedHashMap<String, String> fields);

    /**
     * Checks an id before any store: Redis takes no entry at {@code 0-0}.
     *
     * @param id the id
     * @return {@code id}
     * @throws IllegalArgumentException when it is null or {@code 0-0}
     */
    static StreamId requireId(StreamId id) {
        if (id == null) {
            throw new IllegalArgumentException("id must not be null");
        }
        if (id.equals(StreamId.MIN)) {
            throw new IllegalArgumentException("id 0-0 cannot be appended at: Redis takes ids above 0-0 only"
                    + " (a bucket starting at the epoch cannot be written)");
        }
        return id;
    }

    /**
     * Checks the fields of an entry before any store: at least one, no null or empty name, no field
     * named {@code id} (the library reads it as a branded id), no null value.
     *
     * @param fields the fields
     * @return {@code fields}
     * @throws IllegalArgumentException naming the bad field
     */
    static LinkedHashMap<String, String> requireFields(LinkedHashMap<String, String> fields) {
        if (fields == null || fields.isEmpty()) {
            throw new IllegalArgumentException("an entry needs at least one field");
        }
        return echomq.domain.stream.StreamAppendPort.requireFields(fields); // the appender's own rule for each field
    }

    /**
     * Checks a whole append before any store.
     *
     * @param key    the stream
     * @param id     the id
     * @param fields the fields
     * @throws IllegalArgumentException naming what is bad
     */
    static void require(StreamKey key, StreamId id, LinkedHashMap<String, String> fields) {
        Objects.requireNonNull(key, "key");
        requireId(id);
        requireFields(fields);
    }
}
