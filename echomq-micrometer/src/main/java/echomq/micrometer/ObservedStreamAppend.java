package echomq.micrometer;

import echomq.domain.id.BrandedId;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamKey;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import io.vavr.collection.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * A {@link StreamAppendPort} whose appends are Micrometer observations {@code echomq.append}
 * (low-cardinality keys {@code queue}, {@code stream}, {@code kind} = one, batch, with-id, async),
 * from the caller's call to its answer: under a group commit that is the wait for the pipeline
 * that carried the record.
 * <pre>{@code
 * StreamAppendPort appender = new ObservedStreamAppend(new RedisStreamAppend(jedis, minter), observations);
 * }</pre>
 */
public final class ObservedStreamAppend implements StreamAppendPort {

    /** The name of an append's observation. */
    public static final String APPEND = "echomq.append";

    private final StreamAppendPort port;
    private final ObservationRegistry registry;

    /**
     * Observes the appends of {@code port} in {@code registry}.
     *
     * @param port     the port doing the appends
     * @param registry where the observations go
     */
    public ObservedStreamAppend(StreamAppendPort port, ObservationRegistry registry) {
        this.port = Objects.requireNonNull(port, "port");
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    private Observation observation(StreamKey key, String kind) {
        return Observed.of(registry, APPEND, Objects.requireNonNull(key, "key")).lowCardinalityKeyValue("kind", kind);
    }

    /**
     * The wrapped port's {@code append}, observed.
     *
     * @param key    the stream
     * @param fields the record's fields, in order
     * @return the record's id
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    @Override
    public BrandedId append(StreamKey key, LinkedHashMap<String, String> fields) {
        return observation(key, "one").observe(() -> port.append(key, fields));
    }

    /**
     * The wrapped port's {@code appendAsync}: the observation stops when the future completes.
     *
     * @param key    the stream
     * @param fields the record's fields, in order
     * @return the record's id, when it landed
     */
    @Override
    public CompletableFuture<BrandedId> appendAsync(StreamKey key, LinkedHashMap<String, String> fields) {
        Observation o = observation(key, "async").start();
        CompletableFuture<BrandedId> f;
        try (Observation.Scope ignored = o.openScope()) {
            f = port.appendAsync(key, fields);
        } catch (RuntimeException e) {
            o.error(e);
            o.stop();
            throw e;
        }
        return f.whenComplete((id, error) -> {
            if (error != null) {
                o.error(error);
            }
            o.stop();
        });
    }

    /**
     * The wrapped port's {@code appendBatch}, observed as one.
     *
     * @param key     the stream
     * @param records the records, in order
     * @return their ids, in order
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    @Override
    public List<BrandedId> appendBatch(StreamKey key, List<LinkedHashMap<String, String>> records) {
        return observation(key, "batch").observe(() -> port.appendBatch(key, records));
    }

    /**
     * The wrapped port's {@code appendWithId}, observed.
     *
     * @param key    the stream
     * @param id     the record's id
     * @param fields the record's fields, in order
     * @return the id
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    @Override
    public BrandedId appendWithId(StreamKey key, BrandedId id, LinkedHashMap<String, String> fields) {
        return observation(key, "with-id").observe(() -> port.appendWithId(key, id, fields));
    }
}
