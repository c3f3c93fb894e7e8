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

import java.util.Objects;

/**
 * Every port of the library over one Lettuce connection (to a server, or a cluster): each call
 * builds a new adapter on it, and every one shares the multiplexed connection; blocking reads (a
 * tail, a consumer group's read) get connections of their own, one per reading thread. The
 * connection stays its owner's: nothing here closes it.
 * <pre>{@code
 * try (LettuceRedis redis = LettuceConnections.connect("redis://localhost:6379")) {
 *     EchoPorts ports = LettucePorts.over(redis);
 *     ports.append(minter, EchoListener.NONE).append(key, LinkedHashMap.of("word", "tree"));
 * }
 * }</pre>
 */
public final class LettucePorts implements EchoPorts {

    private final LettuceRedis redis;

    private LettucePorts(LettuceRedis redis) {
        this.redis = Objects.requireNonNull(redis, "redis");
    }

    /**
     * The ports over {@code redis}.
     *
     * @param redis the connection (on a client of its own or a shared one); not closed by the ports
     * @return the ports over it
     */
    public static LettucePorts over(LettuceRedis redis) {
        return new LettucePorts(redis);
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
