package echomq.domain.stream;

import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;

import io.vavr.collection.LinkedHashMap;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Appends records to a stream under branded ids: the entry id is the A1 mapping of the branded id
 * ({@code <unix ms>-<snowflake & 0x3FFFFF>}), and the branded id is also stored in the field
 * {@code id}. An id not above the stream top is a {@link NonMonotonicAppendException}, never
 * retried under another id.
 */
public interface StreamAppendPort {

    /** Mints an {@code EVT} id and appends the record; returns the id. */
    BrandedId append(StreamKey key, LinkedHashMap<String, String> fields);

    /**
     * As {@link #append}, with the receipt as a future: bad input is refused at once, a store
     * failure fails the future. The default appends before it returns; adapters that batch
     * concurrent appends (group commit) complete it when the record's batch is answered.
     */
    default CompletableFuture<BrandedId> appendAsync(StreamKey key, LinkedHashMap<String, String> fields) {
        java.util.Objects.requireNonNull(key, "key");
        requireFields(fields);
        try {
            return CompletableFuture.completedFuture(append(key, fields));
        } catch (StreamStoreException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Appends many records in one round trip, under ids minted in order; the receipts in order. */
    List<BrandedId> appendBatch(StreamKey key, List<LinkedHashMap<String, String>> records);

    /** Appends a record under the caller's own {@code EVT} id; returns it. */
    BrandedId appendWithId(StreamKey key, BrandedId id, LinkedHashMap<String, String> fields);

    /**
     * {@code records}, each checked as {@link #requireFields} checks one.
     *
     * @throws IllegalArgumentException naming the first bad record by its index in the batch
     */
    static java.util.List<LinkedHashMap<String, String>> requireRecords(java.util.List<LinkedHashMap<String, String>> records) {
        java.util.Objects.requireNonNull(records, "records");
        for (int i = 0; i < records.size(); i++) {
            try {
                requireFields(records.get(i));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("record " + i + " of the batch: " + e.getMessage(), e);
            }
        }
        return records;
    }

    /**
     * Checks a record before any wire: no field named {@code id}, no null or empty name, no null value.
     *
     * @throws IllegalArgumentException naming the bad field
     */
    static LinkedHashMap<String, String> requireFields(LinkedHashMap<String, String> fields) {
        if (fields == null) {
            throw new IllegalArgumentException("fields must not be null");
        }
        fields.forEach((k, v) -> {
            if (k == null || k.isEmpty()) {
                throw new IllegalArgumentException("a field name must not be null or empty");
            }
            if (StreamEntry.ID_FIELD.equals(k)) {
                throw new IllegalArgumentException("field \"id\" is reserved for the branded id; rename it");
            }
            if (v == null) {
                throw new IllegalArgumentException("field \"" + k + "\" has a null value");
            }
        });
        return fields;
    }

    /** Checks that a caller's own id is an {@code EVT} id. */
    static BrandedId requireEventId(BrandedId id) {
        if (id == null) {
            throw new IllegalArgumentException("branded id must not be null");
        }
        if (!BrandedId.EVENT.equals(id.namespace())) {
            throw new IllegalArgumentException("stream records take EVT ids, got namespace " + id.namespace() + " in " + id);
        }
        return id;
    }

    /** How many times an appender mints again above another writer's top before the refusal stands. */
    int MAX_REMINTS = 32;

    /**
     * Makes {@code minter}'s next ids land above {@code top} after {@code attempt} refusals: a refusal
     * again means the other writers moved on during the round trips, so it aims a millisecond further
     * ahead each time (0, 1, 2 … ms past the top), and a writer whose round trips take several
     * milliseconds still lands, while ids run ahead of the clocks by about one round trip at most.
     * One policy for the adapters and for callers that append host-minted ids in scripts of their own.
     *
     * @throws IllegalArgumentException when no snowflake is above {@code top}
     */
    static void aimAbove(echomq.domain.id.Snowflake minter, StreamId top, int attempt) {
        minter.observe(StreamId.of(top.ms() + attempt, top.seq()));
    }
}
