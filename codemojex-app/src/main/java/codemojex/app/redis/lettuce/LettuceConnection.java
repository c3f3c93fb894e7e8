package codemojex.app.redis.lettuce;

import echomq.domain.group.Consumer;
import codemojex.app.redis.Connection;
import codemojex.app.redis.RedisCalls;
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
import echomq.lettuce.LettuceCheckpoints;
import echomq.lettuce.LettuceConnections;
import echomq.lettuce.LettuceConsumerGroup;
import echomq.lettuce.LettuceRedis;
import echomq.lettuce.LettuceStreamAppend;
import echomq.lettuce.LettuceStreamRange;
import echomq.lettuce.LettuceStreamReaders;
import echomq.lettuce.LettuceStreamRetention;
import echomq.lettuce.LettuceStreamState;
import echomq.lettuce.LettuceStreamTail;

import java.util.Objects;

/**
 * The {@link Connection} over Lettuce: one multiplexed connection (to a server, or a cluster) that every
 * port and every thread shares, commands pipelined on it; blocking reads (the score workers', the
 * live pages' followers) get connections of their own, one per reading thread.
 */
public final class LettuceConnection implements Connection.Binding {

    private final LettuceRedis redis;

    private LettuceConnection(LettuceRedis redis) {
        this.redis = Objects.requireNonNull(redis, "redis");
    }

    /** A connection to the Redis at {@code uri}. */
    public static Connection open(String uri) {
        return new Connection(new LettuceConnection(LettuceConnections.connect(uri)));
    }

    @Override
    public RedisCalls calls() {
        return new LettuceCalls(redis);
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
    public StreamAppendPort append(Snowflake minter, echomq.domain.stream.ClockBound bound, EchoListener listener) {
        return new LettuceStreamAppend(redis, minter, bound).observedBy(listener);
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
    public echomq.domain.closing.ServerClockPort serverClock() {
        return new echomq.lettuce.LettuceServerClock(redis);
    }

    @Override
    public echomq.domain.closing.BucketMarkPort bucketMarks() {
        return new echomq.lettuce.LettuceBucketMarks(redis);
    }

    @Override
    public String client() {
        return "lettuce";
    }

    @Override
    public void close() {
        redis.close();
    }
}
