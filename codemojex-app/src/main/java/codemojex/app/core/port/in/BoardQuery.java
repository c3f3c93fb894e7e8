package codemojex.app.core.port.in;

import codemojex.projections.Board;

import java.util.List;

/** A game's live leaderboard. */
public interface BoardQuery {

    /** The most players a board answer lists. */
    int MAX_TOP = 1000;

    /**
     * The top {@code top} (1..{@value #MAX_TOP}) of game {@code game}'s live board.
     *
     * @throws codemojex.app.core.BadInputException naming {@code top} or {@code game}
     * @throws codemojex.app.core.NotFoundException when there is no such game
     */
    List<Board.Ranked> board(String game, int top);
}
