package codemojex.app.worker;

import codemojex.app.core.GuessToScore;
import codemojex.app.core.LogSafe;
import codemojex.app.core.ScoreResult;
import codemojex.projections.GuessOutcome;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What a score worker did, counted: guesses scored, rejected (unknown or settled games, another
 * partition's) and taken over from other consumers. Counted from the polling thread and the
 * committing one alike, hence atomic.
 */
final class ScoreCounts {

    /** The worker's own logger name: these lines were always the worker's, and log settings name it. */
    static final String LOGGER = "codemojex.app.worker.ScoreWorker";

    private static final Logger log = LoggerFactory.getLogger(LOGGER);

    private final AtomicLong claimed = new AtomicLong();
    private final AtomicLong scored = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();

    /** {@code n} guesses taken over from other consumers. */
    void noteClaimed(int n) {
        claimed.addAndGet(n);
    }

    /** One guess rejected before its commit (unknown game, another partition). */
    void noteRejected() {
        rejected.incrementAndGet();
    }

    /** Counts what the commit of {@code c} did: scored, rejected (a game settled since), or nothing (committed before). */
    void count(GuessToScore c, ScoreResult result) {
        if (!(result instanceof ScoreResult.Applied applied)) {
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

    /** Guesses taken over from other consumers so far. */
    long claimed() {
        return claimed.get();
    }

    /** Guesses scored so far. */
    long scored() {
        return scored.get();
    }

    /** Guesses rejected so far, before or by their commit. */
    long rejected() {
        return rejected.get();
    }
}
