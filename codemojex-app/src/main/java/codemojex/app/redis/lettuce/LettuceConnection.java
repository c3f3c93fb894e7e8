package codemojex.app.redis.lettuce;

import codemojex.app.redis.Connection;
import echomq.lettuce.LettucePorts;

/**
 * The {@link Connection} over Lettuce: one multiplexed connection (to a server, or a cluster) that every
 * port and every thread shares, commands pipelined on it; blocking reads (the score workers', the
 * live pages' followers) get connections of their own, one per reading thread.
 * <pre>{@code
 * Connection redis = LettuceConnection.open("redis://localhost:6379");
 * }</pre>
 */
public final class LettuceConnection {

    private LettuceConnection() {
    }

    /**
     * A connection to the Redis at {@code uri}.
     *
     * @param uri the Redis ({@code redis://}, {@code rediss://} or {@code redis-cluster://})
     * @return the connection, its ports and calls over the client
     */
    public static Connection open(String uri) {
        LettucePorts redis = LettucePorts.open(uri);
        return new Connection(redis, new LettuceCalls(redis.redis()));
    }
}
