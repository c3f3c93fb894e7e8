package codemojex.app.core.port.in;

import java.util.List;

/** The lobby: the open games people play first, then the newest. */
public interface LobbyQuery {

    /** Games the lobby lists. */
    int SIZE = 20;

    /**
     * A game in the lobby.
     *
     * @param game    the game
     * @param room    its room
     * @param players players on its board
     * @param best    the best score so far, 0 with no player yet
     */
    record LobbyGame(String game, String room, long players, int best) {
    }

    /** The {@code size} open games the lobby lists, with their players and best. */
    List<LobbyGame> lobby(int size);
}
