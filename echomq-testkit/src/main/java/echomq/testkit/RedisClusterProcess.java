package echomq.testkit;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A local Redis Cluster of three masters, with or without a replica each, every node a
 * {@link RedisServerProcess} on a free loopback port with its own directory, joined with
 * {@code redis-cli --cluster create}.
 * {@code try (RedisClusterProcess c = RedisClusterProcess.start()) { RedisConnections.connect(c.uri()) … }}
 */
public final class RedisClusterProcess implements AutoCloseable {

    private final List<RedisServerProcess> masters;
    private final List<RedisServerProcess> nodes;

    private RedisClusterProcess(List<RedisServerProcess> nodes, int masters) {
        this.nodes = nodes;
        this.masters = nodes.subList(0, masters);
    }

    /**
     * Starts three masters, creates the cluster and waits until every node says {@code cluster_state:ok}.
     * The nodes persist (append-only, fsync always), so a restarted node keeps its data and slots.
     *
     * @param extraArgs more {@code redis-server} options for every node
     * @return the running cluster; close it to stop every node
     * @throws IllegalStateException when Redis is not installed or the cluster does not form (every
     *                               node started is stopped again)
     */
    public static RedisClusterProcess start(String... extraArgs) {
        return start(0, extraArgs);
    }

    /**
     * Starts three masters with a replica each (six nodes); a master that fails is replaced by its
     * replica after the node timeout (2 s), or at once on {@link #failover}. Returns once the
     * replicas are in sync.
     *
     * @param extraArgs more {@code redis-server} options for every node
     * @return the running cluster
     * @throws IllegalStateException as {@link #start} does, or when the replicas do not sync in 30 s
     */
    public static RedisClusterProcess startWithReplicas(String... extraArgs) {
        return start(1, extraArgs);
    }

    private static RedisClusterProcess start(int replicas, String... extraArgs) {
        List<RedisServerProcess> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < 3 * (1 + replicas); i++) {
                List<String> args = new ArrayList<>(List.of("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                        "--cluster-node-timeout", "2000", "--appendonly", "yes", "--appendfsync", "always"));
                args.addAll(List.of(extraArgs));
                nodes.add(RedisServerProcess.start(args.toArray(String[]::new)));
            }
            List<String> create = new ArrayList<>(List.of(cli(), "--cluster", "create"));
            nodes.forEach(n -> create.add("127.0.0.1:" + n.port()));
            create.addAll(List.of("--cluster-replicas", Integer.toString(replicas), "--cluster-yes"));
            Process p = new ProcessBuilder(create).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("redis-cli --cluster create failed: " + out);
            }
            RedisClusterProcess c = new RedisClusterProcess(nodes, 3);
            c.awaitOk();
            if (replicas > 0) {
                c.awaitReplicasInSync();
            }
            return c;
        } catch (IOException e) {
            nodes.forEach(RedisServerProcess::stop);
            throw new IllegalStateException("could not create the cluster: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            nodes.forEach(RedisServerProcess::stop);
            throw new IllegalStateException(e);
        } catch (RuntimeException e) {
            nodes.forEach(RedisServerProcess::stop);
            throw e;
        }
    }

    private static String cli() {
        return RedisServerProcess.executable().map(p -> p.resolveSibling("redis-cli").toString())
                .filter(s -> new java.io.File(s).canExecute()).orElse("redis-cli");
    }

    /**
     * Waits until every running node reports {@code cluster_state:ok}.
     *
     * @throws IllegalStateException when they do not within 30 s, or the wait is interrupted
     */
    public void awaitOk() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (nodes.stream().filter(RedisServerProcess::isRunning).allMatch(m -> command(m.port(), "CLUSTER INFO").contains("cluster_state:ok"))) {
                return;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException("the cluster did not reach cluster_state:ok in 30 s");
    }

