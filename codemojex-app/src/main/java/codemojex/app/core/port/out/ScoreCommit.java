package codemojex.app.core.port.out;

import codemojex.app.core.DecidedGuess;
import codemojex.app.core.ScoreResult;

import java.util.List;

/**
 * Commits the decided outcome of delivered guesses at once: for each, appends its events, records the
 * best on the board, keeps the result, settles the game on a 600 and acknowledges the delivery, or
 * does none of it. The player's previous best and whether the game is still open are read inside the
 * commit, so two scorers never race and nothing is read twice; the decision itself is the core's.
 */
public interface ScoreCommit {

    /**
     * A batch made ready to commit: what can be done before the store is asked (its entry ids minted,
     * its call built) is done; {@link #send} commits it.
     */
    @FunctionalInterface
    interface Prepared {
        /** Commits the batch; one result per guess, in order. */
        List<ScoreResult> send();
    }

    /**
     * Does the work of committing {@code batch} that needs no reply from the store now, so a caller can
     * prepare the next batch while this one's call is on its way. Prepared batches must be sent in the
     * order they were prepared, and a batch whose predecessor failed must not be sent (its guesses
     * would be committed before the ones ahead of them). Each guess sees what the ones before it wrote.
     */
    Prepared prepare(List<DecidedGuess> batch);

    /** Commits {@code batch} in order, at once: {@code prepare(batch).send()}. One result per guess, in order. */
    default List<ScoreResult> commitAll(List<DecidedGuess> batch) {
        return prepare(batch).send();
    }
}
