package codemojex.app.worker;

import codemojex.app.core.LogSafe;
import codemojex.app.core.port.Games;
import codemojex.app.core.port.GuessInbox;
import codemojex.app.core.port.ScoreCommit;
import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.GameRecord;
import codemojex.projections.GuessOutcome;
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
import java.util.concurrent.atomic.AtomicLong;

/**
 * The score worker's loop: takes delivered guesses from the {@link GuessInbox}, commits their
 * outcomes through {@link ScoreCommit} (which decides with {@code Referee} and writes it all at
 * once), up to {@code commitBatch} guesses per call, and backs off while Redis is down. While one
 * call is on its way, the next batch is prepared; a thread of the worker's own ({@code score-commit},
 * ended by {@link #close}) sends them, in order. A crash before a commit leaves the guess pending, to be
 * picked up by {@link #recover()}; after it, nothing is left to do. Several instances share the
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
    private final Games games;
    private final ScoreCommit commit;
    private final Faults faults;
    private final Duration claimIdle;
    private final java.time.Clock clock;
    private final int commitBatch;
    private final java.util.function.Predicate<String> inPartition;
    private volatile java.time.Instant lastSweep;
    private final AtomicLong claimed = new AtomicLong();
    private final AtomicLong scored = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();
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
        if (commitBatch < 1) {
            throw new IllegalArgumentException("commit batch must be >= 1, got " + commitBatch);
        }
        this.commitBatch = commitBatch;
        this.inbox = Objects.requireNonNull(inbox, "inbox");
        this.games = Objects.requireNonNull(games, "games");
        this.commit = Objects.requireNonNull(commit, "commit");
        this.faults = Objects.requireNonNull(faults, "faults");
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
            claimed.addAndGet(taken.size());
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
        return claimed.get();
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
        return inFlight(commits -> {
            List<StreamEntry> batch = inbox.next(count, block);
            int n = batch.size();
            commits.add(batch);
            for (int reads = 1; batch.size() == count && reads < READS_PER_POLL && !commits.failed(); reads++) {
                batch = inbox.next(count, Duration.ZERO);
                n += batch.size();
                commits.add(batch);
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
        inFlight(commits -> {
            commits.add(entries);
            return entries.size();
        });
    }

    /**
     * Runs {@code work} with a fresh set of commits in flight and waits for them, also when the work
     * fails (a read or an acknowledgement to a Redis gone): nothing of this poll is still being sent
     * when it returns or throws, so a recovery after it never races its commits.
     */
    private int inFlight(java.util.function.ToIntFunction<InFlight> work) {
        InFlight commits = new InFlight();
        int n;
        try {
            n = work.applyAsInt(commits);
        } catch (RuntimeException | Error e) {
            try {
                commits.await();
            } catch (RuntimeException | Error also) {
                if (also != e) {
                    e.addSuppressed(also);
                }
            }
            throw e;
        }
        commits.await();
        return n;
    }

    /**
     * The commit batches of one poll, in order. While one batch's call is on its way, the next is
     * prepared (decided, its ids minted, its arguments built) on the polling thread and sent after
     * it from the committing thread. A batch whose predecessor failed is not sent: its guesses would
     * be committed before the ones ahead of them.
     */
    private final class InFlight {
        private java.util.concurrent.CompletableFuture<Void> behind = java.util.concurrent.CompletableFuture.completedFuture(null);
        private RuntimeException unprepared;

        /** Whether a batch failed to be prepared or committed: nothing more is sent. */
        boolean failed() {
            return unprepared != null || behind.isCompletedExceptionally();
        }

        /** Decodes {@code entries} and sends their commit batches behind the ones in flight. */
        void add(List<StreamEntry> entries) {
            List<ScoreCommit.Commit> ready = ready(entries);
            if (ready.isEmpty() || failed()) {
                return;
            }
            if (ready.size() <= commitBatch && behind.isDone()) {
                send(ready, commit.prepare(ready)); // one call with nothing ahead of it: no hand-off
                return;
            }
            for (int from = 0; from < ready.size() && !failed(); from += commitBatch) {
                List<ScoreCommit.Commit> chunk = ready.subList(from, Math.min(ready.size(), from + commitBatch));
                try {
                    ScoreCommit.Prepared prepared = commit.prepare(chunk);
                    behind = behind.thenRunAsync(() -> send(chunk, prepared), committer());
                } catch (RuntimeException e) {
                    unprepared = e; // thrown once the batches ahead of it have been committed
                }
            }
        }

        /** Waits for the batches in flight; throws the first failure, as it was thrown. */
        void await() {
            try {
                behind.join();
            } catch (java.util.concurrent.CompletionException e) {
                if (e.getCause() instanceof RuntimeException failure) {
                    throw failure;
                }
                if (e.getCause() instanceof Error error) {
                    throw error;
                }
                throw e;
            }
            if (unprepared != null) {
                throw unprepared;
            }
        }
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
                rejected.incrementAndGet();
                continue;
            }
            Option<GameRecord> game = game(guess.game());
            if (game.isEmpty()) {
                log.warn("guess {} is for unknown game {}: acknowledged, not scored", guessId, LogSafe.escape(guess.game()));
                inbox.ack(entry.id());
                rejected.incrementAndGet();
                continue;
            }
            ready.add(new ScoreCommit.Commit(entry, guess, guessId, game.get()));
        }
        return ready;
    }

    /** Commits one prepared batch and counts its results. */
    private void send(List<ScoreCommit.Commit> chunk, ScoreCommit.Prepared prepared) {
        chunk.forEach(c -> faults.at(Step.BEFORE_COMMIT, c.delivery()));
        List<ScoreCommit.Result> results = prepared.send();
        chunk.forEach(c -> faults.at(Step.AFTER_COMMIT, c.delivery()));
        for (int i = 0; i < chunk.size(); i++) {
            count(chunk.get(i), results.get(i));
        }
    }

    /** The thread that sends prepared batches, one after the other (started at first use, ended by {@link #close}). */
    private java.util.concurrent.ExecutorService committer;

    private synchronized java.util.concurrent.Executor committer() {
        if (committer == null) {
            committer = java.util.concurrent.Executors.newSingleThreadExecutor(task -> {
                Thread t = new Thread(task, "score-commit");
                t.setDaemon(true);
                return t;
            });
        }
        return committer;
    }

    /** Games this worker has read, at most {@value #KNOWN_GAMES}, the least recently used dropped first. */
    private static final int KNOWN_GAMES = 10_000;

    private final java.util.Map<String, GameRecord> known = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(256, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<String, GameRecord> eldest) {
                    return size() > KNOWN_GAMES;
                }
            });

    /**
     * The game, from what this worker read before when it can: a game's keyboard and secret never
     * change, and whether it is still open is decided inside the commit, which rejects a guess for a
     * game settled since (a record read here may say "open" for a game that is not any more).
     */
    private Option<GameRecord> game(String game) {
        GameRecord seen = known.get(game);
        if (seen != null) {
            return Option.some(seen);
        }
        Option<GameRecord> found = games.find(game);
        found.forEach(g -> known.put(game, g));
        return found;
    }

    private void count(ScoreCommit.Commit c, ScoreCommit.Result result) {
        if (!(result instanceof ScoreCommit.Applied applied)) {
            return; // committed before: the script only acknowledged it
        }
        if (applied.outcome() instanceof GuessOutcome.Rejected) {
            rejected.incrementAndGet();
            log.info("guess {} for settled game {} acknowledged, not scored", c.guessId(), LogSafe.escape(c.guess().game()));
            return;
        }
        scored.incrementAndGet();
        if (applied.outcome() instanceof GuessOutcome.ScoredAndSettled) {
            log.info("game {} settled: {} cracked it with guess {}", LogSafe.escape(c.guess().game()), LogSafe.escape(c.guess().player()), c.guessId());
        }
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
        return scored.get();
    }

    /** Guesses rejected by this worker (unknown or settled games). */
    public long rejected() {
        return rejected.get();
    }

    /** Guesses delivered and not acknowledged, across the group. */
    public long pending() {
        return inbox.pendingCount();
    }

    /** Stops the loop, then ends the committing thread. */
    @Override
    public void close() {
        stop();
        synchronized (this) {
            if (committer != null) {
                committer.shutdown();
                committer = null;
            }
        }
    }
}
