package codemojex.app.worker;

import codemojex.app.core.GuessToScore;
import codemojex.app.core.ScoreResult;
import codemojex.app.core.port.in.ScoreGuessesUseCase;
import echomq.domain.stream.StreamEntry;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * How a score worker's commits are sent: up to {@code commitBatch} guesses per {@link ScoreGuessesUseCase}
 * call, in order, and while one call is on its way the next batch is prepared (decided, its ids
 * minted, its arguments built) on the polling thread, then sent after it from a thread of the
 * worker's own ({@code score-commit}, started at first use, ended by {@link #close}). A poll waits
 * for all it sent, so nothing of it is still being sent when it returns or throws, and a recovery
 * after it never races its commits.
 */
final class CommitPipeline implements AutoCloseable {

    private final ScoreGuessesUseCase scoring;
    private final int commitBatch;
    private final Function<List<StreamEntry>, List<GuessToScore>> ready;
    private final ScoreFaults faults;
    private final ScoreCounts counts;
    /** The thread that sends prepared batches, one after the other (started at first use, ended by {@link #close}). */
    private ExecutorService committer;

    /**
     * Commits through {@code scoring}, {@code commitBatch} guesses a call, what {@code ready} makes of
     * delivered entries (acknowledging what is not to be committed), telling {@code faults} before
     * and after each call and {@code counts} what each commit did.
     */
    CommitPipeline(ScoreGuessesUseCase scoring, int commitBatch, Function<List<StreamEntry>, List<GuessToScore>> ready,
                   ScoreFaults faults, ScoreCounts counts) {
        if (commitBatch < 1) {
            throw new IllegalArgumentException("commit batch must be >= 1, got " + commitBatch);
        }
        this.commitBatch = commitBatch;
        this.scoring = Objects.requireNonNull(scoring, "scoring");
        this.ready = Objects.requireNonNull(ready, "ready");
        this.faults = Objects.requireNonNull(faults, "faults");
        this.counts = Objects.requireNonNull(counts, "counts");
    }

    /**
     * Runs {@code work} with a fresh set of commits in flight and waits for them, also when the work
     * fails (a read or an acknowledgement to a Redis gone): nothing of this poll is still being sent
     * when it returns or throws, so a recovery after it never races its commits.
     */
    int inFlight(ToIntFunction<InFlight> work) {
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
     * prepared on the polling thread and sent after it from the committing thread. A batch whose
     * predecessor failed is not sent: its guesses would be committed before the ones ahead of them.
     */
    final class InFlight {
        private CompletableFuture<Void> behind = CompletableFuture.completedFuture(null);
        private RuntimeException unprepared;

        private InFlight() {
        }

        /** Whether a batch failed to be prepared or committed: nothing more is sent. */
        boolean failed() {
            return unprepared != null || behind.isCompletedExceptionally();
        }

        /** Decodes {@code entries} and sends their commit batches behind the ones in flight. */
        void add(List<StreamEntry> entries) {
            List<GuessToScore> toCommit = ready.apply(entries);
            if (toCommit.isEmpty() || failed()) {
                return;
            }
            if (toCommit.size() <= commitBatch && behind.isDone()) {
                send(toCommit, scoring.prepare(toCommit)); // one call with nothing ahead of it: no hand-off
                return;
            }
            for (int from = 0; from < toCommit.size() && !failed(); from += commitBatch) {
                List<GuessToScore> chunk = toCommit.subList(from, Math.min(toCommit.size(), from + commitBatch));
                try {
                    ScoreGuessesUseCase.Prepared prepared = scoring.prepare(chunk);
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
            } catch (CompletionException e) {
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

    /** Commits one prepared batch and counts its results. */
    private void send(List<GuessToScore> chunk, ScoreGuessesUseCase.Prepared prepared) {
        chunk.forEach(c -> faults.at(ScoreFaults.Step.BEFORE_COMMIT, c.delivery()));
        List<ScoreResult> results = prepared.send();
        chunk.forEach(c -> faults.at(ScoreFaults.Step.AFTER_COMMIT, c.delivery()));
        for (int i = 0; i < chunk.size(); i++) {
            counts.count(chunk.get(i), results.get(i));
        }
    }

    private synchronized Executor committer() {
        if (committer == null) {
            committer = Executors.newSingleThreadExecutor(task -> {
                Thread t = new Thread(task, "score-commit");
                t.setDaemon(true);
                return t;
            });
        }
        return committer;
    }

    /** Ends the committing thread, if it was started (after the loop has stopped: nothing is in flight then). */
    @Override
    public synchronized void close() {
        if (committer != null) {
            committer.shutdown();
            committer = null;
        }
    }
}
