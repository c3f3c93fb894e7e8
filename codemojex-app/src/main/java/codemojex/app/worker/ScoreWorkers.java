package codemojex.app.worker;

import codemojex.app.core.LogSafe;
import echomq.domain.lease.PartitionLeasePort;
import echomq.domain.partition.PartitionedChannel;
import echomq.engine.lease.PartitionOwnership;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.ToLongFunction;

/**
 * The score workers of one app instance: one {@link ScoreWorker} per partition, each on a thread of
 * its own, and the partitions' ownership ({@link PartitionOwnership}): a worker scores only while
 * this instance holds its partition's lease, and its commits carry the lease's epoch ({@link #epoch}),
 * so a stale owner's commit is fenced. Instances that join or leave rebalance the partitions among
 * them; {@code P} may exceed the number of instances.
 */
public final class ScoreWorkers implements AutoCloseable, PartitionOwnership.Listener {

    private static final Logger log = LoggerFactory.getLogger(ScoreWorkers.class);

    private final List<ScoreWorker> workers;
    private final AtomicLongArray epochs;
    private final PartitionOwnership ownership;
    private volatile boolean started;
    private final AtomicLong fenced = new AtomicLong();

    /**
     * Over one worker per partition of {@code channel}, in partition order, owned through
     * {@code leases} as {@code member} (unique per process) with leases of {@code lease}.
     */
    public ScoreWorkers(List<ScoreWorker> workers, PartitionLeasePort leases, PartitionedChannel channel, String member, Duration lease, Clock clock) {
        this.workers = List.copyOf(Objects.requireNonNull(workers, "workers"));
        if (this.workers.size() != channel.partitions()) {
            throw new IllegalArgumentException("one score worker per partition is needed: " + channel.partitions() + " partitions, "
                    + this.workers.size() + " workers");
        }
        this.epochs = new AtomicLongArray(this.workers.size());
        for (int p = 0; p < this.workers.size(); p++) {
            int partition = p;
            ScoreWorker w = this.workers.get(p);
            w.disown(); // until its lease is gained
            w.onFenced(e -> {
                fenced.incrementAndGet();
                ownership().relinquish(partition, e.epoch());
            });
        }
        this.ownership = new PartitionOwnership(leases, channel, member, lease, clock, this);
    }

    private PartitionOwnership ownership() {
        return ownership;
    }

    /** The worker of partition {@code p}. */
    public ScoreWorker partition(int p) {
        return workers.get(p);
    }

    /** How many partitions, one worker each. */
    public int partitions() {
        return workers.size();
    }

    /** The fencing epoch of partition {@code p}'s lease as this instance last gained it (0: never). */
    public long epoch(int p) {
        return epochs.get(p);
    }

    /** The partitions this instance owns now, with their epochs. */
    public SortedMap<Integer, Long> owned() {
        return ownership.owned();
    }

    @Override
    public void gained(int p, long epoch) {
        epochs.set(p, epoch);
        workers.get(p).own();
        log.info("partition {} gained under epoch {}", p, epoch);
    }

    @Override
    public void lost(int p) {
        workers.get(p).disown();
        log.info("partition {} lost", p);
    }

    @Override
    public void failed(RuntimeException failure) {
        log.warn("partition leases: {}", LogSafe.escape(String.valueOf(failure.getMessage())));
    }

    /** Creates every partition's consumer group if needed. */
    public void ensureGroup() {
        workers.forEach(ScoreWorker::ensureGroup);
    }

    /** The workers of the partitions this instance owns, after a round of ownership when the loop is not started (driven by hand). */
    private List<ScoreWorker> ownedNow() {
        if (!started) {
            ownership.tick();
        }
        return workers.stream().filter(ScoreWorker::owned).toList();
    }

    /** Scores what every owned partition had pending for this consumer and what others left idle; returns how many. */
    public int recover() {
        return ownedNow().stream().mapToInt(ScoreWorker::recover).sum();
    }

    /** Reads and scores one batch of new guesses of every owned partition, waiting up to {@code block} in all; returns how many. */
    public int pollOnce(Duration block) {
        List<ScoreWorker> owned = ownedNow();
        if (owned.isEmpty()) {
            return 0;
        }
        Duration each = block.dividedBy(owned.size());
        return owned.stream().mapToInt(w -> w.pollOnce(each)).sum();
    }

    /** Scores what other consumers left idle in every owned partition (one batch each); returns how many. */
    public int sweep() {
        return ownedNow().stream().mapToInt(ScoreWorker::sweep).sum();
    }

    /** Starts every partition's worker thread (each idle until its lease is gained), then the ownership's rounds. */
    public synchronized void start() {
        workers.forEach(ScoreWorker::start);
        ownership.start();
        started = true;
    }

    /** Releases every lease (the workers stop scoring; the other instances take the partitions at once), then stops the workers. */
    public synchronized void stop() {
        started = false;
        ownership.stop();
        workers.forEach(ScoreWorker::stop);
    }

    /** Whether every partition's worker runs. */
    public boolean isRunning() {
        return workers.stream().allMatch(ScoreWorker::isRunning);
    }

    /** Commits refused as fenced (a lease lost to another instance), over every partition. */
    public long fenced() {
        return fenced.get();
    }

    /** Guesses scored, over every partition. */
    public long scored() {
        return sum(ScoreWorker::scored);
    }

    /** Guesses rejected, over every partition. */
    public long rejected() {
        return sum(ScoreWorker::rejected);
    }

    /** Guesses taken over from other consumers, over every partition. */
    public long claimed() {
        return sum(ScoreWorker::claimed);
    }

    /** Guesses delivered and not acknowledged, over every partition's group. */
    public long pending() {
        return sum(ScoreWorker::pending);
    }

    private long sum(ToLongFunction<ScoreWorker> f) {
        return workers.stream().mapToLong(f).sum();
    }

    /** Releases the leases, stops every worker and ends their committing threads. */
    @Override
    public void close() {
        stop();
        workers.forEach(ScoreWorker::close);
    }
}
