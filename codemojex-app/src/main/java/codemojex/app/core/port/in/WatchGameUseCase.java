package codemojex.app.core.port.in;

import codemojex.projections.Board;
import codemojex.projections.Code;
import codemojex.projections.Projections;
import echomq.engine.live.LiveValue;
import io.vavr.control.Option;

import java.util.List;

/**
 * Watching a game as it is played: {@code try (AutoCloseable w = watching.watchGame(game, update -> show(update.value()))) { … }}.
 * One live value per watched game serves every watcher of it.
 */
public interface WatchGameUseCase {

    /**
     * A game as its watchers see it.
     *
     * @param game     the game
     * @param room     its room
     * @param status   {@code open} or {@code settled}
     * @param winner   the name of who cracked it, once settled
     * @param winnerId the player id of who cracked it, once settled
     * @param secret   the cracked secret, once settled (never while the game is open)
     * @param board    the top ten
     * @param recent   its newest scored guesses, newest first, with how many it scored in all
     */
    record GameView(String game, String room, String status, Option<String> winner, Option<String> winnerId, Option<Code> secret,
                    List<Board.Ranked> board, Projections.Feed recent) {
    }

    /**
     * Watches game {@code game} until the returned handle is closed: {@code listener} gets its view
     * now and at every change.
     *
     * @throws codemojex.app.core.BadInputException naming {@code game}
     * @throws codemojex.app.core.NotFoundException when there is no such game
     */
    AutoCloseable watchGame(String game, LiveValue.Listener<GameView> listener);
}
