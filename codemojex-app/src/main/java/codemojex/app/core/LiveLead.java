package codemojex.app.core;

import codemojex.projections.Channels;
import echomq.domain.lease.PartitionLeasePort;
import echomq.domain.partition.PartitionedChannel;
import echomq.engine.lease.PartitionOwnership;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * Which instance leads the live values (#54): the holder of the one lease of {@link #CHANNEL}, won and
 * kept by the library's partition ownership (rounds every third of the lease, a lapsed lease taken by
 * another member at its next round, a clean stop handing it over at once). The lead computes the live
 * feed, the lobby, the chart's buckets and the play sessions, and casts them; every instance pushes
 * what was cast. Every serving instance is a member, with a score worker or without.
 */
public final class LiveLead implements AutoCloseable, PartitionOwnership.Listener {

    private static final Logger log = LoggerFactory.getLogger(LiveLead.class);

    /** The lead's lease: one partition, in the app's queue's slot. */
    public static final PartitionedChannel CHANNEL = new PartitionedChannel(Channels.QUEUE, "live-lead", 1);

    private final PartitionOwnership ownership;
    private final Runnable gained;
    private final Runnable lost;
    private boolean leading;

    /**
     * {@code member} (unique per process) of the lead's lease of {@code lease}, over {@code leases}:
     * {@code gained} runs when it becomes the lead, {@code lost} when it stops being it (each on the
     * ownership's thread, or the caller of {@link #start} and {@link #close}).
     */
    public LiveLead(PartitionLeasePort leases, String member, Duration lease, Clock clock, Runnable gained, Runnable lost) {
        this.gained = Objects.requireNonNull(gained, "gained");
        this.lost = Objects.requireNonNull(lost, "lost");
        this.ownership = new PartitionOwnership(leases, CHANNEL, member, lease, clock, this);
    }

    /** Runs a first round now (a lease nobody holds is this member's at once), then every third of the lease. */
    public void start() {
        ownership.start();
    }

    /** Whether this member leads now. */
    public synchronized boolean leading() {
        return leading;
    }

    @Override
    public void gained(int p, long epoch) {
        synchronized (this) {
            if (leading) {
                return;
            }
            leading = true;
        }
        log.info("this instance leads the live values (epoch {}): it computes and casts the feed, the lobby, the chart and the sessions", epoch);
        gained.run();
    }

    @Override
    public void lost(int p) {
        synchronized (this) {
            if (!leading) {
                return;
            }
            leading = false;
        }
        log.info("this instance no longer leads the live values: it pushes what the lead casts");
        lost.run();
    }

    @Override
    public void failed(RuntimeException failure) {
        log.warn("the live values' lead: {}", LogSafe.escape(String.valueOf(failure.getMessage())));
    }

    /** Stops the rounds and lets the lease go (another member takes it at its next round). */
    @Override
    public void close() {
        ownership.close();
    }
}
