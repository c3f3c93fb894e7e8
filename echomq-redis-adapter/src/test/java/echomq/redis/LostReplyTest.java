package echomq.redis;

import echomq.testkit.LostReplyContract;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;

/** The lost-reply contract through Jedis (its cluster client retries on a broken connection by itself), on one server and a cluster. */
class LostReplyTest extends LostReplyContract {

    @Override
    protected Ports connect(String uri) {
        UnifiedJedis jedis = RedisConnections.connect(uri, Duration.ofSeconds(2), Duration.ofSeconds(2));
        return Ports.of(RedisPorts.over(jedis), jedis::close);
    }
}
