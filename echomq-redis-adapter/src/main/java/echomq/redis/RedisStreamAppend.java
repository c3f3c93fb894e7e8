package echomq.redis;

import echomq.domain.id.BrandedId;
import echomq.domain.stream.NonMonotonicAppendException;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Either;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.XAddParams;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import static echomq.redis.RedisReplies.bytes;

/**
 * {@link StreamAppendPort} over Jedis: {@code XADD <key> <A1 id> id <branded> <field> <value> …}.
 * The minter is this adapter's; give each writing process its own node id.
 *
 * <p>Threads of one process appending to one stream are one writer only if their XADDs reach Redis
 * in mint order: otherwise a later mint can land first and the earlier one is refused as
 * non-monotonic. So minting and sending are done under a lock per stream.
 */
public final class RedisStreamAppend implements StreamAppendPort {

    private final UnifiedJedis jedis;
    private final Snowflake minter;
    /** The most records one group commit sends in one pipeline. */
    static final int MAX_GROUP = 1000;

    private final ConcurrentHashMap<String, GroupCommit<LinkedHashMap<String, String>, BrandedId>> writers = new ConcurrentHashMap<>();

    /** Appends through {@code jedis}, minting ids with {@code minter}. */
    public RedisStreamAppend(UnifiedJedis jedis, Snowflake minter) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
        this.minter = Objects.requireNonNull(minter, "minter");
    }

    /**
     * Group commit: the record joins whatever other threads are appending to the stream; whoever
     * sends mints the queued records' ids in order and sends them in one pipeline, so mint order is
     * wire order and a process appends many records per round trip. A refused record fails only its
     * own receipt.
     */
    @Override
    public BrandedId append(String queue, String name, LinkedHashMap<String, String> fields) {
        String key = StreamKey.of(queue, name).toString();
        StreamAppendPort.requireFields(fields);
        return writer(key).call(fields);
    }

    /** As {@link #append}, without waiting: the receipt completes when the record's pipeline is answered. */
    @Override
    public CompletableFuture<BrandedId> appendAsync(String queue, String name, LinkedHashMap<String, String> fields) {
        String key = StreamKey.of(queue, name).toString();
        StreamAppendPort.requireFields(fields);
        return writer(key).submit(fields);
    }

    private GroupCommit<LinkedHashMap<String, String>, BrandedId> writer(String key) {
        return writers.computeIfAbsent(key, k -> new GroupCommit<>(records -> send(k, records), MAX_GROUP));
    }

    /** Mints one id per record, in order, and sends them all in one pipeline; one result per record. */
    private List<Either<RuntimeException, BrandedId>> send(String key, List<LinkedHashMap<String, String>> records) {
        List<BrandedId> ids = new ArrayList<>(records.size());
        for (int i = 0; i < records.size(); i++) {
            ids.add(minter.nextId());
        }
        List<Response<byte[]>> responses = pipeline(key, ids, records);
        List<Either<RuntimeException, BrandedId>> out = new ArrayList<>(ids.size());
        for (int i = 0; i < responses.size(); i++) {
            try {
                responses.get(i).get();
                out.add(Either.right(ids.get(i)));
            } catch (JedisException e) {
                out.add(Either.left(RedisFailures.translateAppend(key, ids.get(i).streamId(), e)));
            }
        }
        return out;
    }

    private List<Response<byte[]>> pipeline(String key, List<BrandedId> ids, List<LinkedHashMap<String, String>> records) {
        byte[] k = bytes(key);
        List<Response<byte[]>> responses = new ArrayList<>(records.size());
        try (AbstractPipeline p = jedis.pipelined()) {
            for (int i = 0; i < records.size(); i++) {
                responses.add(p.xadd(k, params(ids.get(i).streamId()), wireFields(ids.get(i), records.get(i))));
            }
            p.sync();
        } catch (JedisException e) {
            throw RedisFailures.translate(key, e);
        }
        return responses;
    }

    @Override
    public BrandedId appendWithId(String queue, String name, BrandedId id, LinkedHashMap<String, String> fields) {
        String key = StreamKey.of(queue, name).toString();
        StreamAppendPort.requireEventId(id);
        StreamAppendPort.requireFields(fields);
        return xadd(key, id, fields);
    }

    private BrandedId xadd(String key, BrandedId id, LinkedHashMap<String, String> fields) {
        StreamId entryId = id.streamId();
        try {
            jedis.xadd(bytes(key), params(entryId), wireFields(id, fields));
            return id;
        } catch (JedisException e) {
            throw RedisFailures.translateAppend(key, entryId, e);
        }
    }

    /**
     * All records in one pipeline, ids minted in order before anything is sent. If any is refused,
     * an {@link AppendBatchException} says which landed and which did not, so no receipt is lost.
     */
    @Override
    public List<BrandedId> appendBatch(String queue, String name, List<LinkedHashMap<String, String>> records) {
        String key = StreamKey.of(queue, name).toString();
        Objects.requireNonNull(records, "records");
        for (int i = 0; i < records.size(); i++) {
            try {
                StreamAppendPort.requireFields(records.get(i));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("record " + i + " of the batch: " + e.getMessage(), e);
            }
        }
        if (records.isEmpty()) {
            return List.of();
        }
        List<BrandedId> ids = new ArrayList<>(records.size());
        // after what other threads queued before it, and with nothing else sending: the batch is minted and sent in order
        List<Response<byte[]>> responses = writer(key).exclusively(() -> {
            for (int i = 0; i < records.size(); i++) {
                ids.add(minter.nextId());
            }
            return pipeline(key, ids, records);
        });
        List<BrandedId> landed = new ArrayList<>();
        List<StreamStoreException> failures = new ArrayList<>();
        for (int i = 0; i < responses.size(); i++) {
            try {
                responses.get(i).get();
                landed.add(ids.get(i));
            } catch (JedisException e) {
                failures.add(RedisFailures.translateAppend(key, ids.get(i).streamId(), e));
            }
        }
        if (!failures.isEmpty()) {
            throw new AppendBatchException(key, landed, failures);
        }
        return List.copyOf(ids);
    }

    private static XAddParams params(StreamId id) {
        return XAddParams.xAddParams().id(id.toString());
    }

    private static Map<byte[], byte[]> wireFields(BrandedId id, LinkedHashMap<String, String> fields) {
        List<String> items = xaddFields(id, fields);
        Map<byte[], byte[]> wire = new java.util.LinkedHashMap<>(items.size()); // insertion order is the wire order
        for (int i = 0; i < items.size(); i += 2) {
            wire.put(bytes(items.get(i)), bytes(items.get(i + 1)));
        }
        return wire;
    }

    /**
     * The field/value items of a record's {@code XADD}, in wire order: {@code id <branded>} first,
     * then the record's fields. For callers that append in a script of their own, so the wire
     * format is written down once.
     */
    public static List<String> xaddFields(BrandedId id, LinkedHashMap<String, String> fields) {
        List<String> out = new ArrayList<>(fields.size() * 2 + 2);
        out.add(StreamEntry.ID_FIELD);
        out.add(id.toString());
        fields.forEach((f, v) -> {
            out.add(f);
            out.add(v);
        });
        return out;
    }

    /** Some records of a batch were refused; {@link #landed()} were appended. */
    public static final class AppendBatchException extends StreamStoreException {
        private final List<BrandedId> landed;
        private final List<StreamStoreException> failures;

        AppendBatchException(String key, List<BrandedId> landed, List<StreamStoreException> failures) {
            super(key, failures.size() + " record(s) of the batch were refused, " + landed.size()
                    + " landed; first refusal: " + failures.get(0).getMessage(), failures.get(0));
            this.landed = List.copyOf(landed);
            this.failures = List.copyOf(failures);
        }

        public List<BrandedId> landed() {
            return landed;
        }

        public List<StreamStoreException> failures() {
            return failures;
        }

        /** Whether every refusal was a non-monotonic id. */
        public boolean allNonMonotonic() {
            return failures.stream().allMatch(f -> f instanceof NonMonotonicAppendException);
        }
    }
}
