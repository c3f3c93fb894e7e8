package codemojex.app.redis;

import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.Snowflake;
import echomq.domain.lease.PartitionLeasePort;
import echomq.domain.observe.EchoListener;
import echomq.domain.ports.EchoPorts;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.stream.ClockBound;
import echomq.domain.stream.Durability;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.tail.StreamTailPort;
import echomq.wire.EchoConnection;

import java.util.Objects;

/**
 * The app's connection to its Redis through one client: the library's connection that owns it
 * ({@link EchoConnection}: {@code RedisPorts.open(uri)}, {@code LettucePorts.open(uri)}, its ports and its
 * close) and the plain calls of the app's own adapters over the same client. {@code jedis/JedisConnection} and
 * {@code lettuce/LettuceConnection} open one; the composition root picks the client
 * ({@code --client}). The plain calls, the range and the stream states are built once and shared;
 * every other port is built on each call. Closing it closes the client and every connection it opened.
 * <pre>{@code
 * try (Connection redis = JedisConnection.open("redis://localhost:6379", 8)) {
 *     new RedisGames(redis.calls()).create(game);
 * }
 * }</pre>
 */
public final class Connection implements EchoPorts, AutoCloseable {

    private final EchoConnection ports;
    private final RedisCalls calls;
    private final StreamRangePort range;
    private final StreamStatePort states;

    /**
     * The connection of {@code ports} and {@code calls} over one client.
     *
     * @param ports the library's connection, which owns the client (closing this closes it)
     * @param calls the app's plain calls over the same client
     */
    public Connection(EchoConnection ports, RedisCalls calls) {
        this.ports = Objects.requireNonNull(ports, "ports");
        this.calls = Objects.requireNonNull(calls, "calls");
        this.range = Objects.requireNonNull(ports.range(), "range");
        this.states = Objects.requireNonNull(ports.states(), "states");
    }

    /**
     * The plain calls of the app's adapters.
     *
     * @return the calls, the same each time
     */
    public RedisCalls calls() {
        return calls;
    }

    /** The client's name, as {@code --client} takes it. */
    @Override
    public String client() {
        return ports.client();
    }

    /** The range port, the same each time. */
    @Override
    public StreamRangePort range() {
        return range;
    }

    /** The stream-state port, the same each time. */
    @Override
    public StreamStatePort states() {
        return states;
    }

    @Override
    public StreamAppendPort append(Snowflake minter, ClockBound bound, EchoListener listener, Durability durability) {
        return ports.append(minter, bound, listener, durability);
    }

    @Override
    public StreamReadersPort readers(EchoListener listener) {
        return ports.readers(listener);
    }

    @Override
    public StreamRetentionPort retention() {
        return ports.retention();
    }

    @Override
    public CheckpointPort checkpoints() {
        return ports.checkpoints();
    }

    @Override
    public StreamTailPort tail() {
        return ports.tail();
    }

    @Override
    public ConsumerGroupPort group(Consumer consumer) {
        return ports.group(consumer);
    }

    @Override
    public ServerClockPort serverClock() {
        return ports.serverClock();
    }

    @Override
    public BucketMarkPort bucketMarks() {
        return ports.bucketMarks();
    }

    @Override
    public RollupAppendPort rollupAppends() {
        return ports.rollupAppends();
    }

    @Override
    public PartitionLeasePort leases() {
        return ports.leases();
    }

    /** Closes the client and every connection it opened. */
    @Override
    public void close() {
        ports.close();
    }
}
