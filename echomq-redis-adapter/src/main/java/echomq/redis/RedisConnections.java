package echomq.redis;

import echomq.wire.RedisUris;

import redis.clients.jedis.ConnectionFactory;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.DefaultJedisSocketFactory;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.providers.PooledConnectionProvider;

import javax.net.ssl.SSLSocketFactory;
import java.time.Duration;

/**
 * Builds the Jedis client every adapter of a process shares, from a URI:
 * {@code RedisConnections.connect("redis://:secret@127.0.0.1:6379/0")}. TLS with {@code rediss://};
 * connect and socket timeouts are always set. An existing {@code RedisClient} or
 * {@code RedisClusterClient} can be handed to the adapters instead.
 */
public final class RedisConnections {

    /** How long a connection may take to open when no timeout is given. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(2);
    /**
     * How long a command may wait for its answer when no timeout is given.
     */
    public static final Duration DEFAULT_SOCKET_TIMEOUT = Duration.ofSeconds(5);

    private RedisConnections() {
    }

    /** Connections a client pools (per node, on a cluster) when no number is given: commons-pool's default. */
    public static final int DEFAULT_MAX_CONNECTIONS = 8;

    /**
     * A client for {@code uri} with the default timeouts and pool; nothing is sent until the first command.
     * <pre>{@code
     * try (UnifiedJedis jedis = RedisConnections.connect("redis://localhost:6379")) {
     *     new RedisStreamRange(jedis).range(key, StreamId.MIN, StreamId.MAX, 100);
     * }
     * }</pre>
     *
     * @param uri {@code redis://}, {@code rediss://}, {@code redis-cluster://} or {@code rediss-cluster://}
     * @return the client; the caller closes it
     * @throws IllegalArgumentException for a malformed URI (the password masked)
     */
    public static UnifiedJedis connect(String uri) {
        return connect(uri, DEFAULT_CONNECT_TIMEOUT, DEFAULT_SOCKET_TIMEOUT);
    }

    /**
     * A client for {@code uri} that pools up to {@code maxConnections} connections (per node, on a
     * cluster): more than the default for a process whose threads hold one each in blocking reads.
     *
     * @param uri            a Redis URI, as {@link #connect(String)} takes it
     * @param maxConnections the most connections pooled (per node), at least 1
     * @return the client; the caller closes it
     * @throws IllegalArgumentException for a malformed URI or fewer than 1 connection
     */
    public static UnifiedJedis connect(String uri, int maxConnections) {
        return connect(uri, DEFAULT_CONNECT_TIMEOUT, DEFAULT_SOCKET_TIMEOUT, null, maxConnections);
    }

    /**
     * A client for {@code uri}; nothing is sent until the first command.
     *
     * @throws IllegalArgumentException for a malformed URI (the password masked)
     * @param uri            a Redis URI, as {@link #connect(String)} takes it
     * @param connectTimeout how long a connection may take to open
     * @param socketTimeout  how long a command may wait for its answer
     * @return the client; the caller closes it
     */
    public static UnifiedJedis connect(String uri, Duration connectTimeout, Duration socketTimeout) {
        return connect(uri, connectTimeout, socketTimeout, null);
    }

    /**
     * A client for {@code uri} with both timeouts and a pool of up to {@code maxConnections}
     * connections (per node, on a cluster); nothing is sent until the first command.
     *
     * @param uri            a Redis URI, as {@link #connect(String)} takes it
     * @param connectTimeout how long a connection may take to open
     * @param socketTimeout  how long a command may wait for its answer
     * @param maxConnections the most connections pooled (per node), at least 1
     * @return the client; the caller closes it
     * @throws IllegalArgumentException for a malformed URI (the password masked), a timeout not above
     *                                  zero or fewer than 1 connection
     */
    public static UnifiedJedis connect(String uri, Duration connectTimeout, Duration socketTimeout, int maxConnections) {
        return connect(uri, connectTimeout, socketTimeout, null, maxConnections);
    }

    /**
     * A client for {@code uri} whose TLS connections ({@code rediss://}) use {@code tls} (for a
     * private CA); {@code null} means the JVM's default trust store.
     *
     * @param uri            a Redis URI, as {@link #connect(String)} takes it
     * @param connectTimeout how long a connection may take to open
     * @param socketTimeout  how long a command may wait for its answer
     * @param tls            the TLS sockets, or null for the JVM's default
     * @return the client; the caller closes it
     * @throws IllegalArgumentException for a malformed URI (the password masked)
     */
    public static UnifiedJedis connect(String uri, Duration connectTimeout, Duration socketTimeout, SSLSocketFactory tls) {
        return connect(uri, connectTimeout, socketTimeout, tls, DEFAULT_MAX_CONNECTIONS);
    }

