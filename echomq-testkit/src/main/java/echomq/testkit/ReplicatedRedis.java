package echomq.testkit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A master and one replica, each a {@link RedisServerProcess} on a free loopback port, the replica
 * reaching its master through a {@link FaultyProxy} ({@link #link()}): so a test can hold the
 * replication link ({@link #holdLink}), cut it, stop or pause the replica, kill the master and
 * promote the replica by hand ({@link #promote()}), as an operator (or Sentinel) would.
 * <pre>{@code
 * try (ReplicatedRedis r = ReplicatedRedis.start()) {
 *     String uri = r.master().uri();          // clients write here
 *     r.holdLink(Duration.ofSeconds(2));      // what the master sends its replica is held 2 s
 *     r.master().stop();                      // SIGKILL
 *     r.promote();                            // REPLICAOF NO ONE on the replica
 * }
 * }</pre>
 */
public final class ReplicatedRedis implements AutoCloseable {

    private final RedisServerProcess master;
    private final FaultyProxy link;
    private final RedisServerProcess replica;

    private ReplicatedRedis(RedisServerProcess master, FaultyProxy link, RedisServerProcess replica) {
        this.master = master;
        this.link = link;
        this.replica = replica;
    }

    /**
     * Starts a master, the proxy in front of it, and a replica of it through the proxy; returns once
     * the replica is in sync.
     *
     * @param extraArgs more {@code redis-server} options for both
     * @return the running pair; close it to stop both and the proxy
     * @throws IllegalStateException when Redis is not installed, or the replica does not sync in 30 s
     */
    public static ReplicatedRedis start(String... extraArgs) {
        RedisServerProcess master = RedisServerProcess.start(extraArgs);
        FaultyProxy link = null;
        RedisServerProcess replica = null;
        try {
            link = FaultyProxy.start(master.port());
            List<String> args = new ArrayList<>(List.of(extraArgs));
            args.addAll(List.of("--replicaof", "127.0.0.1", Integer.toString(link.port())));
            replica = RedisServerProcess.start(args.toArray(String[]::new));
            ReplicatedRedis r = new ReplicatedRedis(master, link, replica);
            r.awaitInSync();
            return r;
        } catch (RuntimeException e) {
            if (replica != null) {
                replica.stop();
            }
            if (link != null) {
                link.close();
            }
            master.stop();
            throw e;
        }
    }

    /**
     * The master.
     *
     * @return the master's process
     */
    public RedisServerProcess master() {
        return master;
    }

    /**
     * The replica.
     *
     * @return the replica's process
     */
    public RedisServerProcess replica() {
        return replica;
    }

    /**
     * The proxy the replica reaches its master through.
     *
     * @return the replication link
     */
    public FaultyProxy link() {
        return link;
    }

    /**
     * Holds what crosses the replication link, either way, for {@code d}: the replica receives
     * nothing the master sends, and the master hears no acknowledgement, until it is over (a
     * chunk read in that time is held {@code d} before it is sent on: one read at its end is
     * held until nearly {@code 2 d}).
     *
     * @param d how long the link is held
     */
    public void holdLink(Duration d) {
        link.delayFor(d, d);
    }

    /**
     * Waits until the replica's link is up and it has processed every write of the master so far.
     *
     * @throws IllegalStateException when it has not within 30 s
     */
    public void awaitInSync() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (replica.command("INFO", "replication").contains("master_link_status:up")) {
                master.awaitCaughtUp(replica, Duration.ofMillis(deadline - System.nanoTime() > 0 ? (deadline - System.nanoTime()) / 1_000_000 : 1));
                return;
            }
            RedisServerProcess.sleep(50);
        }
        throw new IllegalStateException("the replica on " + replica.port() + " did not sync with its master on " + master.port() + " in 30 s");
    }

    /**
     * Promotes the replica by hand: {@code REPLICAOF NO ONE}, as an operator does once its master is
     * gone; it keeps what it had received, and takes writes from then on.
     *
     * @throws IllegalStateException when the replica refuses
     */
    public void promote() {
        String reply = replica.command("REPLICAOF", "NO", "ONE");
        if (!reply.startsWith("OK")) {
            throw new IllegalStateException("REPLICAOF NO ONE on " + replica.port() + " answered " + reply);
        }
    }

    /** Stops the replica, the proxy and the master. */
    @Override
    public void close() {
        replica.stop();
        link.close();
        master.stop();
    }
}
