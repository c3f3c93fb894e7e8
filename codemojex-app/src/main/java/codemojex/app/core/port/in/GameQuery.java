package codemojex.app.core.port.in;

import codemojex.app.core.EndedGame;
import codemojex.app.core.GuessResult;
import codemojex.projections.GameRecord;
import io.vavr.control.Option;

import java.util.List;

/** A game and its guesses as they stand: {@code games.guess(game, guessId)} is scored, rejected or pending. */
public interface GameQuery {

    /**
     * The game, as the store has it now.
     *
     * @throws codemojex.app.core.BadInputException naming {@code game}
     * @throws codemojex.app.core.NotFoundException when there is none ({@code GoneException} when it ended and its state was removed)
     */
    GameRecord game(String game);

    /** The record kept of {@code game} once its state was removed ({@code serve --keep}), if it ended so. */
    Option<EndedGame> ended(String game);

    /**
     * What became of the guesses of the player {@code playerId} in {@code game}, oldest first: that
     * player's only. @throws codemojex.app.core.NotFoundException when there is no such game
     */
    List<GuessResult> guessesOf(String game, String playerId);

    /** What became of guess {@code guessId} of {@code game}. @throws codemojex.app.core.NotFoundException when no such guess was submitted */
    GuessResult guess(String game, String guessId);
}
