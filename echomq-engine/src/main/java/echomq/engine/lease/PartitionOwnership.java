package echomq.engine.lease;

import echomq.domain.lease.Lease;
import echomq.domain.lease.LeaseOutcome;
import echomq.domain.lease.PartitionLeasePort;
import echomq.domain.lease.Rebalance;
import echomq.domain.partition.PartitionedChannel;
import io.vavr.control.Option;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One member's share of a partitioned channel: every third of the lease period ({@link #tick}) it
 * beats, reads who holds each partition, computes the balanced assignment
 * ({@link Rebalance#assign}) and makes it so for itself: releases what it should no longer own
 * (telling the listener first, so its work stops before another member may start), renews what it
 * keeps, acquires what it should own and is free. A member that dies stops beating and renewing:
 * within one lease period its partitions lapse and the others' next rounds take them, so within
 * {@code 4/3} of the period. A clean {@link #stop} releases at once.
 * <pre>{@code
 * PartitionOwnership own = new PartitionOwnership(leases, channel, "worker-1", Duration.ofSeconds(10), Clock.systemUTC(),
 *         new PartitionOwnership.Listener() {
 *             public void gained(int p, long epoch) { startWorker(p, epoch); }
 *             public void lost(int p) { stopWorker(p); }
 *         });
 * own.start();
 * }</pre>
 * The clock judges, on this member's side, how long a lease it could not renew is still its own:
 * from the instant the last renewal was sent, one period. Past that it tells the listener the
 * partition is lost, whether or not Redis answers again (the store's own clock judges the lease).
 */
public final class PartitionOwnership implements AutoCloseable {

    /** Hears what this member gained and lost; called on the ownership's thread (or the caller of {@link #tick}/{@link #stop}). */
    public interface Listener {
        /**
         * This member owns partition {@code p} now, under {@code epoch}: every write to it carries the epoch.
         *
         * @param p     the partition
         * @param epoch its fencing epoch
         */
        void gained(int p, long epoch);

        /**
         * This member no longer owns partition {@code p}: its work on it stops now.
         *
         * @param p the partition
         */
        void lost(int p);

        /**
         * A round failed (the store is down, say); the next round tries again.
         *
         * @param failure what failed
         */
        default void failed(RuntimeException failure) {
        }
    }

    private record Held(long epoch, Instant validUntil) {
    }

    private final PartitionLeasePort leases;
    private final PartitionedChannel channel;
    private final String member;
    private final Duration lease;
    private final Clock clock;
    private final Listener listener;
    private final Map<Integer, Held> held = new HashMap<>();
    private ScheduledExecutorService scheduler;
    /** Whether a round ever beat: a member that never joined has nothing to release and no membership to leave (it writes nothing). */
    private boolean joined;

    /**
     * Ownership of {@code channel}'s partitions for {@code member}.
     *
     * @param leases   the leases and heartbeats
     * @param channel  the partitioned channel
     * @param member   this member's name (unique among the members)
     * @param lease    the lease period, at least 3 ms (rounds run every third of it)
     * @param clock    judges how long an unrenewed lease is still this member's
     * @param listener hears what is gained and lost
     * @throws IllegalArgumentException naming a bad member name or period
     */
    public PartitionOwnership(PartitionLeasePort leases, PartitionedChannel channel, String member, Duration lease, Clock clock, Listener listener) {
        this.leases = Objects.requireNonNull(leases, "leases");
        this.channel = Objects.requireNonNull(channel, "channel");
        this.member = PartitionLeasePort.requireMember(member);
        if (Objects.requireNonNull(lease, "lease").toMillis() < 3) {
            throw new IllegalArgumentException("lease must be at least 3 ms, got " + lease);
        }
        this.lease = lease;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /**
     * How often a round runs: a third of the lease period, so a lease is renewed twice before it
     * could lapse.
     *
     * @return the period between rounds
     */
    public Duration every() {
        return lease.dividedBy(3);
    }

    /**
     * The partitions this member owns now, with their epochs.
     *
     * @return partition to epoch, in partition order
     */
    public synchronized SortedMap<Integer, Long> owned() {
        SortedMap<Integer, Long> out = new TreeMap<>();
        held.forEach((p, h) -> out.put(p, h.epoch()));
        return Collections.unmodifiableSortedMap(out);
    }

    /**
     * One round: lets go of leases that lapsed on this side, beats, rebalances, releases, renews
     * and acquires. A failure of the store is thrown (after the leases that lapsed meanwhile are
     * told lost); what the round did before it stands.
     *
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    public synchronized void tick() {
        lapse();
        List<String> live = leases.heartbeat(channel, member, lease);
        joined = true;
        Map<Integer, String> owners = new HashMap<>();
        for (int p = 0; p < channel.partitions(); p++) {
            Option<Lease> l = leases.read(channel, p);
            if (l.isDefined()) {
                owners.put(p, l.get().owner());
            }
        }
        held.keySet().forEach(p -> owners.putIfAbsent(p, member));
        SortedMap<String, SortedSet<Integer>> target = Rebalance.assign(channel.partitions(), live, owners);
        Rebalance.Plan plan = Rebalance.plan(member, target, held.keySet());
        for (int p : plan.release()) {
            drop(p);
            leases.release(channel, p, member);
        }
        for (int p : new java.util.TreeSet<>(held.keySet())) {
            take(p);
        }
        for (int p : plan.acquire()) {
            take(p);
        }
    }

    /** Acquires or renews {@code p}; tells the listener of a gain, or of a loss when another holds it (or took it meanwhile). */
    private void take(int p) {
        Instant sent = clock.instant();
        LeaseOutcome outcome = leases.acquire(channel, p, member, lease);
        Held before = held.get(p);
        if (outcome instanceof LeaseOutcome.Granted g) {
            if (before != null && before.epoch() != g.lease().epoch()) {
                drop(p); // another held it in between: what this member did under the old epoch is fenced
            }
            held.put(p, new Held(g.lease().epoch(), sent.plus(lease)));
            if (before == null || before.epoch() != g.lease().epoch()) {
                listener.gained(p, g.lease().epoch());
            }
        } else if (before != null) {
            drop(p);
        }
    }

    /** Tells the listener of every held lease whose period, from its last renewal sent, has passed. */
    private void lapse() {
        Instant now = clock.instant();
        for (int p : new java.util.TreeSet<>(held.keySet())) {
            if (!now.isBefore(held.get(p).validUntil())) {
                drop(p);
            }
        }
    }

    private void drop(int p) {
        if (held.remove(p) != null) {
            listener.lost(p);
        }
    }

    /**
     * Gives up partition {@code p} on this side without releasing it: a write to it was fenced
     * ({@link echomq.domain.lease.LeaseFencedException}), so another member holds it now. The
     * listener hears it lost; the next round may acquire it again when the assignment says so.
     *
     * @param p the partition
     * @param epoch the epoch the fenced write carried: a later lease of this member is kept
     */
    public synchronized void relinquish(int p, long epoch) {
        Held h = held.get(p);
        if (h != null && h.epoch() == epoch) {
            drop(p);
        }
    }

    /**
     * Runs a round now, then every {@link #every()} on a daemon thread of its own, until {@link #stop}.
     * A failed round is told to the listener ({@link Listener#failed}) and the next one tries again.
     */
    public synchronized void start() {
        if (scheduler != null) {
            return;
        }
        round();
        scheduler = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread t = new Thread(task, "partition-ownership-" + member);
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(1, every().toMillis());
        scheduler.scheduleWithFixedDelay(this::round, every, every, TimeUnit.MILLISECONDS);
    }

    private void round() {
        try {
            tick();
        } catch (RuntimeException e) {
            synchronized (this) {
                lapse();
            }
            listener.failed(e);
        }
    }

    /**
     * Stops the rounds, tells the listener every partition is lost, releases them and leaves the
     * members, so that the others take the partitions at their next round. A store that fails here
     * is told to the listener; the leases then lapse on their own. A member that never ran a round
     * writes nothing here.
     */
    public void stop() {
        ScheduledExecutorService s;
        synchronized (this) {
            s = scheduler;
            scheduler = null;
        }
        if (s != null) {
            s.shutdown();
            try {
                s.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            if (!joined) {
                return;
            }
            java.util.SortedSet<Integer> mine = new java.util.TreeSet<>(held.keySet());
            mine.forEach(this::drop); // every worker stops first, whatever the store answers
            for (int p : mine) {
                try {
                    leases.release(channel, p, member);
                } catch (RuntimeException e) {
                    listener.failed(e); // it lapses on its own
                }
            }
            try {
                leases.leave(channel, member);
            } catch (RuntimeException e) {
                listener.failed(e);
            }
        }
    }

    /** Same as {@link #stop}. */
    @Override
    public void close() {
        stop();
    }
}
