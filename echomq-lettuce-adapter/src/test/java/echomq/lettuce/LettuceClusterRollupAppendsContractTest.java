package echomq.lettuce;

import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.testkit.RedisClusterProcess;
import echomq.testkit.RollupAppendPortContract;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.nio.charset.StandardCharsets;

/** The rollup append contract on Lettuce, a three-master Redis Cluster (each append touches one key). */
class LettuceClusterRollupAppendsContractTest extends RollupAppendPortContract {

    static RedisClusterProcess cluster;
    static LettuceRedis redis;

    @BeforeAll
    static void start() {
        cluster = RedisClusterProcess.start();
        redis = LettuceConnections.connect(cluster.uri());
    }

    @AfterAll
    static void stop() {
        redis.close();
        cluster.close();
    }

    @Override
    protected RollupAppendPort appends() {
        return new LettuceRollupAppends(redis);
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
