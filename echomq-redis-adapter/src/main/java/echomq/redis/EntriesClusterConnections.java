package echomq.redis;

import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisClusterInfoCache;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.providers.ClusterConnectionProvider;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Jedis' cluster connections, but a connection asked for by slot ({@code getConnectionFromSlot}, as
 * {@link RedisStreamRange#pages} asks for the one its pages are read on) is an
 * {@link EntriesConnection}: Jedis' cluster client creates its node pools itself, with no hook for a
 * connection type, so those come from pools of our own, one per node, found through Jedis' own slot
 * map (renewed by Jedis after a failover or a redirection, as before). Commands keep Jedis' own node
 * pools, routed as Jedis routes them, and so does everything else (redirections, pipelines, a random
 * node, the nodes a command is broadcast to).
 */
final class EntriesClusterConnections extends ClusterConnectionProvider {

    private final JedisClientConfig config;
    private final GenericObjectPoolConfig<Connection> poolConfig;
    /** Our pools, by Jedis' node key ({@code host:port}). */
    private final Map<String, ConnectionPool> pools = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /**
     * Connects to {@code nodes} to learn the slot map, as Jedis' own provider does.
     *
     * @param nodes      the seed nodes
     * @param config     every connection's configuration
     * @param poolConfig each node's pool (ours and Jedis' own alike)
     * @param refresh    how often Jedis refreshes the slot map in the background; null for never
     */
    EntriesClusterConnections(Set<HostAndPort> nodes, JedisClientConfig config, GenericObjectPoolConfig<Connection> poolConfig,
                              java.time.Duration refresh) {
        super(nodes, config, poolConfig, refresh);
        this.config = config;
        this.poolConfig = poolConfig;
    }

    /**
     * A command's connection: Jedis' own routing to Jedis' own node pools (its
     * {@code getConnection(CommandArguments)}, which would otherwise come here through
     * {@link #getConnectionFromSlot}), so that commands and pipelines share the pools Jedis keeps
     * healthy as before.
     */
    @Override
    public Connection getConnection(CommandArguments args) {
        Set<Integer> slots = args.getKeyHashSlots();
        if (slots.size() > 1) {
            throw new JedisClusterOperationException("Cannot get connection for command with multiple hash slots");
        }
        int slot = slots.iterator().next();
        return slot >= 0 ? super.getConnectionFromSlot(slot) : getConnection();
    }

    /** A connection to the node that serves {@code slot} now, from our pool for that node. */
    @Override
    public Connection getConnectionFromSlot(int slot) {
        HostAndPort node = cache.getSlotNode(slot);
        if (node == null) {
            return super.getConnectionFromSlot(slot); // Jedis renews the slot map, or picks a node at random
        }
        if (closed) {
            throw new JedisConnectionException("the cluster client is closed");
        }
        return pools.computeIfAbsent(JedisClusterInfoCache.getNodeKey(node),
                key -> new ConnectionPool(RedisConnections.entriesConnections(node, config), poolConfig)).getResource();
    }

    @Override
    public void close() {
        closed = true;
        try {
            pools.values().forEach(ConnectionPool::close);
            pools.clear();
        } finally {
            super.close();
        }
    }
}
