package codemojex.app.http;

import codemojex.projections.Board;

import java.util.List;

/**
 * A game's leaderboard, as {@code GET /games/{game}/board} answers it.
 *
 * @param game  the game
 * @param board its top players, best first
 */
record BoardWeb(String game, List<Ranked> board) {

    /**
     * A place on a board.
     *
     * @param rank     1 for the best
     * @param playerId the player: a place per player id, so two players who had one name are two places
     * @param player   the player's name, as shown
     * @param best     the player's best total, 0..600
     */
    record Ranked(int rank, String playerId, String player, int best) {
    }

    /** The web model of {@code board}, in its order. */
    static List<Ranked> of(List<Board.Ranked> board) {
        return board.stream().map(r -> new Ranked(r.rank(), r.playerId(), r.player(), r.best())).toList();
    }
}
