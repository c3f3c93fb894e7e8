package codemojex.app.redis.jedis;

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
import echomq.redis.RedisCheckpoints;
import echomq.redis.RedisConnections;
import echomq.redis.RedisConsumerGroup;
import echomq.redis.RedisStreamAppend;
import echomq.redis.RedisStreamRange;
import echomq.redis.RedisStreamReaders;
import echomq.redis.RedisStreamRetention;
import echomq.redis.RedisStreamState;
import echomq.redis.RedisStreamTail;
import redis.clients.jedis.UnifiedJedis;

import java.util.Objects;

/**
 * The {@link Connection} over Jedis: one pooled client (a server, or a cluster) that every port shares;
 * a blocking read (a score worker's, a live page's follower) holds one pooled connection while it waits.
 */
public final class JedisConnection implements Connection.Binding {

    private final UnifiedJedis jedis;

    private JedisConnection(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    /** A client of the Redis at {@code uri}, its pool of up to {@code maxConnections}. */
    public static Connection open(String uri, int maxConnections) {
        return new Connection(new JedisConnection(RedisConnections.connect(uri, maxConnections)));
    }

    @Override
    public RedisCalls calls() {
        return new JedisCalls(jedis);
    }

    @Override
    public StreamRangePort range() {
        return new RedisStreamRange(jedis);
    }

    @Override
    public StreamStatePort states() {
        return new RedisStreamState(jedis);
    }

    @Override
    public StreamAppendPort append(Snowflake minter, echomq.domain.stream.ClockBound bound, EchoListener listener) {
        return new RedisStreamAppend(jedis, minter, RedisStreamAppend.DEFAULT_MAX_SKEW, bound).observedBy(listener);
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
    public echomq.domain.closing.ServerClockPort serverClock() {
        return new echomq.redis.RedisServerClock(jedis);
    }

    @Override
    public echomq.domain.closing.BucketMarkPort bucketMarks() {
        return new echomq.redis.RedisBucketMarks(jedis);
    }

    @Override
    public String client() {
        return "jedis";
    }

    @Override
    public void close() {
        jedis.close();
    }
}