    private static UnifiedJedis connect(String uri, Duration connectTimeout, Duration socketTimeout, SSLSocketFactory tls,
                                        int maxConnections) {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("max connections must be >= 1, got " + maxConnections);
        }
        redis.clients.jedis.ConnectionPoolConfig pool = new redis.clients.jedis.ConnectionPoolConfig();
        pool.setMaxTotal(maxConnections);
        pool.setMaxIdle(maxConnections);
        if (RedisUris.isCluster(uri)) {
            return connectCluster(RedisUris.parseCluster(uri), connectTimeout, socketTimeout, tls, pool);
        }
        RedisUris.Parts p = RedisUris.parse(uri);
        DefaultJedisClientConfig.Builder config = config(connectTimeout, socketTimeout, p.tls(), p.user(), p.password(), tls)
                .database(p.database());
        return server(new HostAndPort(p.host(), p.port()), config.build(), pool);
    }

    /**
     * A client of one server as the adapters read it fastest: its pooled connections read an
     * {@code XRANGE} page straight into entries ({@link RedisStreamRange#pages}), every other reply
     * as Jedis reads it. For a process that configures Jedis itself (a Spring Boot starter) and
     * still wants that read path.
     * <pre>{@code
     * RedisClient jedis = RedisConnections.server(new HostAndPort("localhost", 6379),
     *         DefaultJedisClientConfig.builder().build(), new ConnectionPoolConfig());
     * }</pre>
     *
     * @param at     the server
     * @param config every connection's configuration (timeouts, credentials, TLS, database)
     * @param pool   the pool's configuration
     * @return the client; the caller closes it
     */
    public static RedisClient server(HostAndPort at, JedisClientConfig config,
                                     redis.clients.jedis.ConnectionPoolConfig pool) {
        return RedisClient.builder()
                .hostAndPort(at)
                .clientConfig(config)
                .poolConfig(pool)
                .connectionProvider(new PooledConnectionProvider(entriesConnections(at, config), pool))
                .build();
    }

    /**
     * The connections of a server's pool: Jedis' own, made as {@link EntriesConnection}s, which read
     * an {@code XRANGE} page straight into entries (every other reply as Jedis reads it).
     *
     * @param at     the server
     * @param config the client configuration every connection gets
     * @return the factory a {@code PooledConnectionProvider} pools
     */
    static ConnectionFactory entriesConnections(HostAndPort at, JedisClientConfig config) {
        return ConnectionFactory.builder()
                .hostAndPort(at)
                .clientConfig(config)
                .connectionBuilder(new EntriesConnection.Maker()
                        .socketFactory(new DefaultJedisSocketFactory(at, config))
                        .clientConfig(config))
                .build();
    }

    /**
     * A {@code RedisClusterClient} for {@code redis-cluster://[user[:password]@]host:port,host:port…}
     * (or {@code rediss-cluster://} for TLS): the seed nodes; the rest of the cluster is discovered.
     */
    private static UnifiedJedis connectCluster(RedisUris.ClusterParts c, Duration connectTimeout, Duration socketTimeout,
                                               SSLSocketFactory tls, redis.clients.jedis.ConnectionPoolConfig pool) {
        DefaultJedisClientConfig.Builder config = config(connectTimeout, socketTimeout, c.tls(), c.user(), c.password(), tls);
        java.util.Set<HostAndPort> nodes = new java.util.LinkedHashSet<>();
        c.nodes().forEach(n -> nodes.add(new HostAndPort(n.host(), n.port())));
        return cluster(nodes, config.build(), pool, Duration.ofMillis(Math.max(1000, 2 * socketTimeout.toMillis())));
    }

    /**
     * A client of a cluster as the adapters read it fastest: every connection for a slot reads an
     * {@code XRANGE} page straight into entries, as {@link #server} does for one server (from pools
     * of its own per node, found through Jedis' slot map); three attempts a command within
     * {@code retries}. For a process that configures Jedis itself.
     *
     * @param nodes   the seed nodes; the rest of the cluster is discovered
     * @param config  every connection's configuration
     * @param pool    each node's pool
     * @param retries how long a command may take over its attempts (redirections, a failover)
     * @return the client; the caller closes it
     * @throws redis.clients.jedis.exceptions.JedisClusterOperationException when no seed node answers
     */
    public static redis.clients.jedis.RedisClusterClient cluster(java.util.Set<HostAndPort> nodes, JedisClientConfig config,
                                                                 redis.clients.jedis.ConnectionPoolConfig pool, Duration retries) {
        return redis.clients.jedis.RedisClusterClient.builder()
                .nodes(nodes)
                .clientConfig(config)
                .poolConfig(pool)
                .maxAttempts(3)
                .maxTotalRetriesDuration(retries)
                .connectionProvider(new EntriesClusterConnections(nodes, config, pool, null))
                .build();
    }

    /** What every connection of ours has: timeouts, RESP2, a client name, credentials and TLS when given. */
    private static DefaultJedisClientConfig.Builder config(Duration connectTimeout, Duration socketTimeout, boolean ssl,
                                                           String user, String password, SSLSocketFactory tls) {
        DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(millis(connectTimeout))
                .socketTimeoutMillis(millis(socketTimeout))
                .ssl(ssl)
                // RESP2 keeps raw replies (XINFO, XRANGE) in one shape whatever the server prefers
                .protocol(RedisProtocol.RESP2)
                .clientName("echomq-j");
        if (user != null) {
            config.user(user);
        }
        if (password != null) {
            config.password(password);
        }
        if (ssl && tls != null) {
            config.sslSocketFactory(tls);
        }
        return config;
    }

    private static int millis(Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException("timeout must be > 0, got " + d);
        }
        return (int) Math.min(Integer.MAX_VALUE, d.toMillis());
    }
}
