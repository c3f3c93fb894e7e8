package codemojex.app.core;

import codemojex.projections.GuessOutcome;

import java.util.Objects;

/**
 * A delivered guess and what {@code Referee.decide} made of it, ready to be committed: the commit
 * applies the decision, checking inside the store only what must be (not applied yet, its game still open).
 *
 * @param guess   the delivered guess
 * @param outcome the decision on it, for its game as read
 */
public record DecidedGuess(GuessToScore guess, GuessOutcome outcome) {
    public DecidedGuess {
        Objects.requireNonNull(guess, "guess");
        Objects.requireNonNull(outcome, "outcome");
    }
}
