package echomq.micrometer;

import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A {@link ConsumerGroupPort} whose reads are Micrometer observations {@code echomq.group.read}
 * (low-cardinality keys {@code queue}, {@code stream}, {@code group}, {@code kind} = new, pending,
 * claim): new entries, the consumer's pending ones, and entries claimed from idle consumers.
 * Creating the group, acknowledging and counting are passed through.
 * <pre>{@code
 * ConsumerGroupPort group = new ObservedConsumerGroup(new RedisConsumerGroup(jedis, consumer), observations);
 * }</pre>
 */
public final class ObservedConsumerGroup implements ConsumerGroupPort {

    /** The name of a group read's observation. */
    public static final String GROUP_READ = "echomq.group.read";

    private final ConsumerGroupPort port;
    private final ObservationRegistry registry;

    /**
     * Observes the reads of {@code port} in {@code registry}.
     *
     * @param port     the port doing the reads
     * @param registry where the observations go
     */
    public ObservedConsumerGroup(ConsumerGroupPort port, ObservationRegistry registry) {
        this.port = Objects.requireNonNull(port, "port");
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    private <T> T observed(String kind, Supplier<T> call) {
        Consumer c = port.consumer();
        Observation o = Observed.of(registry, GROUP_READ, c.group().stream())
                .lowCardinalityKeyValue("group", c.group().name())
                .lowCardinalityKeyValue("kind", kind);
        return o.observe(call);
    }

    /**
     * The wrapped port's consumer.
     *
     * @return the consumer reading
     */
    @Override
    public Consumer consumer() {
        return port.consumer();
    }

    /** Creates the group where it is missing, as the wrapped port does. */
    @Override
    public void ensure() {
        port.ensure();
    }

    /**
     * The wrapped port's {@code read}, observed (a blocked read's wait included).
     *
     * @param count at most this many entries
     * @param block how long to wait for one, zero not at all
     * @return the entries delivered
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    @Override
    public List<StreamEntry> read(int count, Duration block) {
        return observed("new", () -> port.read(count, block));
    }

    /**
     * The wrapped port's {@code pending}, observed.
     *
     * @param after the last id already seen
     * @param count at most this many entries
     * @return the consumer's pending entries after {@code after}
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    @Override
    public List<StreamEntry> pending(StreamId after, int count) {
        return observed("pending", () -> port.pending(after, count));
    }

    /**
     * The wrapped port's {@code autoClaim}, observed.
     *
     * @param minIdle how long an entry must have been idle
     * @param count   at most this many entries
     * @return the entries claimed
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    @Override
    public List<StreamEntry> autoClaim(Duration minIdle, int count) {
        return observed("claim", () -> port.autoClaim(minIdle, count));
    }

    /**
     * The wrapped port's {@code ack}.
     *
     * @param id the entry
     * @return 1 when it was pending, else 0
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    @Override
    public long ack(StreamId id) {
        return port.ack(id);
    }

    /**
     * The wrapped port's {@code pendingCount}.
     *
     * @return entries delivered to the group and not acknowledged
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    @Override
    public long pendingCount() {
        return port.pendingCount();
    }
}
