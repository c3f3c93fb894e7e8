package codemojex.app.worker;

import codemojex.app.core.LogSafe;
import codemojex.app.core.port.Games;
import codemojex.app.core.port.GuessInbox;
import codemojex.app.core.port.ScoreCommit;
import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.GameRecord;
import codemojex.projections.MalformedEntryException;
import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import io.vavr.control.Option;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The score worker's loop: takes delivered guesses from the {@link GuessInbox}, commits their
 * outcomes through {@link ScoreCommit} (which decides with {@code Referee} and writes it all at
 * once), up to {@code commitBatch} guesses per call, and backs off while Redis is down. While one
 * call is on its way, the next batch is prepared; a thread of the worker's own ({@code score-commit},
 * ended by {@link #close}) sends them, in order ({@link CommitPipeline}). The games it reads are
 * kept ({@link KnownGames}), and what it did is counted ({@link ScoreCounts}). A crash before a
 * commit leaves the guess pending, to be picked up by {@link #recover()}; after it, nothing is left
 * to do. Several instances share the
 * work as consumers of one group; each also sweeps, every half {@code claimIdle}, for guesses left
 * idle that long by an instance that died, and scores them (the commit is exactly once whoever
 * makes it).
 */
public final class ScoreWorker implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ScoreWorker.class);
    private static final int BATCH = 100;
    /** Most guesses one read takes, whatever the commit batch. */
    private static final int MAX_READ = 1000;
    /** Commit batches one read takes when it can, so each batch but the first is prepared while the one before is committed. */
    private static final int BATCHES_PER_READ = 8;
    /** Reads one poll takes at most, while they come back full. */
    private static final int READS_PER_POLL = 4;

    /** Where a fault can be injected, for the crash tests. */
    public enum Step { BEFORE_COMMIT, AFTER_COMMIT }

    /** A hook called at each step; the default does nothing. */
    @FunctionalInterface
    public interface Faults {
        /** No faults. */
        Faults NONE = (step, guess) -> { };

        /** Called at {@code step} of committing {@code guess}; may throw to simulate a crash there. */
        void at(Step step, StreamEntry guess);
    }

    private final GuessInbox inbox;
    private final Duration claimIdle;
    private final java.time.Clock clock;
    private final int commitBatch;
    private final java.util.function.Predicate<String> inPartition;
    private volatile java.time.Instant lastSweep;
    private final ScoreCounts counts = new ScoreCounts();
    private final KnownGames games;
    private final CommitPipeline commits;
    private final BackoffLoop loop;

    /**
     * Reads {@code inbox} (one partition's guesses), finds games in {@code games}, commits through
     * {@code commit} up to {@code commitBatch} guesses per {@link ScoreCommit#commitAll} call, and
     * every half {@code claimIdle} (by {@code clock}) claims guesses left idle that long. A guess for a
     * game of another partition ({@code inPartition} false; only a hand-written entry can be one) is
     * acknowledged and rejected, as its game's keys are not in this partition's slot.
     */
    public ScoreWorker(GuessInbox inbox, Games games, ScoreCommit commit, Faults faults, Duration claimIdle, java.time.Clock clock,
                       int commitBatch, java.util.function.Predicate<String> inPartition) {
        this.inPartition = Objects.requireNonNull(inPartition, "inPartition");
        this.commits = new CommitPipeline(commit, commitBatch, this::ready, faults, counts);
        this.commitBatch = commitBatch;
        this.inbox = Objects.requireNonNull(inbox, "inbox");
        this.games = new KnownGames(games, KnownGames.MAX);
        this.claimIdle = Objects.requireNonNull(claimIdle, "claimIdle");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.lastSweep = clock.instant();
        this.loop = new BackoffLoop("score-worker", this::tick);
    }

    /** One turn of the loop: after a failure, recover first; then poll, and sweep when a sweep is due. */
    private void tick(boolean recovering) {
        if (recovering) {
            recover(); // after a failure, pick up what may have been delivered and not committed
        }
        pollOnce(Duration.ofMillis(500));
        java.time.Instant now = clock.instant();
        if (sweepDue(lastSweep, now, claimIdle)) {
            lastSweep = now;
            sweep();
        }
    }

    /**
     * Whether a sweep for guesses left idle by other consumers is due: every half {@code claimIdle}
     * (at least 100 ms apart), so a dead instance's guesses wait at most 1.5 × {@code claimIdle}.
     */
    static boolean sweepDue(java.time.Instant last, java.time.Instant now, Duration claimIdle) {
        Duration every = claimIdle.dividedBy(2);
        if (every.compareTo(Duration.ofMillis(100)) < 0) {
            every = Duration.ofMillis(100);
        }
        return !now.isBefore(last.plus(every));
    }

    /** Scores what other consumers left idle past {@code claimIdle} (one batch); returns how many. */
    public int sweep() {
        List<StreamEntry> taken = takeOverIdle();
        if (!taken.isEmpty()) {
            counts.noteClaimed(taken.size());
            log.info("took over {} guess(es) left idle for {} by another worker", taken.size(), claimIdle);
        }
        return taken.size();
    }

    /** Claims what other consumers left idle past {@code claimIdle} (one batch) and scores it. */
    private List<StreamEntry> takeOverIdle() {
        List<StreamEntry> taken = inbox.claimIdle(claimIdle, BATCH);
        processAll(taken);
        return taken;
    }

    /** Guesses this worker took over from other consumers in its sweeps. */
    public long claimed() {
        return counts.claimed();
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
        n += takeOverIdle().size();
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
            for (int reads = 1; batch.size() == count && reads < READS_PER_POLL && !poll.failed(); reads++) {
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

    /** The guesses of {@code entries} to commit; malformed ones and those of unknown games or another partition acknowledged and reported. */
    private List<ScoreCommit.Commit> ready(List<StreamEntry> entries) {
        List<ScoreCommit.Commit> ready = new java.util.ArrayList<>(entries.size());
        for (StreamEntry entry : entries) {
            GuessSubmitted guess;
            try {
                guess = GuessSubmitted.decode(entry);
            } catch (MalformedEntryException e) {
                log.warn("acknowledging a malformed guess: {}", LogSafe.escape(e.getMessage()));
                inbox.ack(entry.id());
                continue;
            }
            String guessId = entry.branded().map(BrandedId::toString).getOrElse(() -> "E" + entry.id().toString().replace('-', '_'));
            if (!inPartition.test(guess.game())) {
                log.warn("guess {} is for game {} of another partition: acknowledged, not scored", guessId, LogSafe.escape(guess.game()));
                inbox.ack(entry.id());
                counts.noteRejected();
                continue;
            }
            Option<GameRecord> game = games.find(guess.game());
            if (game.isEmpty()) {
                log.warn("guess {} is for unknown game {}: acknowledged, not scored", guessId, LogSafe.escape(guess.game()));
                inbox.ack(entry.id());
                counts.noteRejected();
                continue;
            }
            ready.add(new ScoreCommit.Commit(entry, guess, guessId, game.get()));
        }
        return ready;
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
