package echomq.lettuce;

import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.testkit.RollupAppendPortContract;
import echomq.testkit.TestRedis;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.nio.charset.StandardCharsets;

/** The rollup append contract on Lettuce, one Redis server. */
class LettuceRollupAppendsContractTest extends RollupAppendPortContract {

    static LettuceRedis redis;

    @BeforeAll
    static void start() {
        redis = LettuceConnections.connect(TestRedis.uri());
    }

    @AfterAll
    static void stop() {
        redis.close();
    }

    @Override
    protected RollupAppendPort appends() {
        return LettucePorts.over(redis).rollupAppends();
    }

    @Override
    protected StreamRangePort reader() {
        return new LettuceStreamRange(redis);
    }

    @Override
    protected boolean storeNonStream(String key) {
        redis.sync().set(key.getBytes(StandardCharsets.UTF_8), "x".getBytes(StandardCharsets.UTF_8));
        return true;
    }
}
