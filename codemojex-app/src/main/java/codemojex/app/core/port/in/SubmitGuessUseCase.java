package codemojex.app.core.port.in;

import echomq.domain.id.BrandedId;

/** Submitting a guess for the score worker: {@code guesses.submit(game, login.playerId(), login.player(), "🐶🐱🐭🐹🐰🦊")}. */
public interface SubmitGuessUseCase {

    /**
     * Submits a guess of the player {@code playerId}, shown as {@code player}; returns its guess id.
     * The guess is six distinct emojis of the game's keyboard, checked before anything is written.
     *
     * @throws codemojex.app.core.BadInputException    naming the field: the player, the guess or the game id
     * @throws codemojex.app.core.NotFoundException    when there is no such game ({@code GoneException} when it ended and its state was removed)
     * @throws codemojex.app.core.GameSettledException when the game is over
     * @throws codemojex.app.core.UnconfirmedException when the guess landed and its replicas did not acknowledge it in time
     */
    BrandedId submit(String game, String playerId, String player, String guess);
}
