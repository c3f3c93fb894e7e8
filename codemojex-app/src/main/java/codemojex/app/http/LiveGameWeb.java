package codemojex.app.http;

import codemojex.app.core.port.in.WatchGameUseCase;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.vavr.control.Option;

import java.util.List;

/**
 * A game as {@code /games/{game}/events} pushes it to its watchers.
 *
 * @param game    the game
 * @param room    its room
 * @param status  {@code open} or {@code settled}
 * @param winner  the name of who cracked it; left out while it is open
 * @param winnerId the player id of who cracked it; left out while it is open
 * @param secret  the cracked secret, once settled; left out while it is open
 * @param board   its top ten
 * @param guesses scored guesses in all
 * @param recent  its newest scored guesses, newest first
 */
record LiveGameWeb(String game, String room, String status, @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<String> winner,
                   @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<String> winnerId,
                   @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<List<String>> secret,
                   List<BoardWeb.Ranked> board, long guesses, List<FeedWeb.Item> recent) {

    /** The web model of {@code v}. */
    static LiveGameWeb of(WatchGameUseCase.GameView v) {
        return new LiveGameWeb(v.game(), v.room(), v.status(), v.winner(), v.winnerId(), v.secret().map(GameWeb::emojis),
                BoardWeb.of(v.board()), v.recent().guesses(), FeedWeb.items(v.recent()));
    }
}
