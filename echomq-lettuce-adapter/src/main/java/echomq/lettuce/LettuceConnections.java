package echomq.lettuce;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.protocol.ProtocolVersion;
import echomq.wire.RedisUris;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Connects to Redis with Lettuce from the URIs the Jedis adapter takes: {@code redis://} and
 * {@code rediss://} (TLS; user and password for ACL, {@code /db}), or a cluster as
 * {@code redis-cluster://[user[:password]@]host:port,host:port…} ({@code rediss-cluster://} for TLS).
 * Replies are raw bytes over RESP2; commands time out after {@link #DEFAULT_TIMEOUT}.
 * <pre>{@code
 * try (LettuceRedis redis = LettuceConnections.connect("redis://app:secret@127.0.0.1:6379")) {
 *     StreamRangePort range = new LettuceStreamRange(redis);
 * }
 * }</pre>
 */
public final class LettuceConnections {

    /** How long a command may take before it fails as a {@code Timeout}. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    private LettuceConnections() {
    }

    /**
     * A connection to the Redis or cluster at {@code uri}; typed failures when it cannot be had.
     *
     * <pre>{@code
     * try (LettuceRedis redis = LettuceConnections.connect("redis://localhost:6379")) {
     *     new LettuceStreamRange(redis).range(key, StreamId.MIN, StreamId.MAX, 100);
     * }
     * }</pre>
     * 
     * @param uri {@code redis://}, {@code rediss://}, {@code redis-cluster://} or {@code rediss-cluster://}
     * @return the connection; the caller closes it
     * @throws IllegalArgumentException for a malformed URI (the password masked)
     */
    public static LettuceRedis connect(String uri) {
        return connect(uri, DEFAULT_TIMEOUT);
    }

    /**
     * As {@link #connect(String)}, commands timing out after {@code timeout}. While the connection is
     * down (it reconnects by itself) commands fail at once as {@code Unavailable} rather than wait.
     *
     * @param uri     a Redis URI, as {@link #connect(String)} takes it
     * @param timeout how long a command may take
     * @return the connection; the caller closes it
     */
    public static LettuceRedis connect(String uri, Duration timeout) {
        return connectWith(uri, timeout, null);
    }

    /**
     * As {@link #connect(String, Duration)}, over TLS ({@code rediss://}, {@code rediss-cluster://})
     * trusting the certificate authority in {@code trustedCa} (PEM) beside the JDK's.
     *
     * @param uri       a Redis URI, as {@link #connect(String)} takes it
     * @param timeout   how long a command may take
     * @param trustedCa a PEM file of the certificate authority to trust
     * @return the connection; the caller closes it
     */
    public static LettuceRedis connect(String uri, Duration timeout, java.nio.file.Path trustedCa) {
        Objects.requireNonNull(trustedCa, "trustedCa");
        return connectWith(uri, timeout, io.lettuce.core.SslOptions.builder().jdkSslProvider().trustManager(trustedCa.toFile()).build());
    }

    /**
     * The one multiplexed byte-array connection of the adapters on a client somebody else owns
     * (Spring Data Redis' {@code LettuceConnectionFactory.getNativeClient()}, say): no second
     * client, event loop or pool. The connection's commands time out after {@link #DEFAULT_TIMEOUT},
     * whatever the client's own timeout; the client's other options (protocol, reconnection, TLS,
     * a cluster's topology refresh) are its owner's and stay as they are. Both protocols are read:
     * RESP2, and RESP3 (Lettuce's default on Redis 6 and later).
     * <pre>{@code
     * LettuceRedis redis = LettuceConnections.on(connectionFactory.getRequiredNativeClient());
     * ...
     * redis.close();   // closes the adapters' connections; the client keeps running for its owner
     * }</pre>
     *
     * @param client a {@code RedisClient} or a {@code RedisClusterClient}, running
     * @return the connection; the caller closes it, which never shuts {@code client} down
     * @throws IllegalArgumentException for a client of another kind
     * @throws echomq.domain.stream.StreamStoreException a typed failure when the connection cannot be had
     */
    public static LettuceRedis on(io.lettuce.core.AbstractRedisClient client) {
        return on(client, DEFAULT_TIMEOUT);
    }

    /**
     * As {@link #on(io.lettuce.core.AbstractRedisClient)}, the connection's commands timing out after {@code timeout}.
     *
     * @param client  a {@code RedisClient} or a {@code RedisClusterClient}, running
     * @param timeout how long a command may take
     * @return the connection; the caller closes it, which never shuts {@code client} down
     * @throws IllegalArgumentException for a client of another kind
     * @throws echomq.domain.stream.StreamStoreException a typed failure when the connection cannot be had
     */
    public static LettuceRedis on(io.lettuce.core.AbstractRedisClient client, Duration timeout) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(timeout, "timeout");
        try {
            if (client instanceof RedisClusterClient cluster) {
                io.lettuce.core.cluster.api.StatefulRedisClusterConnection<byte[], byte[]> c = cluster.connect(ByteArrayCodec.INSTANCE);
                c.setTimeout(timeout);
                return LettuceRedis.cluster(client, false, c);
            }
            if (client instanceof RedisClient single) {
                io.lettuce.core.api.StatefulRedisConnection<byte[], byte[]> c = single.connect(ByteArrayCodec.INSTANCE);
                c.setTimeout(timeout);
                return LettuceRedis.single(client, false, c);
            }
        } catch (RuntimeException e) {
            throw LettuceFailures.translate("(connect on a shared client)", e);
        }
        throw new IllegalArgumentException("a RedisClient or a RedisClusterClient is needed, got " + client.getClass().getName());
    }

    private static LettuceRedis connectWith(String uri, Duration timeout, io.lettuce.core.SslOptions ssl) {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(timeout, "timeout");
        try {
            if (uri.startsWith("redis-cluster://") || uri.startsWith("rediss-cluster://")) {
                List<RedisURI> nodes = clusterUris(uri, timeout);
                ClusterClientOptions options = ClusterClientOptions.builder().protocolVersion(ProtocolVersion.RESP2)
                        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                        .sslOptions(ssl == null ? io.lettuce.core.SslOptions.create() : ssl)
                        .topologyRefreshOptions(ClusterTopologyRefreshOptions.builder().enableAllAdaptiveRefreshTriggers().build())
                        .build();
                ClientResources resources = resources(options);
                RedisClusterClient client = RedisClusterClient.create(resources, nodes);
                client.setOptions(options);
                try {
                    return LettuceRedis.cluster(client, client.connect(ByteArrayCodec.INSTANCE), resources);
                } catch (RuntimeException e) {
                    client.shutdown();
                    resources.shutdown();
                    throw e;
                }
            }
            RedisURI redisUri = RedisURI.create(uri);
            redisUri.setTimeout(timeout);
            ClientOptions options = ClientOptions.builder().protocolVersion(ProtocolVersion.RESP2)
                    .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                    .sslOptions(ssl == null ? io.lettuce.core.SslOptions.create() : ssl).build();
            ClientResources resources = resources(options);
            RedisClient client = RedisClient.create(resources, redisUri);
            client.setOptions(options);
            try {
                return LettuceRedis.single(client, client.connect(ByteArrayCodec.INSTANCE), resources);
            } catch (RuntimeException e) {
                client.shutdown();
                resources.shutdown();
                throw e;
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a Redis URI: " + mask(uri) + " (" + maskSecrets(String.valueOf(e.getMessage())) + ")", e);
        } catch (RuntimeException e) {
            throw LettuceFailures.translate("(connect " + mask(uri) + ")", e);
        }
    }

    /**
     * The resources of a client of ours: Lettuce's defaults, with each connection's command handler
     * one that frames {@code XRANGE} pages itself ({@link XrangeCommandHandler}).
     */
    private static ClientResources resources(ClientOptions options) {
        XrangeCommandHandler.Installer installer = new XrangeCommandHandler.Installer(options);
        ClientResources resources = DefaultClientResources.builder().nettyCustomizer(installer).build();
        installer.resources(resources);
        return resources;
    }

    private static List<RedisURI> clusterUris(String uri, Duration timeout) {
        RedisUris.ClusterParts parts = RedisUris.parseCluster(uri);
        List<RedisURI> out = new ArrayList<>();
        for (RedisUris.Node node : parts.nodes()) {
            RedisURI.Builder b = RedisURI.builder().withHost(node.host()).withPort(node.port()).withSsl(parts.tls()).withTimeout(timeout);
            if (parts.password() != null) {
                if (parts.user() != null) {
                    b.withAuthentication(parts.user(), parts.password());
                } else {
                    b.withPassword(parts.password().toCharArray());
                }
            }
            out.add(b.build());
        }
        return out;
    }

    /**
     * {@code uri} with its password masked.
     *
     * @param uri a Redis URI, or null
     * @return it masked
     */
    public static String mask(String uri) {
        return RedisUris.mask(uri);
    }

    /** {@code text} with any URI password in it masked. */
    static String maskSecrets(String text) {
        return RedisUris.maskSecrets(text);
    }
}
