package codemojex.app.redis.jedis;

import codemojex.app.redis.Connection;
import echomq.redis.RedisPorts;

/**
 * The {@link Connection} over Jedis: one pooled client (a server, or a cluster) that every port shares;
 * a blocking read (a score worker's, a live page's follower) holds one pooled connection while it waits.
 * <pre>{@code
 * Connection redis = JedisConnection.open("redis://localhost:6379", 64);
 * }</pre>
 */
public final class JedisConnection {

    private JedisConnection() {
    }

    /**
     * A client of the Redis at {@code uri}, its pool of up to {@code maxConnections}.
     *
     * @param uri            the Redis ({@code redis://}, {@code rediss://} or {@code redis-cluster://})
     * @param maxConnections the pool's size
     * @return the connection, its ports and calls over the client
     */
    public static Connection open(String uri, int maxConnections) {
        RedisPorts redis = RedisPorts.open(uri, maxConnections);
        return new Connection(redis, new JedisCalls(redis.jedis()));
    }
}
