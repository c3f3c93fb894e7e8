package echomq.redis;

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
import echomq.wire.RedisUris;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.util.Objects;

/**
 * Every port of the library over one Jedis client (a server, or a cluster), its scripts and its close:
 * the library's {@link EchoConnection} on Jedis. Each port call builds a new adapter on the client. Opened
 * here ({@link #open}), the connection owns its client and closes it; over a client it was lent
 * ({@link #over}), it closes nothing. A blocking read (a tail, a consumer group's read) holds one pooled
 * connection while it waits.
 * <pre>{@code
 * try (RedisPorts redis = RedisPorts.open("redis://localhost:6379")) {
 *     redis.append(minter, EchoListener.NONE).append(key, LinkedHashMap.of("word", "tree"));
 * }
 * }</pre>
 */
public final class RedisPorts implements EchoConnection {

    private final UnifiedJedis jedis;
    private final String description;
    private final boolean owned;

    private RedisPorts(UnifiedJedis jedis, String description, boolean owned) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
        this.description = Objects.requireNonNull(description, "description");
        this.owned = owned;
    }

    /**
     * The ports over {@code jedis}, which stays its owner's: {@link #close()} leaves it open.
     *
     * @param jedis the client (one server or a cluster)
     * @return the ports over it
     */
    public static RedisPorts over(UnifiedJedis jedis) {
        return new RedisPorts(jedis, "jedis, on a client it was lent", false);
    }

    /**
     * The connection that owns {@code jedis} from now on: {@link #close()} closes it.
     *
     * @param jedis       the client (one server or a cluster)
     * @param description what it is, for logs ({@link #description()}), no password in it
     * @return the connection
     */
    public static RedisPorts owning(UnifiedJedis jedis, String description) {
        return new RedisPorts(jedis, description, true);
    }

    /**
     * A connection of its own to {@code uri} ({@link RedisConnections#connect(String)}: its pool and timeouts).
     *
     * @param uri {@code redis://}, {@code rediss://} or {@code redis-cluster://}
     * @return the connection, owning its client
     * @throws IllegalArgumentException naming what is wrong with {@code uri}
     */
    public static RedisPorts open(String uri) {
        return owning(RedisConnections.connect(uri), "jedis, on " + RedisUris.mask(uri));
    }

    /**
     * As {@link #open(String)}, with up to {@code maxConnections} pooled connections.
     *
     * @param uri            the URI
     * @param maxConnections the pool's size
     * @return the connection, owning its client
     */
    public static RedisPorts open(String uri, int maxConnections) {
        return owning(RedisConnections.connect(uri, maxConnections), "jedis, on " + RedisUris.mask(uri));
    }

    /**
     * As {@link #open(String)}, with these timeouts and pool size.
     *
     * @param uri            the URI
     * @param connectTimeout how long a connection may take to open
     * @param socketTimeout  how long a reply may take
     * @param maxConnections the pool's size
     * @return the connection, owning its client
     */
    public static RedisPorts open(String uri, Duration connectTimeout, Duration socketTimeout, int maxConnections) {
        return owning(RedisConnections.connect(uri, connectTimeout, socketTimeout, maxConnections), "jedis, on " + RedisUris.mask(uri));
    }

    /**
     * The client, for commands of the caller's own beside the ports (still the connection's to close).
     *
     * @return the Jedis client
     */
    public UnifiedJedis jedis() {
        return jedis;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public Object run(LuaScript script, java.util.List<String> keys, java.util.List<String> argv) {
        return RedisScript.of(script).run(jedis, keys, argv);
    }

    @Override
    public void close() {
        if (owned) {
            jedis.close();
        }
    }

    /**
     * The client's name.
     *
     * @return {@code "jedis"}
     */
    @Override
    public String client() {
        return "jedis";
    }

    @Override
    public StreamRangePort range() {
        return new RedisStreamRange(jedis);
    }

    @Override
    public StreamStatePort states() {
        return new RedisStreamState(jedis);
    }

    /** A {@link RedisStreamAppend} writers' clocks may differ by {@link RedisStreamAppend#DEFAULT_MAX_SKEW} on. */
    @Override
    public StreamAppendPort append(Snowflake minter, ClockBound bound, EchoListener listener, echomq.domain.stream.Durability durability) {
        return new RedisStreamAppend(jedis, minter, RedisStreamAppend.DEFAULT_MAX_SKEW, bound, durability).observedBy(listener);
    }

    @Override
    public StreamReadersPort readers(EchoListener listener) {
        return new RedisStreamReaders(jedis).observedBy(listener);
    }

    @Override
    public StreamRetentionPort retention() {
        return new RedisStreamRetention(jedis);
    }

    @Override
    public CheckpointPort checkpoints() {
        return new RedisCheckpoints(jedis);
    }

    @Override
    public StreamTailPort tail() {
        return new RedisStreamTail(jedis);
    }

    @Override
    public ConsumerGroupPort group(Consumer consumer) {
        return new RedisConsumerGroup(jedis, consumer);
    }

    @Override
    public ServerClockPort serverClock() {
        return new RedisServerClock(jedis);
    }

    @Override
    public BucketMarkPort bucketMarks() {
        return new RedisBucketMarks(jedis);
    }

    @Override
    public echomq.domain.rollup.RollupAppendPort rollupAppends() {
        return new RedisRollupAppends(jedis);
    }

    @Override
    public echomq.domain.lease.PartitionLeasePort leases() {
        // the wire's PartitionLeases is the port: its keys and scripts, run here by their SHA-1 over Jedis
        return new echomq.wire.PartitionLeases((script, keys, argv) -> RedisScript.of(script).runRaw(jedis, keys, argv));
    }
}
