package codemojex.app.http;

import codemojex.app.core.port.in.LobbyQuery;

import java.util.List;

/**
 * The lobby, as {@code /lobby/events} pushes it.
 *
 * @param games the open games people play first (players, then recent guesses), then the newest
 */
record LobbyWeb(List<Game> games) {

    /**
     * A game of the lobby.
     *
     * @param game    the game
     * @param room    its room
     * @param players players on its board
     * @param best    the best total so far, 0 with no player yet
     */
    record Game(String game, String room, long players, int best) {
    }

    /** The web model of {@code games}, in their order. */
    static LobbyWeb of(List<LobbyQuery.LobbyGame> games) {
        return new LobbyWeb(games.stream().map(g -> new Game(g.game(), g.room(), g.players(), g.best())).toList());
    }
}
