package codemojex.app.core.port.out;

import codemojex.app.core.GuessResult;
import io.vavr.control.Option;

import java.util.List;

/** The results the score worker recorded: scored or rejected guesses, by game and guess id. */
public interface GuessResults {

    /** The recorded result of {@code guessId} in {@code game}; none while it is pending or unknown. */
    Option<GuessResult> find(String game, String guessId);

    /**
     * The recorded results of the guesses of the player {@code playerId} in {@code game}, oldest
     * first (by guess id); none pending. Only that player's: not of others who had its name.
     */
    List<GuessResult> of(String game, String playerId);
}
