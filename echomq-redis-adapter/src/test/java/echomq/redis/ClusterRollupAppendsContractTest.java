package echomq.redis;

import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.testkit.RedisClusterProcess;
import echomq.testkit.RollupAppendPortContract;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import redis.clients.jedis.UnifiedJedis;

/** The rollup append contract on Jedis, a three-master Redis Cluster (each append touches one key). */
class ClusterRollupAppendsContractTest extends RollupAppendPortContract {

    static RedisClusterProcess cluster;
    static UnifiedJedis jedis;

    @BeforeAll
    static void start() {
        cluster = RedisClusterProcess.start();
        jedis = RedisConnections.connect(cluster.uri());
    }

    @AfterAll
    static void stop() {
        jedis.close();
        cluster.close();
    }

    @Override
    protected RollupAppendPort appends() {
        return new RedisRollupAppends(jedis);
    }

    @Override
    protected StreamRangePort reader() {
        return new RedisStreamRange(jedis);
    }

    @Override
    protected boolean storeNonStream(String key) {
        jedis.set(key, "x");
        return true;
    }
}
