package codemojex.app.core.service;

import codemojex.app.core.BadInputException;
import codemojex.app.core.NotFoundException;
import codemojex.app.core.port.in.BoardQuery;
import codemojex.app.core.port.out.Games;
import codemojex.projections.Board;
import codemojex.projections.Names;

import java.util.List;
import java.util.Objects;

/** A game's live leaderboard, as the score worker keeps it. */
public final class BoardService implements BoardQuery {

    private final Games games;
    private final Board board;

    /** Over the game store and the live board. */
    public BoardService(Games games, Board board) {
        this.games = Objects.requireNonNull(games, "games");
        this.board = Objects.requireNonNull(board, "board");
    }

    @Override
    public List<Board.Ranked> board(String game, int top) {
        if (top < 1 || top > MAX_TOP) {
            throw new BadInputException("top", "top must be 1.." + MAX_TOP + ", got " + top);
        }
        BadInputException.check("game", () -> Names.requireId("game", game));
        // the board first: a game with a place on it exists, so only an empty board asks the game store
        // whether the game does (1 command a read instead of 2)
        List<Board.Ranked> ranked = board.top(game, top);
        if (ranked.isEmpty() && games.find(game).isEmpty()) {
            // a game whose state was removed (serve --keep) answers its final board from its record
            return games.ended(game).map(e -> e.top().subList(0, Math.min(top, e.top().size())))
                    .getOrElseThrow(() -> new NotFoundException("no game " + game));
        }
        return ranked;
    }

    /** Refuses a malformed game id (400 naming {@code game}) or an unknown one (404). */
    static void requireGame(Games games, String game) {
        BadInputException.check("game", () -> Names.requireId("game", game));
        if (games.find(game).isEmpty()) {
            throw new NotFoundException("no game " + game);
        }
    }
}
