package echomq.redis;

import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.testkit.WriteRefusalContract;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Duration;

/** The write-refusal contract (OOM, MISCONF) through Jedis. */
class WriteRefusalTest extends WriteRefusalContract {

    @Override
    protected Ports connect(String uri) {
        UnifiedJedis jedis = RedisConnections.connect(uri, Duration.ofSeconds(2), Duration.ofSeconds(2));
        StreamAppendPort append = new RedisStreamAppend(jedis, new Snowflake(1, Clock.systemUTC()));
        return new Ports() {
            @Override
            public StreamAppendPort append() {
                return append;
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
            public CheckpointPort checkpoints() {
                return new RedisCheckpoints(jedis);
            }

            @Override
            public ConsumerGroupPort group(Consumer consumer) {
                return new RedisConsumerGroup(jedis, consumer);
            }

            @Override
            public void close() {
                jedis.close();
            }
        };
    }
}
