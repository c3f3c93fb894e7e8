package codemojex.app.worker;

import codemojex.app.core.GuessToScore;
import codemojex.app.core.LogSafe;
import codemojex.app.core.port.in.ScoreGuessesUseCase;
import codemojex.app.core.port.out.GuessInbox;
import echomq.domain.id.StreamId;
import echomq.domain.lease.LeaseFencedException;
import echomq.domain.stream.StreamEntry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The score worker, an adapter that drives the {@link ScoreGuessesUseCase}: its loop takes delivered
 * guesses from its input, the {@link GuessInbox} (a consumer group), has the use case decide and
 * commit them, up to {@code commitBatch} guesses per call, and backs off while Redis is down. While one
 * call is on its way, the next batch is prepared; a thread of the worker's own ({@code score-commit},
 * ended by {@link #close}) sends them, in order ({@link CommitPipeline}). What it did is counted ({@link ScoreCounts}). A crash before a
 * commit leaves the guess pending, to be picked up by {@link #recover()}; after it, nothing is left
 * to do. The loop scores only while the instance holds the partition's lease ({@link #own}); it
 * then takes over every guess of the group at once, and also sweeps, every half {@code claimIdle},
 * for guesses left idle that long. A commit fenced (another instance took the partition) gives it up.
 */
public final class ScoreWorker implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ScoreCounts.LOGGER);
    private static final int BATCH = 100;
    /** Most guesses one read takes, whatever the commit batch. */
    private static final int MAX_READ = 1000;
    /** Commit batches one read takes when it can, so each batch but the first is prepared while the one before is committed. */
    private static final int BATCHES_PER_READ = 8;
    /** Reads one poll takes at most, while they come back full. */
    private static final int READS_PER_POLL = 4;


    private final GuessInbox inbox;
    private final Duration claimIdle;
    private final Clock clock;
    private final int commitBatch;
    private volatile Instant lastSweep;
    private final ScoreCounts counts = new ScoreCounts();
    private final CommitPipeline commits;
    private final BackoffLoop loop;
    /** Whether this instance holds the partition's lease: the loop scores only then (one owner per partition). */
    private volatile boolean owned = true;
    /** Set when the lease is gained: the next round takes over every guess the group holds, the old owner being fenced. */
    private volatile boolean takeOver;
    private volatile Consumer<LeaseFencedException> onFenced = e -> { };

    /**
     * Reads {@code inbox} (the guesses of {@code partition}) and has {@code scoring} score them, up to
     * {@code commitBatch} guesses per prepared batch, and every half {@code claimIdle} (by {@code clock})
     * claims guesses left idle that long. What the use case refuses (a malformed entry, a guess of an
     * unknown game or of another partition) is acknowledged and reported.
     */
    public ScoreWorker(GuessInbox inbox, ScoreGuessesUseCase scoring, int partition, ScoreFaults faults, Duration claimIdle, Clock clock,
                       int commitBatch) {
        this.commitBatch = commitBatch;
        this.inbox = Objects.requireNonNull(inbox, "inbox");
        Objects.requireNonNull(scoring, "scoring");
        this.commits = new CommitPipeline(scoring, commitBatch, delivered -> triage(scoring, partition, delivered), faults, counts);
        this.claimIdle = Objects.requireNonNull(claimIdle, "claimIdle");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.lastSweep = clock.instant();
        this.loop = new BackoffLoop("score-worker", this::tick);
    }

    /**
     * One turn of the loop: idle unless the partition is owned; on a gained lease, take over every
     * guess of the group; after a failure, recover first; then poll, and sweep when a sweep is due.
     * A commit refused as fenced gives the partition up (another instance owns it now).
     */
    private void tick(boolean recovering) {
        if (!owned) {
            if (recovering) {
                ensureGroup(); // the group exists from the start, owned or not: the pending count and the lag read it
            }
            BackoffLoop.pause(Duration.ofMillis(50));
            return;
        }
        try {
            turn(recovering || takeOver);
        } catch (LeaseFencedException e) {
            owned = false;
            log.warn("{}: giving the partition up", LogSafe.escape(e.getMessage()));
            onFenced.accept(e);
        }
    }

    private void turn(boolean recovering) {
        if (takeOver) {
            ensureGroup();
            List<StreamEntry> taken = takeOver(Duration.ZERO);
            takeOver = false; // only once taken: a failure here leaves it for the next round
            counts.noteClaimed(taken.size());
            log.info("took over {} pending guess(es) with the partition's lease", taken.size());
        }
        if (recovering) {
            recover(); // after a failure, pick up what may have been delivered and not committed
        }
        pollOnce(Duration.ofMillis(500));
        Instant now = clock.instant();
        if (sweepDue(lastSweep, now, claimIdle)) {
            lastSweep = now;
            sweep();
        }
    }

    /**
     * How long a delivered guess may stay idle under another consumer before the partition's owner
     * claims it: {@code claimIdle}, but never more than two lease periods. Only the lease holder reads
     * a partition, so a delivery that old is a fenced or dead owner's (one that read a batch as its
     * lease was taken over, after the new owner claimed the group's pending ones): it waits two
     * leases, not {@code claimIdle}. Two, not one: the owner's own batch in hand is never that old.
     */
    public static Duration idleBeforeClaim(Duration claimIdle, Duration lease) {
        Duration twoLeases = lease.multipliedBy(2);
        return claimIdle.compareTo(twoLeases) < 0 ? claimIdle : twoLeases;
    }

    /**
     * Whether a sweep for guesses left idle by other consumers is due: every half {@code claimIdle}
     * (at least 100 ms apart), so a dead instance's guesses wait at most 1.5 × {@code claimIdle}.
     */
    static boolean sweepDue(Instant last, Instant now, Duration claimIdle) {
        Duration every = claimIdle.dividedBy(2);
        if (every.compareTo(Duration.ofMillis(100)) < 0) {
            every = Duration.ofMillis(100);
        }
        return !now.isBefore(last.plus(every));
    }

    /** Scores what other consumers left idle past {@code claimIdle} (one batch); returns how many. */
    public int sweep() {
        List<StreamEntry> taken = takeOver(claimIdle);
        if (!taken.isEmpty()) {
            counts.noteClaimed(taken.size());
            log.info("took over {} guess(es) left idle for {} by another worker", taken.size(), claimIdle);
        }
        return taken.size();
    }

    /** Claims what consumers of the group left idle past {@code idle} and scores it. */
    private List<StreamEntry> takeOver(Duration idle) {
        List<StreamEntry> taken = inbox.claimIdle(idle, BATCH);
        processAll(taken);
        return taken;
    }

    /** The partition's lease is this instance's now: the loop scores, starting with every guess the group holds. */
    public void own() {
        takeOver = true;
        owned = true;
    }

    /** The partition's lease is no longer this instance's: the loop stops scoring after the batch in hand. */
    public void disown() {
        owned = false;
    }

    /** Whether the loop scores (the partition's lease is this instance's). */
    public boolean owned() {
        return owned;
    }

    /** Tells {@code listener} when a commit was fenced (the loop has given the partition up). */
    public void onFenced(Consumer<LeaseFencedException> listener) {
        this.onFenced = Objects.requireNonNull(listener, "listener");
    }

    /** Guesses this worker took over from other consumers in its sweeps. */
    public long claimed() {
        return counts.claimed();
    }

    /** The guesses of a delivery to score; what the use case refuses is acknowledged here, on the worker's own input, and counted. */
    private List<GuessToScore> triage(ScoreGuessesUseCase scoring, int partition, List<StreamEntry> delivered) {
        ScoreGuessesUseCase.Triaged triaged = scoring.triage(partition, delivered);
        triaged.refused().forEach(r -> inbox.ack(r.delivery().id()));
        triaged.refused().stream().filter(ScoreGuessesUseCase.Refused::rejected).forEach(r -> counts.noteRejected());
        return triaged.toScore();
    }

    /** Creates the consumer group if needed. */
    public void ensureGroup() {
        inbox.ensure();
    }

    /** Scores all this consumer had pending, then what dead consumers left idle past {@code claimIdle}; returns how many. */
    public int recover() {
        ensureGroup();
        int n = 0;
        StreamId after = StreamId.MIN;
        for (List<StreamEntry> page; !(page = inbox.pending(after, 1000)).isEmpty(); after = page.get(page.size() - 1).id()) {
            processAll(page);
            n += page.size();
        }
        n += takeOver(claimIdle).size();
        if (n > 0) {
            log.info("recovered {} pending guess(es)", n);
        }
        return n;
    }

    /**
     * Reads and scores new guesses, waiting up to {@code block} for the first; returns how many.
     * While reads come back full, the next is read (without waiting) as the batches before it are
     * committed, up to {@value #READS_PER_POLL} reads; returns when all it read is committed.
     */
    public int pollOnce(Duration block) {
        int count = readCount(commitBatch);
        return commits.inFlight(poll -> {
            List<StreamEntry> batch = inbox.next(count, block);
            int n = batch.size();
            poll.add(batch);
            for (int reads = 1; batch.size() == count && reads < READS_PER_POLL && !poll.failed() && owned; reads++) {
                batch = inbox.next(count, Duration.ZERO);
                n += batch.size();
                poll.add(batch);
            }
            return n;
        });
    }

    /**
     * How many new guesses one read takes: {@value #BATCHES_PER_READ} commit batches (so the commits
     * overlap the preparing of the next), at least {@value #BATCH} and at most {@value #MAX_READ}.
     */
    static int readCount(int commitBatch) {
        return Math.max(BATCH, Math.min(MAX_READ, commitBatch * BATCHES_PER_READ));
    }

    /**
     * Scores delivered guesses: malformed ones and those of unknown games are acknowledged and
     * reported; the rest are committed in order, up to {@code commitBatch} per call. Returns when
     * every batch is committed, or throws the first failure once the calls in flight have ended.
     */
    void processAll(List<StreamEntry> entries) {
        commits.inFlight(poll -> {
            poll.add(entries);
            return entries.size();
        });
    }

    /** Runs the worker on a thread of its own until {@link #stop()}: recovers, then polls; backs off while Redis is down. */
    public void start() {
        loop.start();
    }

    /** Stops the loop and waits for the batch in hand to finish. */
    public void stop() {
        loop.stop();
    }

    /** Whether the loop runs. */
    public boolean isRunning() {
        return loop.isRunning();
    }

    /** Guesses scored by this worker. */
    public long scored() {
        return counts.scored();
    }

    /** Guesses rejected by this worker (unknown or settled games). */
    public long rejected() {
        return counts.rejected();
    }

    /** Guesses delivered and not acknowledged, across the group. */
    public long pending() {
        return inbox.pendingCount();
    }

    /** Stops the loop, then ends the committing thread. */
    @Override
    public void close() {
        stop();
        commits.close();
    }
}
