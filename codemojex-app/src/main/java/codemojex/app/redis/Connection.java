package codemojex.app.redis;

import echomq.domain.group.Consumer;
import echomq.domain.checkpoint.CheckpointPort;
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
 * The app's connection to its Redis through one client: the library's ports built over it and the
 * plain calls of the app's own adapters. {@code jedis/JedisConnection} and
 * {@code lettuce/LettuceConnection} are the two; the composition root picks one ({@code --client}).
 * Closing it closes the client and every connection it opened.
 */
public interface Connection extends AutoCloseable {

    /** The plain calls of the app's adapters. */
    RedisCalls calls();

    StreamRangePort range();

    StreamStatePort states();

    /** An appender minting with {@code minter}, heard by {@code listener}. */
    StreamAppendPort append(Snowflake minter, EchoListener listener);

    /** The consumer groups' positions, heard by {@code listener}. */
    StreamReadersPort readers(EchoListener listener);

    StreamRetentionPort retention();

    CheckpointPort checkpoints();

    /** Follows streams, blocking (on connections of its own where the client needs them). */
    StreamTailPort tail();

    /** The consumer-group port reading as {@code consumer}. */
    ConsumerGroupPort group(Consumer consumer);

    /** The client's name, as {@code --client} takes it. */
    String client();

    @Override
    void close();
}
