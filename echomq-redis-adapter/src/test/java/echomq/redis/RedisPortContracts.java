package echomq.redis;

import echomq.domain.stream.StreamKey;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.testkit.CheckpointPortContract;
import echomq.domain.retention.StreamReadersPort;
import echomq.testkit.StreamAppendPortContract;
import echomq.testkit.StreamReadersPortContract;
import echomq.testkit.StreamRangePortContract;
import echomq.testkit.StreamRetentionPortContract;
import echomq.testkit.StreamStatePortContract;
import org.junit.jupiter.api.Nested;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.util.List;

/** Every port contract on the Redis adapters; subclasses say which Redis (one server, a cluster). */
abstract class RedisPortContracts {

    /** The client the adapters under test use. */
    abstract UnifiedJedis jedis();

    /** One minter per writer: two minters of one node could mint the same id. */
    StreamAppendPort newAppender(int node) {
        return new RedisStreamAppend(jedis(), new Snowflake(node, Clock.systemUTC()));
    }

    @Nested
    class Checkpoints extends CheckpointPortContract {
        @Override
        protected CheckpointPort checkpoints() {
            return new RedisCheckpoints(jedis());
        }

        @Override
        protected void store(StreamKey key, List<StreamEntry> entries) {
            entries.forEach(e -> RawStreams.xadd(jedis(), key, e));
        }

        @Override
        protected void delete(StreamKey key) {
            jedis().del(key.toString());
        }
    }

    @Nested
    class Readers extends StreamReadersPortContract {
        private final StreamAppendPort appender = newAppender(8);

        @Override
        protected StreamReadersPort readers() {
            return new RedisStreamReaders(jedis());
        }

        @Override
        protected StreamAppendPort appender() {
            return appender;
        }

        @Override
        protected void createGroup(StreamKey key, String group) {
            new RedisConsumerGroup(jedis(), key.queue(), key.name(), group, "creator").ensure();
        }

        @Override
        protected List<StreamId> deliver(StreamKey key, String group, String consumer, int count) {
            return new RedisConsumerGroup(jedis(), key.queue(), key.name(), group, consumer).read(count, java.time.Duration.ofMillis(10))
                    .stream().map(StreamEntry::id).toList();
        }

        @Override
        protected void ack(StreamKey key, String group, StreamId id) {
            new RedisConsumerGroup(jedis(), key.queue(), key.name(), group, "acker").ack(id);
        }
    }

    @Nested
    class Range extends StreamRangePortContract {
        @Override
        protected StreamRangePort port() {
            return new RedisStreamRange(jedis());
        }

        @Override
        protected void store(StreamKey key, List<StreamEntry> entries) {
            entries.forEach(e -> RawStreams.xadd(jedis(), key, e));
        }
    }

    @Nested
    class Append extends StreamAppendPortContract {
        private final StreamAppendPort appender = newAppender(1);

        @Override
        protected StreamAppendPort appender() {
            return appender;
        }

        @Override
        protected StreamRangePort reader() {
            return new RedisStreamRange(jedis());
        }
    }

    @Nested
    class Retention extends StreamRetentionPortContract {
        private final StreamAppendPort appender = newAppender(2);

        @Override
        protected StreamRetentionPort retention() {
            return new RedisStreamRetention(jedis());
        }

        @Override
        protected StreamAppendPort appender() {
            return appender;
        }

        @Override
        protected StreamRangePort reader() {
            return new RedisStreamRange(jedis());
        }
    }

    @Nested
    class State extends StreamStatePortContract {
        private final StreamAppendPort appender = newAppender(3);

        @Override
        protected StreamStatePort states() {
            return new RedisStreamState(jedis());
        }

        @Override
        protected StreamAppendPort appender() {
            return appender;
        }

        @Override
        protected void delete(StreamKey key, StreamId id) {
            jedis().sendCommand(key.toString(), Protocol.Command.XDEL, key.toString(), id.toString());
        }
    }
}
