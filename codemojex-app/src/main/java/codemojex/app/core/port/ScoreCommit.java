package codemojex.app.core.port;

import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.GameRecord;
import codemojex.projections.GuessOutcome;
import echomq.domain.stream.StreamEntry;

/**
 * Commits the outcome of one delivered guess at once: appends its events, records the best on the
 * board, keeps the result, settles the game on a 600 and acknowledges the delivery, or does none
 * of it. The player's previous best and whether the game is still open are read inside the commit,
 * so two scorers never race and nothing is read twice.
 */
public interface ScoreCommit {

    /** What the commit did. */
    sealed interface Result permits Applied, AlreadyScored {
    }

    /**
     * The outcome was committed (or, for a game settled in the meantime, the rejection).
     *
     * @param outcome what {@code Referee.decide} gives for the state the commit saw
     */
    record Applied(GuessOutcome outcome) implements Result {
    }

    /**
     * The guess had been committed before (a redelivery after a crash): only acknowledged.
     *
     * @param guessId the guess
     */
    record AlreadyScored(String guessId) implements Result {
    }

    /**
     * One delivered guess to commit.
     *
     * @param delivery the delivered entry
     * @param guess    the guess it holds
     * @param guessId  its id
     * @param game     its game as it was read before the commit
     */
    record Commit(StreamEntry delivery, GuessSubmitted guess, String guessId, GameRecord game) {
    }

    /** Commits the decision on {@code guess} (delivered as {@code delivery}, id {@code guessId}) for {@code game}. */
    Result commit(StreamEntry delivery, GuessSubmitted guess, String guessId, GameRecord game);

    /**
     * Commits a batch in order, at once: each guess sees what the ones before it wrote (a best raised,
     * a game settled). By default one {@link #commit} after the other; an adapter may do it in one step.
     * One result per commit, in order.
     */
    default java.util.List<Result> commitAll(java.util.List<Commit> batch) {
        return batch.stream().map(c -> commit(c.delivery(), c.guess(), c.guessId(), c.game())).toList();
    }

    /**
     * A batch made ready to commit: what can be done before Redis is asked (decided, its entry ids
     * minted, its call built) is done; {@link #send} commits it, as {@link #commitAll} would.
     */
    @FunctionalInterface
    interface Prepared {
        /** Commits the batch; one result per commit, in order. */
        java.util.List<Result> send();
    }

    /**
     * Does the work of committing {@code batch} that needs no reply from Redis now, so a caller can
     * prepare the next batch while this one's call is on its way. Prepared batches must be sent in
     * the order they were prepared, and a batch whose predecessor failed must not be sent (its
     * guesses would be committed before the ones ahead of them). By default nothing is done before
     * {@link Prepared#send}.
     */
    default Prepared prepare(java.util.List<Commit> batch) {
        java.util.List<Commit> copy = java.util.List.copyOf(batch);
        return () -> commitAll(copy);
    }
}
