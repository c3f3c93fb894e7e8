package codemojex.app.core.port.in;

import codemojex.projections.Keyboard;

/** Opening a game in a room: {@code rooms.open("lobby")} draws a keyboard and a secret, and logs {@code room-opened}. */
public interface OpenGameUseCase {

    /**
     * A game as its players see it: never the secret.
     *
     * @param game     the game id
     * @param room     the room that opened it
     * @param keyboard the emojis to guess with
     */
    record OpenedGame(String game, String room, Keyboard keyboard) {
    }

    /**
     * Opens a game in {@code room}: a fresh keyboard and a secret drawn from it.
     *
     * @throws codemojex.app.core.BadInputException    naming {@code room}
     * @throws codemojex.app.core.UnconfirmedException when it opened and its replicas did not acknowledge it in time
     *                                                 (the opened game the result)
     */
    OpenedGame open(String room);
}
