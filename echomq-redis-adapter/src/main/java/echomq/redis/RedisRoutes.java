package echomq.redis;

import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * After a connection failure on a connection of its own (a pipeline, the pages in flight), a cluster
 * client still routes a key to the node it knew, which may be gone. One routed command through the
 * client's own path renews its slot map, so the next try reaches the node that took over.
 */
final class RedisRoutes {

    private RedisRoutes() {
    }

    /** Renews {@code jedis}' slot map for {@code key} when it is a cluster client; a no-op otherwise. */
    static void renew(UnifiedJedis jedis, byte[] key) {
        if (!(jedis instanceof RedisClusterClient)) {
            return;
        }
        try {
            jedis.exists(key);
        } catch (JedisException stillDown) {
            // no node serves the key yet: the caller reports the original failure and tries again later
        }
    }
}
