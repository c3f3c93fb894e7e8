package codemojex.app.worker;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * The score workers of one app instance: one {@link ScoreWorker} per partition, each a consumer of
 * its partition's group on a thread of its own, so a busy partition never waits behind an idle
 * one's blocking read. Started, stopped and counted together.
 */
public final class ScoreWorkers implements AutoCloseable {

    private final List<ScoreWorker> workers;

    /** Over one worker per partition, in partition order. */
    public ScoreWorkers(List<ScoreWorker> workers) {
        this.workers = List.copyOf(Objects.requireNonNull(workers, "workers"));
        if (this.workers.isEmpty()) {
            throw new IllegalArgumentException("at least one score worker is needed");
        }
    }

    /** The worker of partition {@code p}. */
    public ScoreWorker partition(int p) {
        return workers.get(p);
    }

    /** How many partitions, one worker each. */
    public int partitions() {
        return workers.size();
    }

    /** Creates every partition's consumer group if needed. */
    public void ensureGroup() {
        workers.forEach(ScoreWorker::ensureGroup);
    }

    /** Scores what every partition had pending for this consumer and what others left idle; returns how many. */
    public int recover() {
        return workers.stream().mapToInt(ScoreWorker::recover).sum();
    }

    /** Reads and scores one batch of new guesses of every partition, waiting up to {@code block} in all; returns how many. */
    public int pollOnce(Duration block) {
        Duration each = block.dividedBy(workers.size());
        return workers.stream().mapToInt(w -> w.pollOnce(each)).sum();
    }

    /** Scores what other consumers left idle in every partition (one batch each); returns how many. */
    public int sweep() {
        return workers.stream().mapToInt(ScoreWorker::sweep).sum();
    }

    /** Starts every partition's worker thread. */
    public void start() {
        workers.forEach(ScoreWorker::start);
    }

    /** Stops every partition's worker and waits for the batches in hand. */
    public void stop() {
        workers.forEach(ScoreWorker::stop);
    }

    /** Whether every partition's worker runs. */
    public boolean isRunning() {
        return workers.stream().allMatch(ScoreWorker::isRunning);
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

    /** Stops every worker and ends their committing threads. */
    @Override
    public void close() {
        workers.forEach(ScoreWorker::close);
    }
}
