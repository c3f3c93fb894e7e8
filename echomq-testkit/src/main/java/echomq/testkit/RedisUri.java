package echomq.testkit;

import java.util.Objects;

/**
 * Where a test's Redis is: what {@link RedisExtension} injects.
 * <pre>{@code
 * @ExtendWith(RedisExtension.class)
 * class MyTest {
 *     @Test void appends(RedisUri redis) { try (UnifiedJedis j = RedisConnections.connect(redis.uri())) { … } }
 *     @Test void onACluster(@Cluster RedisUri cluster) { … }
 * }
 * }</pre>
 *
 * @param uri     {@code redis://host:port} (or {@code rediss://…} from {@code REDIS_URL})
 * @param cluster whether it is a Redis Cluster (a seed node's URI)
 */
public record RedisUri(String uri, boolean cluster) {

    /**
     * Checks the URI is there.
     *
     * @param uri     the URI
     * @param cluster whether it is a cluster
     */
    public RedisUri {
        Objects.requireNonNull(uri, "uri");
    }

    /** The URI, masked of any password: what a test may print. */
    @Override
    public String toString() {
        return (cluster ? "cluster " : "") + mask(uri);
    }

    private static String mask(String uri) {
        return uri.replaceAll("//[^@/]*@", "//***@");
    }
}
