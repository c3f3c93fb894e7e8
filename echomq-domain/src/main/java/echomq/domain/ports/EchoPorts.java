package echomq.domain.ports;

import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.Snowflake;
import echomq.domain.observe.EchoListener;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.ClockBound;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.tail.StreamTailPort;

/**
 * Every port of the library over one client: each call builds a new port on that client (the
 * client is shared; closing it is its owner's business, never this). An adapter module gives one
 * ({@code RedisPorts.over(jedis)}, {@code LettucePorts.over(redis)}), so an application writes
 * what it builds from the ports once, for every client.
 * <pre>{@code
 * EchoPorts ports = LettucePorts.over(redis);
 * ConsumerGroupPort group = ports.group(ConsumerGroup.of(key, "scorers").consumer("worker-1"));
 * }</pre>
 */
public interface EchoPorts {

    /**
     * The client's name.
     *
     * @return {@code "jedis"} or {@code "lettuce"} for the library's adapters
     */
    String client();

    /**
     * A range port.
     *
     * @return a new range port on this client
     */
    StreamRangePort range();

    /**
     * A state port.
     *
     * @return a new state port on this client
     */
    StreamStatePort states();

    /**
     * An appender minting with {@code minter}, refusing appends while its clock runs further ahead
     * of the store's than {@code bound} allows.
     *
     * @param minter   the writer's minter (one per writer: two minters of one node may mint one id)
     * @param bound    how far ahead of the store the writer's clock may be
     * @param listener told of appends and refusals
     * @return a new appender on this client
     */
    default StreamAppendPort append(Snowflake minter, ClockBound bound, EchoListener listener) {
        return append(minter, bound, listener, echomq.domain.stream.Durability.NONE);
    }

    /**
     * An appender minting with {@code minter}, refusing appends while its clock runs further ahead
     * of the store's than {@code bound} allows, acknowledging an append only as {@code durability}
     * says: at once ({@link echomq.domain.stream.Durability#NONE}), or once replicas hold it
     * ({@code WAIT} on the connection that wrote it, one per batch of a group commit); a timeout
     * is a {@link echomq.domain.stream.StreamStoreException.NotReplicated}, never a success.
     * <pre>{@code
     * ports.append(minter, ClockBound.DEFAULT, EchoListener.NONE, Durability.replicated(1, Duration.ofSeconds(1)));
     * }</pre>
     *
     * @param minter     the writer's minter (one per writer: two minters of one node may mint one id)
     * @param bound      how far ahead of the store the writer's clock may be
     * @param listener   told of appends and refusals
     * @param durability when an append is acknowledged
     * @return a new appender on this client
     */
    StreamAppendPort append(Snowflake minter, ClockBound bound, EchoListener listener, echomq.domain.stream.Durability durability);

    /**
     * An appender minting with {@code minter}, with the default clock bound: {@code append(minter, ClockBound.DEFAULT, listener)}.
     *
     * @param minter   the writer's minter
     * @param listener told of appends and refusals
     * @return a new appender on this client
     */
    default StreamAppendPort append(Snowflake minter, EchoListener listener) {
        return append(minter, ClockBound.DEFAULT, listener);
    }

    /**
     * A readers port: the consumer groups' positions.
     *
     * @param listener told where each group stood whenever groups are read
     * @return a new readers port on this client
     */
    StreamReadersPort readers(EchoListener listener);

    /**
     * A plain retention port (trim through a {@code SafeRetention} over it).
     *
     * @return a new retention port on this client
     */
    StreamRetentionPort retention();

    /**
     * A checkpoint port.
     *
     * @return a new checkpoint port on this client
     */
    CheckpointPort checkpoints();

    /**
     * A tail port: follows streams, blocking (on connections of its own where the client needs them).
     *
     * @return a new tail port on this client
     */
    StreamTailPort tail();

    /**
     * A consumer-group port reading as {@code consumer}.
     *
     * @param consumer the consumer, of its group, of its stream
     * @return a new consumer-group port on this client
     */
    ConsumerGroupPort group(Consumer consumer);

    /**
     * The store's clock ({@code TIME} on a stream's node).
     *
     * @return a new server clock port on this client
     */
    ServerClockPort serverClock();

    /**
     * Where closing subscriptions keep the last bucket they handed out.
     *
     * @return a new bucket mark port on this client
     */
    BucketMarkPort bucketMarks();

    /**
     * The append at an id a rollup writes its buckets with ({@code XADD key <id> …}, or the top it is not above).
     *
     * @return a new rollup append port on this client
     */
    echomq.domain.rollup.RollupAppendPort rollupAppends();

    /**
     * The partition leases and members' heartbeats (one owner per partition, fenced by an epoch).
     *
     * @return a new lease port on this client
     */
    echomq.domain.lease.PartitionLeasePort leases();
}
