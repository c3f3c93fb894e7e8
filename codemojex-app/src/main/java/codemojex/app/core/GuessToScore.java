package codemojex.app.core;

import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.GameRecord;
import echomq.domain.stream.StreamEntry;

import java.util.Objects;

/**
 * One delivered guess to score.
 *
 * @param delivery the delivered entry
 * @param guess    the guess it holds
 * @param guessId  its id
 * @param game     its game as it was read before the commit
 */
public record GuessToScore(StreamEntry delivery, GuessSubmitted guess, String guessId, GameRecord game) {
    public GuessToScore {
        Objects.requireNonNull(delivery, "delivery");
        Objects.requireNonNull(guess, "guess");
        Objects.requireNonNull(guessId, "guessId");
        Objects.requireNonNull(game, "game");
    }
}
