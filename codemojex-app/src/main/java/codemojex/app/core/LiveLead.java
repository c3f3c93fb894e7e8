package codemojex.app.core;

import codemojex.projections.Channels;
import echomq.domain.lease.PartitionLeasePort;
import echomq.domain.partition.PartitionedChannel;
import echomq.engine.lease.PartitionOwnership;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Which instance leads the live values (#54): the holder of the one lease of {@link #CHANNEL}, won and
 * kept by the library's partition ownership (rounds every third of the lease, a lapsed lease taken by
 * another member at its next round, a clean stop handing it over at once). The lead computes the live
 * feed, the lobby, the chart's buckets and the play sessions, and casts them; every instance pushes
 * what was cast. Every serving instance is a member, with a score worker or without.
 *
 * <p>Its rounds follow the app's clock, as everything else the lead does in time (the feed's window,
 * the chart's buckets, the sessions' gaps): a round runs every third of the lease only when the clock
 * moved since the last one. On the system clock that is every third of the lease; on a clock that
 * stands still (a test that holds time to see that nothing writes on its own) no round writes. After
 * each round while it leads, {@code kept} runs: the lead keeps its latest casts readable.
 */
public final class LiveLead implements AutoCloseable, PartitionOwnership.Listener {

    private static final Logger log = LoggerFactory.getLogger(LiveLead.class);

    /** The lead's lease: one partition, in the app's queue's slot. */
    public static final PartitionedChannel CHANNEL = new PartitionedChannel(Channels.QUEUE, "live-lead", 1);

    private final PartitionOwnership ownership;
    private final Clock clock;
    private final Runnable gained;
    private final Runnable lost;
    private final Runnable kept;
    private boolean leading;
    private ScheduledExecutorService rounds;
    /** The app's time at the last round, null before the first. */
    private Instant lastRound;

    /**
     * {@code member} (unique per process) of the lead's lease of {@code lease}, over {@code leases}:
     * {@code gained} runs when it becomes the lead, {@code lost} when it stops being it, {@code kept}
     * after each round while it leads (each on the rounds' thread, or the caller of {@link #start} and
     * {@link #close}).
     */
    public LiveLead(PartitionLeasePort leases, String member, Duration lease, Clock clock, Runnable gained, Runnable lost, Runnable kept) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.gained = Objects.requireNonNull(gained, "gained");
        this.lost = Objects.requireNonNull(lost, "lost");
        this.kept = Objects.requireNonNull(kept, "kept");
        this.ownership = new PartitionOwnership(leases, CHANNEL, member, lease, clock, this);
    }

    /**
     * Runs a first round now (a lease nobody holds is this member's at once), then every third of the
     * lease when the app's clock moved since the last round; a second start does nothing.
     */
    public void start() {
        ScheduledExecutorService r = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread t = new Thread(task, "lead-rounds"); // not live-*: those compute or deliver the values
            t.setDaemon(true);
            return t;
        });
        synchronized (this) {
            if (rounds != null) {
                r.shutdown();
                return;
            }
            rounds = r;
        }
        long every = Math.max(1, ownership.every().toMillis());
        try {
            r.submit(this::round).get(); // the first round before start returns, on the rounds' thread as every later one
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
        r.scheduleWithFixedDelay(this::round, every, every, TimeUnit.MILLISECONDS);
    }

    /** One round of the lease, unless the app's clock stands where it stood at the last one; never throws (the rounds go on). */
    private void round() {
        Instant now = clock.instant();
        if (now.equals(lastRound)) {
            return; // no time passed for the app: nothing of the lead's can have lapsed or come due
        }
        lastRound = now;
        try {
            ownership.tick();
        } catch (RuntimeException e) {
            failed(e);
            return;
        }
        if (leading()) {
            try {
                kept.run();
            } catch (RuntimeException e) {
                failed(e);
            }
        }
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
        ScheduledExecutorService r;
        synchronized (this) {
            r = rounds;
            rounds = null;
        }
        if (r != null) {
            r.shutdown();
            try {
                r.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        ownership.close();
    }
}