    /** Waits until every replica reports its link to its master up. */
    private void awaitReplicasInSync() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (nodes.subList(3, nodes.size()).stream().allMatch(r -> command(r.port(), "INFO replication").contains("master_link_status:up"))) {
                return;
            }
            RedisServerProcess.sleep(50);
        }
        throw new IllegalStateException("the replicas did not sync with their masters in 30 s");
    }

    /**
     * Waits until a replica of {@code master} has acknowledged all its writes ({@code WAIT 1}).
     *
     * @param master the master whose writes must have reached a replica
     * @throws IllegalStateException when none has within 30 s
     */
    public void awaitReplicasInSyncOf(RedisServerProcess master) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (command(master.port(), "WAIT 1 1000", 5000).startsWith(":1")) {
                return;
            }
            RedisServerProcess.sleep(50);
        }
        throw new IllegalStateException("no replica of " + master.port() + " acknowledged its writes in 30 s");
    }

    /**
     * An inline command's reply as text ({@code CLUSTER INFO}, {@code INFO replication}, {@code CLUSTER NODES}); "" when the node
     * does not answer within a second: for the polls, which ask again.
     */
    private static String command(int port, String command) {
        return command(port, command, 1000);
    }

    /**
     * The same, waiting up to {@code timeoutMillis} for the answer: for a command asked once, which a node busy with an fsync
     * ({@code appendfsync always}) on a loaded machine may answer late.
     */
    private static String command(int port, String command, int timeoutMillis) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 2000);
            s.setSoTimeout(timeoutMillis);
            s.getOutputStream().write((command + "\r\n").getBytes(StandardCharsets.US_ASCII));
            java.io.InputStream in = s.getInputStream();
            StringBuilder out = new StringBuilder();
            byte[] buf = new byte[8192];
            // a bulk reply: "$<len>\r\n<len bytes>\r\n"; read until it is all there
            int expected = -1;
            int n;
            while ((n = in.read(buf)) > 0) {
                out.append(new String(buf, 0, n, StandardCharsets.US_ASCII));
                if (expected < 0 && out.indexOf("\r\n") > 0 && out.charAt(0) == '$') {
                    expected = Integer.parseInt(out.substring(1, out.indexOf("\r\n"))) + out.indexOf("\r\n") + 4;
                }
                if (expected < 0 || out.length() >= expected) {
                    break;
                }
            }
            return out.toString();
        } catch (IOException | NumberFormatException e) {
            return "";
        }
    }

    /**
     * Every node.
     *
     * @return the masters as started first, then the replicas (none without replicas)
     */
    public List<RedisServerProcess> nodes() {
        return List.copyOf(nodes);
    }

    /**
     * The node that serves {@code slot} now (after failovers too), from a live node's {@code CLUSTER NODES}.
     *
     * @param slot the hash slot, 0 to 16383
     * @return the node that is master of the slot now
     * @throws IllegalStateException when no live node knows the slot's master
     */
    public RedisServerProcess currentMasterOf(int slot) {
        for (RedisServerProcess asked : nodes) {
            if (!asked.isRunning()) {
                continue;
            }
            for (String line : command(asked.port(), "CLUSTER NODES").split("\n")) {
                String[] f = line.trim().split(" ");
                if (f.length < 9 || !f[2].contains("master") || f[2].contains("fail")) {
                    continue;
                }
                for (int i = 8; i < f.length; i++) {
                    String[] range = f[i].split("-");
                    if (range[0].startsWith("[")) {
                        continue; // a slot being migrated
                    }
                    int lo = Integer.parseInt(range[0]);
                    int hi = range.length > 1 ? Integer.parseInt(range[1]) : lo;
                    if (slot >= lo && slot <= hi) {
                        int port = Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1, f[1].indexOf('@')));
                        return nodes.stream().filter(n -> n.port() == port).findFirst()
                                .orElseThrow(() -> new IllegalStateException("no node on port " + port));
                    }
                }
            }
        }
        throw new IllegalStateException("no live node knows the master of slot " + slot);
    }

    /**
     * The replica of {@code master} now, from {@code INFO replication} of the running nodes.
     *
     * @param master a master node
     * @return the running node that replicates it
     * @throws IllegalStateException when no running node does
     */
    public RedisServerProcess replicaOf(RedisServerProcess master) {
        for (RedisServerProcess n : nodes) {
            if (n != master && n.isRunning() && command(n.port(), "INFO replication", 10_000).contains("master_port:" + master.port())) {
                return n;
            }
        }
        throw new IllegalStateException("no replica follows the master on port " + master.port());
    }

    /**
     * A manual failover: {@code CLUSTER FAILOVER} on {@code replica}, which waits for its master's
     * last writes, takes over its slots, and is then the master; waits until the cluster agrees.
     *
     * @param replica the replica to promote
     * @param slot    a slot of its master's, to see the cluster agree on the new master
     * @throws IllegalStateException when the failover is refused or not agreed within 30 s
     */
    public void failover(RedisServerProcess replica, int slot) {
        String reply = command(replica.port(), "CLUSTER FAILOVER", 10_000);
        if (!reply.startsWith("+OK")) {
            throw new IllegalStateException("CLUSTER FAILOVER on " + replica.port() + " answered " + reply);
        }
        awaitMaster(slot, replica);
    }

    /**
     * Waits until {@code expected} serves {@code slot} and the cluster is ok.
     *
     * @param slot     the hash slot
     * @param expected the node that should be its master
     * @throws IllegalStateException when it does not within 30 s
     */
    public void awaitMaster(int slot, RedisServerProcess expected) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try {
                if (currentMasterOf(slot) == expected) {
                    awaitOk();
                    return;
                }
            } catch (IllegalStateException notYet) {
                // no live node knows yet
            }
            RedisServerProcess.sleep(50);
        }
        throw new IllegalStateException("node " + expected.port() + " did not take over slot " + slot + " in 30 s");
    }

    /**
     * Where a cluster client connects: the masters as started.
     *
     * @return {@code redis-cluster://127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3}
     */
    public String uri() {
        StringBuilder b = new StringBuilder("redis-cluster://");
        for (int i = 0; i < masters.size(); i++) {
            b.append(i == 0 ? "" : ",").append("127.0.0.1:").append(masters.get(i).port());
        }
        return b.toString();
    }

    /**
     * The masters as started (after a failover one of them may be a replica: see {@link #currentMasterOf}).
     *
     * @return the three nodes the cluster was created with as masters, in slot order
     */
    public List<RedisServerProcess> masters() {
        return List.copyOf(masters);
    }

    /**
     * The master that serves {@code slot}: with {@code --cluster create} on three masters the slots
     * are split in order, 0–5460, 5461–10922, 10923–16383.
     *
     * @param slot the hash slot, 0 to 16383
     * @return the master it was created on (before any failover)
     */
    public RedisServerProcess masterOf(int slot) {
        return masters.get(slot <= 5460 ? 0 : slot <= 10922 ? 1 : 2);
    }

    /** Stops every node (SIGKILL). */
    @Override
    public void close() {
        nodes.forEach(RedisServerProcess::stop);
    }
}
