package echomq.redis;

import echomq.testkit.TestRedis;
import redis.clients.jedis.UnifiedJedis;

/** Every port contract, run against the Redis adapters on a real Redis. */
class RedisContractTests extends RedisPortContracts {

    @Override
    UnifiedJedis jedis() {
        return SharedRedis.client();
    }
}
