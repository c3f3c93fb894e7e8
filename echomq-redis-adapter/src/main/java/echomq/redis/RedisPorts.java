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
import redis.clients.jedis.UnifiedJedis;

import java.util.Objects;

/**
 * Every port of the library over one Jedis client (a server, or a cluster): each call builds a new
 * adapter on it. The client stays its owner's: nothing here closes it. A blocking read (a tail, a
 * consumer group's read) holds one pooled connection while it waits.
 * <pre>{@code
 * try (UnifiedJedis jedis = RedisConnections.connect("redis://localhost:6379")) {
 *     EchoPorts ports = RedisPorts.over(jedis);
 *     ports.append(minter, EchoListener.NONE).append(key, LinkedHashMap.of("word", "tree"));
 * }
 * }</pre>
 */
public final class RedisPorts implements EchoPorts {

    private final UnifiedJedis jedis;

    private RedisPorts(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    /**
     * The ports over {@code jedis}.
     *
     * @param jedis the client (one server or a cluster); not closed by the ports
     * @return the ports over it
     */
    public static RedisPorts over(UnifiedJedis jedis) {
        return new RedisPorts(jedis);
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
