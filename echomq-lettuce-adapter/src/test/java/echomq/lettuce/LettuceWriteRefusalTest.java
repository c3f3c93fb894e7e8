package echomq.lettuce;

import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.testkit.WriteRefusalContract;

import java.time.Clock;
import java.time.Duration;

/** The write-refusal contract (OOM, MISCONF) through Lettuce, as through Jedis. */
class LettuceWriteRefusalTest extends WriteRefusalContract {

    @Override
    protected Ports connect(String uri) {
        LettuceRedis redis = LettuceConnections.connect(uri, Duration.ofSeconds(2));
        StreamAppendPort append = new LettuceStreamAppend(redis, new Snowflake(1, Clock.systemUTC()));
        return new Ports() {
            @Override
            public StreamAppendPort append() {
                return append;
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
            public CheckpointPort checkpoints() {
                return new LettuceCheckpoints(redis);
            }

            @Override
            public ConsumerGroupPort group(Consumer consumer) {
                return new LettuceConsumerGroup(redis, consumer);
            }

            @Override
            public void close() {
                redis.close();
            }
        };
    }
}
