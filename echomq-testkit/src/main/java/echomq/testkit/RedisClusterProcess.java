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
 * A local Redis Cluster of three masters (no replicas), each a {@link RedisServerProcess} on a free
 * loopback port with its own directory, joined with {@code redis-cli --cluster create}.
 * {@code try (RedisClusterProcess c = RedisClusterProcess.start()) { RedisConnections.connect(c.uri()) … }}
 */
public final class RedisClusterProcess implements AutoCloseable {

    private final List<RedisServerProcess> masters;

    private RedisClusterProcess(List<RedisServerProcess> masters) {
        this.masters = masters;
    }

    /** Starts three masters, creates the cluster and waits until every node says {@code cluster_state:ok}. */
    public static RedisClusterProcess start(String... extraArgs) {
        List<RedisServerProcess> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                List<String> args = new ArrayList<>(List.of("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                        "--cluster-node-timeout", "2000", "--appendonly", "yes", "--appendfsync", "always"));
                args.addAll(List.of(extraArgs));
                nodes.add(RedisServerProcess.start(args.toArray(String[]::new)));
            }
            List<String> create = new ArrayList<>(List.of(cli(), "--cluster", "create"));
            nodes.forEach(n -> create.add("127.0.0.1:" + n.port()));
            create.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
            Process p = new ProcessBuilder(create).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("redis-cli --cluster create failed: " + out);
            }
            RedisClusterProcess c = new RedisClusterProcess(nodes);
            c.awaitOk();
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

    /** Waits until every node reports {@code cluster_state:ok}. */
    public void awaitOk() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (masters.stream().allMatch(m -> clusterInfo(m.port()).contains("cluster_state:ok"))) {
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

    private static String clusterInfo(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
            s.setSoTimeout(1000);
            s.getOutputStream().write("CLUSTER INFO\r\n".getBytes(StandardCharsets.US_ASCII));
            byte[] buf = new byte[4096];
            int n = s.getInputStream().read(buf);
            return n > 0 ? new String(buf, 0, n, StandardCharsets.US_ASCII) : "";
        } catch (IOException e) {
            return "";
        }
    }

    /** {@code redis-cluster://127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3}. */
    public String uri() {
        StringBuilder b = new StringBuilder("redis-cluster://");
        for (int i = 0; i < masters.size(); i++) {
            b.append(i == 0 ? "" : ",").append("127.0.0.1:").append(masters.get(i).port());
        }
        return b.toString();
    }

    public List<RedisServerProcess> masters() {
        return List.copyOf(masters);
    }

    /**
     * The master that serves {@code slot}: with {@code --cluster create} on three masters the slots
     * are split in order, 0–5460, 5461–10922, 10923–16383.
     */
    public RedisServerProcess masterOf(int slot) {
        return masters.get(slot <= 5460 ? 0 : slot <= 10922 ? 1 : 2);
    }

    @Override
    public void close() {
        masters.forEach(RedisServerProcess::stop);
    }
}
