package echomq.testkit;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A JUnit 5 extension that injects a {@link RedisUri}: one server ({@code REDIS_URL} when set, else
 * the {@code redis-server} of {@link TestRedis}, started once for the JVM), or with {@link Cluster}
 * a three-master Redis Cluster ({@code REDIS_CLUSTER_URL} when set, else one
 * {@link RedisClusterProcess} started once for the test run and stopped at its end). Never a skip:
 * without Redis the test fails saying how to install it. Tests keep apart by their own keys.
 * <pre>{@code
 * @ExtendWith(RedisExtension.class)
 * class AppendTest {
 *     @Test void appends(RedisUri redis) { … RedisConnections.connect(redis.uri()) … }
 * }
 * }</pre>
 */
public final class RedisExtension implements ParameterResolver {

    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(RedisExtension.class);

    /** For JUnit: {@code @ExtendWith(RedisExtension.class)}. */
    public RedisExtension() {
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == RedisUri.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        if (!parameter.isAnnotated(Cluster.class)) {
            return new RedisUri(TestRedis.uri(), false);
        }
        String given = System.getenv("REDIS_CLUSTER_URL");
        if (given != null && !given.isBlank()) {
            return new RedisUri(given.trim(), true);
        }
        // one cluster for the whole run, in the root store: closed (the nodes stopped) when the run ends
        ClusterResource cluster = context.getRoot().getStore(NS)
                .getOrComputeIfAbsent(ClusterResource.class, k -> new ClusterResource(RedisClusterProcess.start()), ClusterResource.class);
        return new RedisUri(cluster.process.uri(), true);
    }

    /** The run's cluster, stopped when JUnit closes the root store. */
    private record ClusterResource(RedisClusterProcess process) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            process.close();
        }
    }
}
