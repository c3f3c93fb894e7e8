package echomq.redis;

import echomq.domain.Snowflake;
import echomq.domain.StreamAppendPort;
import echomq.domain.StreamEntry;
import echomq.domain.StreamId;
import echomq.domain.StreamRangePort;
import echomq.domain.StreamRetentionPort;
import echomq.domain.StreamStatePort;
import echomq.domain.testkit.StreamAppendPortContract;
import echomq.domain.testkit.StreamRangePortContract;
import echomq.domain.testkit.StreamRetentionPortContract;
import echomq.domain.testkit.StreamStatePortContract;
import echomq.redis.testkit.RawStreams;
import echomq.redis.testkit.TestRedis;
import org.junit.jupiter.api.Nested;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.util.List;

/** Every port contract, run against the Redis adapters on a real Redis. */
class RedisContractTests {

    static UnifiedJedis jedis() {
        return TestRedis.client();
    }

    @Nested
    class Range extends StreamRangePortContract {
        @Override
        protected StreamRangePort port() {
            return new RedisStreamRange(jedis());
        }

        @Override
        protected void store(String key, List<StreamEntry> entries) {
            entries.forEach(e -> RawStreams.xadd(jedis(), key, e));
        }
    }

    @Nested
    class Append extends StreamAppendPortContract {
        // one minter per writer: two minters of one node could mint the same id
        private final StreamAppendPort appender = new RedisStreamAppend(jedis(), new Snowflake(1, Clock.systemUTC()));

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
        private final StreamAppendPort appender = new RedisStreamAppend(jedis(), new Snowflake(2, Clock.systemUTC()));

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
        private final StreamAppendPort appender = new RedisStreamAppend(jedis(), new Snowflake(3, Clock.systemUTC()));

        @Override
        protected StreamStatePort states() {
            return new RedisStreamState(jedis());
        }

        @Override
        protected StreamAppendPort appender() {
            return appender;
        }

        @Override
        protected void delete(String key, StreamId id) {
            jedis().sendCommand(key, Protocol.Command.XDEL, key, id.toString());
        }
    }
}
