package echomq.lettuce;

import echomq.testkit.WriteRefusalContract;

import java.time.Duration;

/** The write-refusal contract (OOM, MISCONF) through Lettuce, as through Jedis, on the ports {@link LettucePorts} gives. */
class LettuceWriteRefusalTest extends WriteRefusalContract {

    @Override
    protected Ports connect(String uri) {
        LettuceRedis redis = LettuceConnections.connect(uri, Duration.ofSeconds(2));
        return Ports.of(LettucePorts.over(redis), redis::close);
    }
}
