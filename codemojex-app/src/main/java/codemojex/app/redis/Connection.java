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

import java.util.Objects;

/**
 * The app's connection to its Redis through one client: the library's ports built over it and the
 * plain calls of the app's own adapters. The shape is written once here; a client only binds its
 * ports ({@link Binding}): {@code jedis/JedisConnection} and {@code lettuce/LettuceConnection} are
 * the two, and the composition root picks one ({@code --client}). The plain calls, the range and
 * the stream states are built once and shared; every other port is built on each call. Closing it
 * closes the client and every connection it opened.
 */
public final class Connection implements AutoCloseable {

    /** What one client binds: its ports over its own connection, its name, and how it closes. */
    public interface Binding {

        /** The client's name, as {@code --client} takes it. */
        String client();

        /** The plain calls of the app's adapters (asked once). */
        RedisCalls calls();

        /** The range port (asked once). */
        StreamRangePort range();

        /** The stream-state port (asked once). */
        StreamStatePort states();

        /** An appender minting with {@code minter}, refused while its clock is further ahead of Redis's than {@code bound}, heard by {@code listener}. */
        StreamAppendPort append(Snowflake minter, echomq.domain.stream.ClockBound bound, EchoListener listener);

        /** The consumer groups' positions, heard by {@code listener}. */
        StreamReadersPort readers(EchoListener listener);

        StreamRetentionPort retention();

        CheckpointPort checkpoints();

        /** Follows streams, blocking (on connections of its own where the client needs them). */
        StreamTailPort tail();

        /** The consumer-group port reading as {@code consumer}. */
        ConsumerGroupPort group(Consumer consumer);

        /** The store's clock ({@code TIME} on a stream's node). */
        echomq.domain.closing.ServerClockPort serverClock();

        /** Where closing subscriptions keep the last bucket they handed out. */
        echomq.domain.closing.BucketMarkPort bucketMarks();

        /** Closes the client and every connection it opened. */
        void close();
    }

    private final Binding binding;
    private final RedisCalls calls;
    private final StreamRangePort range;
    private final StreamStatePort states;

    /** The connection {@code binding} binds. */
    public Connection(Binding binding) {
        this.binding = Objects.requireNonNull(binding, "binding");
        this.calls = Objects.requireNonNull(binding.calls(), "calls");
        this.range = Objects.requireNonNull(binding.range(), "range");
        this.states = Objects.requireNonNull(binding.states(), "states");
    }

    /** The plain calls of the app's adapters. */
    public RedisCalls calls() {
        return calls;
    }

    public StreamRangePort range() {
        return range;
    }

    public StreamStatePort states() {
        return states;
    }

    /** An appender minting with {@code minter}, heard by {@code listener}, with the library's default clock bound. */
    public StreamAppendPort append(Snowflake minter, EchoListener listener) {
        return append(minter, echomq.domain.stream.ClockBound.DEFAULT, listener);
    }

    /** An appender minting with {@code minter}, refused while its clock is further ahead of Redis's than {@code bound}. */
    public StreamAppendPort append(Snowflake minter, echomq.domain.stream.ClockBound bound, EchoListener listener) {
        return binding.append(minter, bound, listener);
    }

    /** The consumer groups' positions, heard by {@code listener}. */
    public StreamReadersPort readers(EchoListener listener) {
        return binding.readers(listener);
    }

    public StreamRetentionPort retention() {
        return binding.retention();
    }

    public CheckpointPort checkpoints() {
        return binding.checkpoints();
    }

    /** Follows streams, blocking (on connections of its own where the client needs them). */
    public StreamTailPort tail() {
        return binding.tail();
    }

    /** The consumer-group port reading as {@code consumer}. */
    public ConsumerGroupPort group(Consumer consumer) {
        return binding.group(consumer);
    }

    /** The store's clock ({@code TIME} on a stream's node). */
    public echomq.domain.closing.ServerClockPort serverClock() {
        return binding.serverClock();
    }

    /** Where closing subscriptions keep the last bucket they handed out. */
    public echomq.domain.closing.BucketMarkPort bucketMarks() {
        return binding.bucketMarks();
    }

    /** The client's name, as {@code --client} takes it. */
    public String client() {
        return binding.client();
    }

    @Override
    public void close() {
        binding.close();
    }
}
