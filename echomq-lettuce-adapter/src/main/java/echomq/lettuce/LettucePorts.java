package echomq.lettuce;

import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.Snowflake;
import echomq.domain.observe.EchoListener;
import echomq.domain.ports.EchoPorts;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.ClockBound;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.tail.StreamTailPort;
import echomq.wire.EchoConnection;
import echomq.wire.LuaScript;

import java.time.Duration;
import java.util.Objects;

/**
 * Every port of the library over one Lettuce connection (to a server, or a cluster), its scripts and
 * its close: the library's {@link EchoConnection} on Lettuce. Each port call builds a new adapter on it,
 * and every one shares the multiplexed connection; blocking reads (a tail, a consumer group's read) get
 * connections of their own, one per reading thread. Opened here ({@link #open}), the connection owns
 * its client and closes it; over one it was lent ({@link #over}), it closes nothing.
 * <pre>{@code
 * try (LettucePorts redis = LettucePorts.open("redis://localhost:6379")) {
 *     redis.append(minter, EchoListener.NONE).append(key, LinkedHashMap.of("word", "tree"));
 * }
 * }</pre>
 */
public final class LettucePorts implements EchoConnection {

    private final LettuceRedis redis;
    private final String description;
    private final boolean owned;

    private LettucePorts(LettuceRedis redis, String description, boolean owned) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.description = Objects.requireNonNull(description, "description");
        this.owned = owned;
    }

    /**
     * The ports over {@code redis}, which stays its owner's: {@link #close()} leaves it open.
     *
     * @param redis the connection (on a client of its own or a shared one)
     * @return the ports over it
     */
    public static LettucePorts over(LettuceRedis redis) {
        return new LettucePorts(redis, "lettuce, on a connection it was lent", false);
    }

    /**
     * The connection that owns {@code redis} from now on: {@link #close()} closes it.
     *
     * @param redis       the connection
     * @param description what it is, for logs ({@link #description()}), no password in it
     * @return the connection
     */
    public static LettucePorts owning(LettuceRedis redis, String description) {
        return new LettucePorts(redis, description, true);
    }

    /**
     * A connection of its own to {@code uri} ({@link LettuceConnections#connect(String)}: its timeouts and reconnection).
     *
     * @param uri {@code redis://}, {@code rediss://} or {@code redis-cluster://}
     * @return the connection, owning its client
     * @throws IllegalArgumentException naming what is wrong with {@code uri} (the password masked)
     */
    public static LettucePorts open(String uri) {
        return owning(LettuceConnections.connect(uri), "lettuce, on " + LettuceConnections.mask(uri));
    }

    /**
     * As {@link #open(String)}, with commands timing out after {@code timeout}.
     *
     * @param uri     the URI
     * @param timeout how long a command may take
     * @return the connection, owning its client
     */
    public static LettucePorts open(String uri, Duration timeout) {
        return owning(LettuceConnections.connect(uri, timeout), "lettuce, on " + LettuceConnections.mask(uri));
    }

    /**
     * The Lettuce connection, for commands of the caller's own beside the ports (still this connection's to close).
     *
     * @return the connection
     */
    public LettuceRedis redis() {
        return redis;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public Object run(LuaScript script, java.util.List<String> keys, java.util.List<String> argv) {
        return redis.run(script, keys, argv);
    }

    @Override
    public void close() {
        if (owned) {
            redis.close();
        }
    }

    /**
     * The client's name.
     *
     * @return {@code "lettuce"}
     */
    @Override
    public String client() {
        return "lettuce";
    }

    @Override
    public StreamRangePort range() {
        return new LettuceStreamRange(redis);
    }

    @Override
    public StreamStatePort states() {
        return new LettuceStreamState(redis);
    }

    @Override
    public StreamAppendPort append(Snowflake minter, ClockBound bound, EchoListener listener, echomq.domain.stream.Durability durability) {
        return new LettuceStreamAppend(redis, minter, bound, durability).observedBy(listener);
    }

    @Override
    public StreamReadersPort readers(EchoListener listener) {
        return new LettuceStreamReaders(redis).observedBy(listener);
    }

    @Override
    public StreamRetentionPort retention() {
        return new LettuceStreamRetention(redis);
    }

    @Override
    public CheckpointPort checkpoints() {
        return new LettuceCheckpoints(redis);
    }

    @Override
    public StreamTailPort tail() {
        return new LettuceStreamTail(redis);
    }

    @Override
    public ConsumerGroupPort group(Consumer consumer) {
        return new LettuceConsumerGroup(redis, consumer);
    }

    @Override
    public ServerClockPort serverClock() {
        return new LettuceServerClock(redis);
    }

    @Override
    public BucketMarkPort bucketMarks() {
        return new LettuceBucketMarks(redis);
    }

    @Override
    public echomq.domain.rollup.RollupAppendPort rollupAppends() {
        return new LettuceRollupAppends(redis);
    }

    @Override
    public echomq.domain.lease.PartitionLeasePort leases() {
        // the wire's PartitionLeases is the port: its keys and scripts, run here by their SHA-1 over Lettuce
        return new echomq.wire.PartitionLeases((script, keys, argv) -> redis.run(script, keys, argv));
    }
}
