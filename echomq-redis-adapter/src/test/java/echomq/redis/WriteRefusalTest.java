package echomq.redis;

import echomq.testkit.WriteRefusalContract;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;

/** The write-refusal contract (OOM, MISCONF) through Jedis, on the ports {@link RedisPorts} gives. */
class WriteRefusalTest extends WriteRefusalContract {

    @Override
    protected Ports connect(String uri) {
        UnifiedJedis jedis = RedisConnections.connect(uri, Duration.ofSeconds(2), Duration.ofSeconds(2));
        return Ports.of(RedisPorts.over(jedis), jedis::close);
    }
}
