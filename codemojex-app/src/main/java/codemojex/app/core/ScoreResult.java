package codemojex.app.core;

import codemojex.projections.GuessOutcome;

/** What the commit of a scored guess did. */
public sealed interface ScoreResult {

    /**
     * The outcome was committed (or, for a game settled in the meantime, the rejection).
     *
     * @param outcome what {@code Referee.decide} gives for the state the commit saw
     */
    record Applied(GuessOutcome outcome) implements ScoreResult {
    }

    /**
     * The guess had been committed before (a redelivery after a crash): only acknowledged.
     *
     * @param guessId the guess
     */
    record AlreadyScored(String guessId) implements ScoreResult {
    }
}
