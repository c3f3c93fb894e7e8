package echomq.spring.boot;

import echomq.redis.RedisConnections;
import echomq.redis.RedisPorts;
import echomq.wire.RedisUris;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisNode;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.jedis.JedisClientConfiguration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The ports over one Jedis 8 {@link UnifiedJedis} of the starter's own: from {@code echomq.redis.url},
 * or built from a {@code JedisConnectionFactory}'s configuration (its pool of {@code Jedis} objects
 * cannot serve a {@code UnifiedJedis}, so the starter opens a pool of its own to the same Redis).
 * Loaded only once {@link JedisSupport} found Jedis 8 and the Jedis adapter.
 */
final class JedisEchoMqConnection extends ClientEchoMqConnection {

    private final UnifiedJedis jedis;

    private JedisEchoMqConnection(UnifiedJedis jedis, String description) {
        super(RedisPorts.owning(jedis, description));
        this.jedis = jedis;
    }

    static JedisEchoMqConnection connect(String uri, EchoMqProperties.Redis p) {
        return new JedisEchoMqConnection(RedisConnections.connect(uri, p.getConnectTimeout(), p.getTimeout(), p.getMaxConnections()),
                "jedis, on " + RedisUris.mask(uri));
    }

    /**
     * A {@code RedisClient} (or {@code RedisClusterClient}) to where {@code factory} connects, with its
     * credentials, database, TLS, timeouts and client name; RESP2, as the adapter reads raw replies.
     * (Jedis 8 deprecates the builder's TLS setters for its SslOptions; the factory hands the older kind.)
     */
    @SuppressWarnings("deprecation")
    static JedisEchoMqConnection fromFactory(JedisConnectionFactory factory, EchoMqProperties.Redis p) {
        if (factory.isRedisSentinelAware()) {
            throw new EchoMqConfigurationException("EchoMQ's Jedis adapter cannot follow a Redis Sentinel setup of Spring Data Redis' JedisConnectionFactory.",
                    "Run EchoMQ on Lettuce (spring.data.redis.client-type=lettuce: the starter shares its client, Sentinel included), "
                            + "or give EchoMQ the master's URI in echomq.redis.url.");
        }
        JedisClientConfiguration cc = factory.getClientConfiguration();
        DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(millis(cc.getConnectTimeout()))
                .socketTimeoutMillis(millis(cc.getReadTimeout()))
                .ssl(cc.isUseSsl())
                .protocol(RedisProtocol.RESP2)
                .clientName(cc.getClientName().orElse("echomq-j"));
        cc.getSslSocketFactory().ifPresent(config::sslSocketFactory);
        cc.getSslParameters().ifPresent(config::sslParameters);
        cc.getHostnameVerifier().ifPresent(config::hostnameVerifier);
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(p.getMaxConnections());
        pool.setMaxIdle(p.getMaxConnections());
        if (factory.isRedisClusterAware()) {
            RedisClusterConfiguration cluster = factory.getClusterConfiguration();
            credentials(config, cluster.getUsername(), cluster.getPassword());
            Set<HostAndPort> nodes = new LinkedHashSet<>();
            for (RedisNode n : cluster.getClusterNodes()) {
                nodes.add(new HostAndPort(n.getHost(), n.getPort()));
            }
            return new JedisEchoMqConnection(echomq.redis.RedisConnections.cluster(nodes, config.build(), pool,
                    Duration.ofMillis((long) millis(cc.getReadTimeout()) * 3)), "jedis, a cluster client of its own to the nodes of Spring Data Redis' JedisConnectionFactory " + nodes);
        }
        RedisStandaloneConfiguration standalone = factory.getStandaloneConfiguration();
        credentials(config, standalone.getUsername(), standalone.getPassword());
        config.database(standalone.getDatabase());
        HostAndPort at = new HostAndPort(standalone.getHostName(), standalone.getPort());
        return new JedisEchoMqConnection(echomq.redis.RedisConnections.server(at, config.build(), pool),
                "jedis, a client of its own to " + at + "/" + standalone.getDatabase() + ", from Spring Data Redis' JedisConnectionFactory");
    }

    private static void credentials(DefaultJedisClientConfig.Builder config, String user,
                                    org.springframework.data.redis.connection.RedisPassword password) {
        if (user != null && !user.isEmpty()) {   // redis://:password@… leaves an empty user: the default one
            config.user(user);
        }
        password.toOptional().map(String::new).ifPresent(config::password);
    }

    private static int millis(Duration d) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, d.toMillis()));
    }

    UnifiedJedis jedis() {
        return jedis;
    }
}
