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
     * @param rank   1 for the best
     * @param player the player
     * @param best   the player's best total, 0..600
     */
    record Ranked(int rank, String player, int best) {
    }

    /** The web model of {@code board}, in its order. */
    static List<Ranked> of(List<Board.Ranked> board) {
        return board.stream().map(r -> new Ranked(r.rank(), r.player(), r.best())).toList();
    }
}
