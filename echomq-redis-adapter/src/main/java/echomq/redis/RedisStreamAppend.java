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
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.XAddParams;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
    private final ConcurrentHashMap<String, Object> locks = new ConcurrentHashMap<>();

    public RedisStreamAppend(UnifiedJedis jedis, Snowflake minter) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
        this.minter = Objects.requireNonNull(minter, "minter");
    }

    @Override
    public BrandedId append(String queue, String name, LinkedHashMap<String, String> fields) {
        String key = StreamKey.of(queue, name).toString();
        StreamAppendPort.requireFields(fields);
        synchronized (lock(key)) {
            return xadd(key, minter.nextId(), fields);
        }
    }

    private Object lock(String key) {
        return locks.computeIfAbsent(key, k -> new Object());
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
        byte[] k = bytes(key);
        List<Response<byte[]>> responses = new ArrayList<>(records.size());
        synchronized (lock(key)) {
            for (int i = 0; i < records.size(); i++) {
                ids.add(minter.nextId());
            }
            try (AbstractPipeline p = jedis.pipelined()) {
                for (int i = 0; i < records.size(); i++) {
                    responses.add(p.xadd(k, params(ids.get(i).streamId()), wireFields(ids.get(i), records.get(i))));
                }
                p.sync();
            } catch (JedisException e) {
                throw RedisFailures.translate(key, e);
            }
        }
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
