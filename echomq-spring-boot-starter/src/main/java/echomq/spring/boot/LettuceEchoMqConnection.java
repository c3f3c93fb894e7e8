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
import echomq.lettuce.LettuceBucketMarks;
import echomq.lettuce.LettuceCheckpoints;
import echomq.lettuce.LettuceConnections;
import echomq.lettuce.LettuceConsumerGroup;
import echomq.lettuce.LettuceRedis;
import echomq.lettuce.LettuceServerClock;
import echomq.lettuce.LettuceStreamAppend;
import echomq.lettuce.LettuceStreamRange;
import echomq.lettuce.LettuceStreamReaders;
import echomq.lettuce.LettuceStreamRetention;
import echomq.lettuce.LettuceStreamState;
import echomq.lettuce.LettuceStreamTail;
import io.lettuce.core.AbstractRedisClient;

import java.time.Duration;
import java.util.Objects;

/** The ports over one {@link LettuceRedis}: on a client of the starter's own, or on Spring Data Redis' client, shared. */
final class LettuceEchoMqConnection implements EchoMqConnection {

    private final LettuceRedis redis;
    private final String description;

    LettuceEchoMqConnection(LettuceRedis redis, String description) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.description = description;
    }

    /** On the native client of a running {@code LettuceConnectionFactory}: one connection of ours, the client left to its owner. */
    static LettuceEchoMqConnection shared(AbstractRedisClient client, Duration timeout, String owner) {
        return new LettuceEchoMqConnection(LettuceConnections.on(client, timeout), "lettuce, shared with " + owner);
    }

    /** On a client of the starter's own, for {@code uri}. */
    static LettuceEchoMqConnection connect(String uri, Duration timeout) {
        return new LettuceEchoMqConnection(LettuceConnections.connect(uri, timeout), "lettuce, on " + LettuceConnections.mask(uri));
    }

    LettuceRedis redis() {
        return redis;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public StreamRangePort range() {
        return new LettuceStreamRange(redis);
    }

    @Override
    public StreamAppendPort appender(Snowflake minter, EchoListener listener) {
        return new LettuceStreamAppend(redis, minter).observedBy(listener);
    }

    @Override
    public Object run(echomq.wire.LuaScript script, java.util.List<String> keys, java.util.List<String> argv) {
        return redis.run(script, keys, argv);
    }

    @Override
    public StreamRetentionPort retention() {
        return new LettuceStreamRetention(redis);
    }

    @Override
    public StreamStatePort states() {
        return new LettuceStreamState(redis);
    }

    @Override
    public StreamReadersPort readers(EchoListener listener) {
        return new LettuceStreamReaders(redis).observedBy(listener);
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
    public ConsumerGroupPort consumerGroup(Consumer consumer) {
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
    public void close() {
        redis.close();
    }

    @Override
    public String toString() {
        return description;
    }
}
