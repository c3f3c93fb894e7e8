package echomq.redis;

import echomq.testkit.TestRedis;
import redis.clients.jedis.UnifiedJedis;

/** One client of the test Redis ({@link TestRedis#uri()}), shared by the adapter's tests. */
final class SharedRedis {

    private static UnifiedJedis client;

    private SharedRedis() {
    }

    static synchronized UnifiedJedis client() {
        if (client == null) {
            client = RedisConnections.connect(TestRedis.uri());
        }
        return client;
    }
}
