package echomq.redis.testkit;

import echomq.redis.RedisConnections;
import echomq.redis.RedisServerProcess;
import redis.clients.jedis.UnifiedJedis;

/**
 * The Redis the tests run against, in this order: {@code REDIS_URL} if set; else one
 * {@code redis-server} from {@code PATH} started for this JVM on a free loopback port and stopped
 * at exit; else a failure saying how to install it. Never a skip. Tests keep apart by using keys
 * of their own (a fresh stream name per test).
 */
public final class TestRedis {

    private static volatile String uri;
    private static volatile UnifiedJedis client;

    private TestRedis() {
    }

    /** The URI of the test Redis. */
    public static synchronized String uri() {
        if (uri == null) {
            String given = System.getenv("REDIS_URL");
            if (given != null && !given.isBlank()) {
                uri = given.trim();
            } else {
                if (RedisServerProcess.executable().isEmpty()) {
                    throw new IllegalStateException(RedisServerProcess.HOW_TO_INSTALL);
                }
                uri = RedisServerProcess.start().uri();
            }
            System.out.println("[redis] tests run against " + echomq.redis.RedisUris.mask(uri));
        }
        return uri;
    }

    /** One shared client of the test Redis. */
    public static synchronized UnifiedJedis client() {
        if (client == null) {
            client = RedisConnections.connect(uri());
        }
        return client;
    }

    /** A server of the test's own, which it may stop, restart or pause; fails saying how to install Redis. */
    public static RedisServerProcess privateServer(String... extraArgs) {
        if (RedisServerProcess.executable().isEmpty()) {
            throw new IllegalStateException(RedisServerProcess.HOW_TO_INSTALL);
        }
        return RedisServerProcess.start(extraArgs);
    }
}
