package echomq.redis;

import echomq.redis.testkit.TestRedis;
import redis.clients.jedis.UnifiedJedis;

/** Every port contract, run against the Redis adapters on a real Redis. */
class RedisContractTests extends RedisPortContracts {

    @Override
    UnifiedJedis jedis() {
        return TestRedis.client();
    }
}
