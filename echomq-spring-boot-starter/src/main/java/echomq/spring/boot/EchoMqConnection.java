package echomq.spring.boot;

import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.Snowflake;
import echomq.domain.observe.EchoListener;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.tail.StreamTailPort;

/**
 * The Redis client the starter's ports run on, and what builds them: one bean, made from
 * {@code echomq.redis.url} or from Spring Data Redis' connection factory. Declare a bean of this
 * type to run every port on a client of your own (the starter then closes nothing of it).
 */
public interface EchoMqConnection extends AutoCloseable {

    /**
     * What this connection is, for logs and the health indicator (passwords masked).
     *
     * @return the client and where it came from, e.g. {@code "lettuce, shared with Spring Data Redis' LettuceConnectionFactory"}
     */
    String description();

    /**
     * A range port.
     *
     * @return a new range port on this client
     */
    StreamRangePort range();

    /**
     * An appender minting with {@code minter}.
     *
     * @param minter   the snowflake minter of this process's node
     * @param listener told of appends and refusals
     * @return a new appender on this client
     */
    default StreamAppendPort appender(Snowflake minter, EchoListener listener) {
        return appender(minter, listener, echomq.domain.stream.Durability.NONE);
    }

    /**
     * An appender minting with {@code minter}, acknowledging an append as {@code durability} says.
     *
     * @param minter     the snowflake minter of this process's node
     * @param listener   told of appends and refusals
     * @param durability when an append is acknowledged ({@code echomq.durability.*})
     * @return a new appender on this client
     */
    StreamAppendPort appender(Snowflake minter, EchoListener listener, echomq.domain.stream.Durability durability);

    /**
     * A plain retention port (the starter's driver trims through a {@code SafeRetention} over it).
     *
     * @return a new retention port on this client
     */
    StreamRetentionPort retention();

    /**
     * A state port.
     *
     * @return a new state port on this client
     */
    StreamStatePort states();

    /**
     * A readers port.
     *
     * @param listener told where each group stood whenever groups are read
     * @return a new readers port on this client
     */
    StreamReadersPort readers(EchoListener listener);

    /**
     * A checkpoint port.
     *
     * @return a new checkpoint port on this client
     */
    CheckpointPort checkpoints();

    /**
     * A tail port, for the stream followers.
     *
     * @return a new tail port on this client
     */
    StreamTailPort tail();

    /**
     * A consumer group port reading as {@code consumer}.
     *
     * @param consumer the consumer, of its group, of its stream
     * @return a new consumer group port on this client
     */
    ConsumerGroupPort consumerGroup(Consumer consumer);

    /**
     * The store's clock.
     *
     * @return a new server clock port on this client
     */
    ServerClockPort serverClock();

    /**
     * The closing subscriptions' marks.
     *
     * @return a new bucket mark port on this client
     */
    BucketMarkPort bucketMarks();

    /**
     * The append at an id rollups write with.
     *
     * @return a port on this connection's client
     */
    echomq.domain.rollup.RollupAppendPort rollupAppends();

    /**
     * Runs one of the starter's scripts on the stream's node ({@code EVALSHA}, {@code EVAL} on
     * {@code NOSCRIPT}).
     *
     * @param script the script
     * @param keys   its keys (all in one slot on a cluster)
     * @param argv   its arguments
     * @return the raw reply ({@code Long}, {@code byte[]}, {@code List})
     * @throws echomq.domain.stream.StreamStoreException when Redis fails
     */
    Object run(echomq.wire.LuaScript script, java.util.List<String> keys, java.util.List<String> argv);

    /**
     * Closes what this connection opened: its client when it is the connection's own, only its
     * connections on a client it shares. Closing twice does nothing more.
     */
    @Override
    void close();
}
