package echomq.micrometer;

import echomq.domain.id.StreamId;
import echomq.domain.stream.RangePages;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import io.micrometer.observation.ObservationRegistry;
import io.vavr.control.Option;

import java.util.List;
import java.util.Objects;

/**
 * A {@link StreamRangePort} whose reads are Micrometer observations {@code echomq.range}
 * (low-cardinality keys {@code queue}, {@code stream}): one per range call or page, so a fold's
 * trace shows each page it read. The pages of {@link #pages} stay the wrapped port's (a pipelined
 * adapter keeps its next pages in flight); each page's wait is observed.
 * <pre>{@code
 * StreamRangePort range = new ObservedStreamRange(new RedisStreamRange(jedis), observations);
 * }</pre>
 */
public final class ObservedStreamRange implements StreamRangePort {

    /** The name of a range read's observation. */
    public static final String RANGE = "echomq.range";

    private final StreamRangePort port;
    private final ObservationRegistry registry;

    /**
     * Observes the reads of {@code port} in {@code registry}.
     *
     * @param port     the port doing the reads
     * @param registry where the observations go
     */
    public ObservedStreamRange(StreamRangePort port, ObservationRegistry registry) {
        this.port = Objects.requireNonNull(port, "port");
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    /**
     * The wrapped port's {@code range}, observed.
     *
     * @param key   the stream
     * @param from  the first id, inclusive
     * @param to    the last id, inclusive
     * @param count at most this many entries
     * @return the entries, in id order
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    @Override
    public List<StreamEntry> range(StreamKey key, StreamId from, StreamId to, int count) {
        return Observed.call(registry, RANGE, key, () -> port.range(key, from, to, count));
    }

    /**
     * The wrapped port's {@code rangeFrom}, observed.
     *
     * @param key   the stream
     * @param from  the first id, inclusive
     * @param count at most this many entries
     * @return the entries, in id order
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    @Override
    public List<StreamEntry> rangeFrom(StreamKey key, StreamId from, int count) {
        return Observed.call(registry, RANGE, key, () -> port.rangeFrom(key, from, count));
    }

    /**
     * The wrapped port's pages, each page observed as it is taken.
     *
     * @param key      the stream
     * @param from     the first id, inclusive
     * @param to       the last id, inclusive, or none for the end of the stream
     * @param pageSize entries per page
     * @return the pages
     */
    @Override
    public RangePages pages(StreamKey key, StreamId from, Option<StreamId> to, int pageSize) {
        return port.pages(key, from, to, pageSize).around(next -> Observed.call(registry, RANGE, key, next));
    }
}
