package echomq.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@link RedisClusterProcess} whose every master sits behind a {@link FaultyProxy}: each master
 * announces its proxy's port ({@code cluster-announce-port}), so the slot map a client discovers,
 * and every redirection, name the proxies, and all of a cluster client's commands go through them.
 * <pre>{@code
 * try (ProxiedCluster c = ProxiedCluster.start()) {
 *     UnifiedJedis jedis = RedisConnections.connect(c.uri());
 *     c.cutNextReplies("XADD", 1);   // on every master's proxy
 * }
 * }</pre>
 */
public final class ProxiedCluster implements AutoCloseable {

    private final RedisClusterProcess cluster;
    private final List<FaultyProxy> proxies;

    private ProxiedCluster(RedisClusterProcess cluster, List<FaultyProxy> proxies) {
        this.cluster = cluster;
        this.proxies = proxies;
    }

    /**
     * Starts a three-master cluster, a proxy in front of each master, and waits until every master's
     * view of the cluster names the proxies.
     *
     * @return the running cluster; close it to stop the proxies and the nodes
     * @throws IllegalStateException when the cluster does not form or does not take the proxies' ports in 30 s
     */
    public static ProxiedCluster start() {
        RedisClusterProcess cluster = RedisClusterProcess.start();
        List<FaultyProxy> proxies = new ArrayList<>();
        try {
            for (RedisServerProcess m : cluster.masters()) {
                FaultyProxy p = FaultyProxy.start(m.port());
                proxies.add(p);
                String ok = m.command("CONFIG", "SET", "cluster-announce-port", Integer.toString(p.port()));
                if (!"OK".equals(ok)) {
                    throw new IllegalStateException("node " + m.port() + " refused cluster-announce-port " + p.port() + ": " + ok);
                }
            }
            ProxiedCluster c = new ProxiedCluster(cluster, List.copyOf(proxies));
            c.awaitAnnounced();
            return c;
        } catch (RuntimeException e) {
            proxies.forEach(FaultyProxy::close);
            cluster.close();
            throw e;
        }
    }

    /** Waits until every master's {@code CLUSTER NODES} names every master by its proxy's port (gossip takes a moment). */
    private void awaitAnnounced() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            boolean all = true;
            for (RedisServerProcess m : cluster.masters()) {
                String nodes = m.command("CLUSTER", "NODES");
                for (FaultyProxy p : proxies) {
                    all &= nodes.contains("127.0.0.1:" + p.port() + "@");
                }
            }
            if (all) {
                cluster.awaitOk();
                return;
            }
            RedisServerProcess.sleep(50);
        }
        throw new IllegalStateException("the masters did not announce their proxies' ports in 30 s");
    }

    /**
     * Where a cluster client connects: the proxies.
     *
     * @return {@code redis-cluster://127.0.0.1:p1,…}, the proxies' ports
     */
    public String uri() {
        StringBuilder b = new StringBuilder("redis-cluster://");
        for (int i = 0; i < proxies.size(); i++) {
            b.append(i == 0 ? "" : ",").append("127.0.0.1:").append(proxies.get(i).port());
        }
        return b.toString();
    }

    /**
     * The proxies, in the order of {@link RedisClusterProcess#masters()}.
     *
     * @return the proxies
     */
    public List<FaultyProxy> proxies() {
        return proxies;
    }

    /**
     * The cluster behind the proxies.
     *
     * @return the cluster
     */
    public RedisClusterProcess cluster() {
        return cluster;
    }

    /**
     * {@link FaultyProxy#cutNextReplies} on every master's proxy.
     *
     * @param command the command whose replies are cut
     * @param n       how many replies each proxy cuts
     */
    public void cutNextReplies(String command, int n) {
        proxies.forEach(p -> p.cutNextReplies(command, n));
    }

    /**
     * How many replies the proxies cut, in all.
     *
     * @return the sum of {@link FaultyProxy#repliesCut()}
     */
    public long repliesCut() {
        return proxies.stream().mapToLong(FaultyProxy::repliesCut).sum();
    }

    /** Stops the proxies, then every node. */
    @Override
    public void close() {
        proxies.forEach(FaultyProxy::close);
        cluster.close();
    }
}
