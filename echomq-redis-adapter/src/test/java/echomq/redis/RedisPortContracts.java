package echomq.redis;

import echomq.domain.group.Consumer;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.testkit.AdapterContracts;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.util.List;

/** Every port contract on the Jedis adapters; subclasses say which Redis (one server, a cluster). */
abstract class RedisPortContracts extends AdapterContracts {

    /** The client the adapters under test use. */
    abstract UnifiedJedis jedis();

    @Override
    protected StreamRangePort range() {
        return new RedisStreamRange(jedis());
    }

    @Override
    protected StreamAppendPort newAppender(Snowflake minter) {
        return new RedisStreamAppend(jedis(), minter);
    }

    @Override
    protected StreamAppendPort newAppender(int node) {
        return new RedisStreamAppend(jedis(), new Snowflake(node, Clock.systemUTC()));
    }

    @Override
    protected StreamRetentionPort retention() {
        return new RedisStreamRetention(jedis());
    }

    @Override
    protected StreamStatePort states() {
        return new RedisStreamState(jedis());
    }

    @Override
    protected StreamReadersPort readers() {
        return new RedisStreamReaders(jedis());
    }

    @Override
    protected echomq.domain.closing.BucketMarkPort bucketMarks() {
        return new RedisBucketMarks(jedis());
    }

    @Override
    protected echomq.domain.closing.ServerClockPort serverClock() {
        return new RedisServerClock(jedis());
    }

    @Override
    protected CheckpointPort checkpoints() {
        return new RedisCheckpoints(jedis());
    }

    @Override
    protected void xadd(StreamKey key, StreamEntry e) {
        RawStreams.xadd(jedis(), key, e);
    }

    @Override
    protected void delete(StreamKey key) {
        jedis().del(key.toString());
    }

    @Override
    protected void deleteEntry(StreamKey key, StreamId id) {
        jedis().sendCommand(key.toString(), Protocol.Command.XDEL, key.toString(), id.toString());
    }

    @Override
    protected ConsumerGroupPort consumerGroup(Consumer consumer) {
        return new RedisConsumerGroup(jedis(), consumer);
    }
}
