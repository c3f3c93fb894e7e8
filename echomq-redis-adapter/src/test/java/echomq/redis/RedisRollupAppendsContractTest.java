package echomq.redis;

import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.testkit.RollupAppendPortContract;

/** The rollup append contract on Jedis, one Redis server. */
class RedisRollupAppendsContractTest extends RollupAppendPortContract {

    @Override
    protected RollupAppendPort appends() {
        return RedisPorts.over(SharedRedis.client()).rollupAppends();
    }

    @Override
    protected StreamRangePort reader() {
        return new RedisStreamRange(SharedRedis.client());
    }

    @Override
    protected boolean storeNonStream(String key) {
        SharedRedis.client().set(key, "x");
        return true;
    }
}
