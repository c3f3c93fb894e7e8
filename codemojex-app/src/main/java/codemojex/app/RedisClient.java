package codemojex.app;

/** The Redis clients the app can run on ({@code --client}). */
public enum RedisClient {
    /** Jedis: a pool of blocking connections. */
    JEDIS,
    /** Lettuce: one multiplexed connection, and one per thread that blocks. */
    LETTUCE
}
