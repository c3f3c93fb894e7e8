package echomq.testkit;

/**
 * The Redis the tests run against, in this order: {@code REDIS_URL} if set; else one
 * {@code redis-server} from {@code PATH} started for this JVM on a free loopback port and stopped
 * at exit; else a failure saying how to install it. Never a skip. Tests keep apart by using keys
 * of their own (a fresh stream name per test).
 * <pre>{@code
 * UnifiedJedis jedis = RedisConnections.connect(TestRedis.uri());
 * }</pre>
 */
public final class TestRedis {

    private static volatile String uri;

    private TestRedis() {
    }

    /**
     * The URI of the test Redis, decided on the first call and the same for the JVM's life.
     *
     * @return {@code REDIS_URL}, or {@code redis://127.0.0.1:<port>} of the server started for this JVM
     * @throws IllegalStateException saying how to install Redis, when neither is there
     */
    public static synchronized String uri() {
        if (uri == null) {
            String given = System.getenv("REDIS_URL");
            if (given != null && !given.isBlank()) {
                uri = given.trim();
                System.out.println("[redis] tests run against the Redis of REDIS_URL");
            } else {
                requireExecutable();
                uri = RedisServerProcess.start().uri();
                System.out.println("[redis] tests run against a redis-server of their own at " + uri);
            }
        }
        return uri;
    }

    /**
     * A server of the test's own, which it may stop, restart or pause ({@code CLIENT PAUSE}); it is
     * killed at exit.
     *
     * @param extraArgs more {@code redis-server} options, e.g. {@code "--requirepass", "s3cret"}
     * @return the running server
     * @throws IllegalStateException saying how to install Redis, when there is no {@code redis-server}
     */
    public static RedisServerProcess privateServer(String... extraArgs) {
        requireExecutable();
        return RedisServerProcess.start(extraArgs);
    }

    private static void requireExecutable() {
        if (RedisServerProcess.executable().isEmpty()) {
            throw new IllegalStateException(RedisServerProcess.HOW_TO_INSTALL);
        }
    }
}
