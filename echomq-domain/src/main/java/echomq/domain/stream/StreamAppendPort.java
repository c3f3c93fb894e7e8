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
 * retried under a server-chosen id.
 *
 * <p><b>Exactly once on a lost reply.</b> An append answers its receipt only if it landed, and lands
 * at most once: a refused id is read back before anything else ({@link AppendReadBack}), and when the
 * entry there carries the append's own branded id (a send whose reply was lost, retried by the
 * adapter or its client), the append has landed and is answered with that receipt. An append whose
 * reply was lost is sent again under the same id, then read back. It fails typed when it did not land
 * (a refusal, a store that cannot be reached before anything was sent), or, only when reading back
 * cannot tell, as {@link StreamStoreException.OutcomeUnknown}.
 * <pre>{@code
 * StreamKey key = StreamKey.of("cm", "guesses");
 * BrandedId id = append.append(key, LinkedHashMap.of("player", "ann", "word", "tree"));
 * id.streamId();   // the entry id it landed under, <unix ms of the mint>-<snowflake & 0x3FFFFF>
 * }</pre>
 */
public interface StreamAppendPort {

    /**
     * Mints an {@code EVT} id and appends the record under it.
     *
     * @param key    the stream
     * @param fields the record's fields, in order ({@link #requireFields}: no field {@code id})
     * @return the record's branded id, its receipt (the record is in the stream once, under it)
     * @throws IllegalArgumentException for bad fields, before anything reaches the store
     * @throws NonMonotonicAppendException when the id stays below the stream's top
     * @throws StreamStoreException.OutcomeUnknown when its reply was lost and reading its id back could not tell
     * @throws StreamStoreException when the store fails (the record did not land)
     */
    BrandedId append(StreamKey key, LinkedHashMap<String, String> fields);

    /**
     * As {@link #append}, with the receipt as a future: bad input is refused at once, a store
     * failure fails the future. The default appends before it returns; adapters that batch
     * concurrent appends (group commit) complete it when the record's batch is answered.
     *
     * @param key    the stream
     * @param fields the record's fields, in order
     * @return the record's branded id, once it landed; failed with a {@link StreamStoreException}
     * @throws IllegalArgumentException for bad fields, at once
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

    /**
     * Appends many records in one round trip, under ids minted in order.
     *
     * @param key     the stream
     * @param records the records, each checked as {@link #requireFields} checks one
     * @return the receipts, in the order of {@code records}
     * @throws IllegalArgumentException naming the first bad record, before anything reaches the store
     * @throws AppendBatchException when some records were refused (it names those that landed)
     * @throws StreamStoreException when the store fails
     */
    List<BrandedId> appendBatch(StreamKey key, List<LinkedHashMap<String, String>> records);

    /**
     * Appends a record under the caller's own {@code EVT} id (minted by the caller's
     * {@link echomq.domain.id.Snowflake}, say, to know the receipt before the round trip).
     *
     * @param key    the stream
     * @param id     the record's {@code EVT} id ({@link #requireEventId})
     * @param fields the record's fields, in order
     * @return {@code id}
     * @throws IllegalArgumentException for a non-{@code EVT} id or bad fields
     * @throws NonMonotonicAppendException when {@code id}'s entry id is not above the stream's top and
     *                                     the entry there is not this record's ({@code id} in its field {@code id}):
     *                                     an entry that is (an earlier send of it landed) answers {@code id}
     * @throws StreamStoreException.OutcomeUnknown when its reply was lost and reading it back could not tell
     * @throws StreamStoreException when the store fails
     */
    BrandedId appendWithId(StreamKey key, BrandedId id, LinkedHashMap<String, String> fields);

    /**
     * A batch checked before any wire, as every adapter's {@code appendBatch} checks it: the stream
     * named, each record as {@link #requireRecords} checks them.
     * <pre>{@code
     * if (StreamAppendPort.requireBatch(stream, records).isEmpty()) {
     *     return List.of(); // nothing to send
     * }
     * }</pre>
     *
     * @param stream  the stream the batch goes to
     * @param records the records of the batch
     * @return {@code records}
     * @throws NullPointerException when {@code stream} or {@code records} is null
     * @throws IllegalArgumentException naming the first bad record by its index in the batch
     */
    static java.util.List<LinkedHashMap<String, String>> requireBatch(StreamKey stream, java.util.List<LinkedHashMap<String, String>> records) {
        java.util.Objects.requireNonNull(stream, "stream");
        return requireRecords(records);
    }

    /**
     * {@code records}, each checked as {@link #requireFields} checks one.
     *
     * @param records the records of a batch
     * @return {@code records}
     * @throws NullPointerException when {@code records} is null
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
     * Checks a record before any wire: no field named {@code id} (it carries the branded id), no
     * null or empty name, no null value.
     *
     * @param fields the record's fields
     * @return {@code fields}
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

    /**
     * Checks that a caller's own id is an {@code EVT} id.
     *
     * @param id the id
     * @return {@code id}
     * @throws IllegalArgumentException when it is null or of another namespace
     */
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
     * @param minter  the minter whose next ids must land above {@code top}
     * @param top     the stream's top, as the refusal reported it
     * @param attempt how many refusals came before this one, from 0
     * @throws IllegalArgumentException when no snowflake is above {@code top}
     */
    static void aimAbove(echomq.domain.id.Snowflake minter, StreamId top, int attempt) {
        aimAbove(minter, top, attempt, DEFAULT_MAX_LEAD.toMillis());
    }

    /**
     * As {@link #aimAbove(echomq.domain.id.Snowflake, StreamId, int)}, and the minter keeps the lead
     * the top showed over its clock (at most {@code maxLeadMs}) for its later ids
     * ({@link echomq.domain.id.Snowflake#follow}): a writer whose clock trails another's is refused
     * once, not at every append.
     *
     * @param minter    the minter whose next ids must land above {@code top}
     * @param top       the stream's top, as the refusal reported it
     * @param attempt   how many refusals came before this one, from 0
     * @param maxLeadMs the most the minter's ids may run ahead of its clock (the writers' skew)
     * @throws IllegalArgumentException when no snowflake is above {@code top}
     */
    static void aimAbove(echomq.domain.id.Snowflake minter, StreamId top, int attempt, long maxLeadMs) {
        // the lead is the top's own, not the attempt's aim: aiming further at each refusal is for this
        // record only, or every tie between two writers would push all later ids a millisecond ahead
        minter.follow(top, maxLeadMs);
        minter.observe(StreamId.of(top.ms() + attempt, top.seq()));
    }

    /** How far a writer's ids may run ahead of its clock by default: the writers' skew the adapters allow, 100 ms. */
    java.time.Duration DEFAULT_MAX_LEAD = java.time.Duration.ofMillis(100);
}
