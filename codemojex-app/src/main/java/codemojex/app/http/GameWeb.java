package codemojex.app.http;

import codemojex.app.core.port.in.OpenGameUseCase;
import codemojex.projections.Code;
import codemojex.projections.GameRecord;
import codemojex.projections.Keyboard;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.vavr.control.Option;

import java.util.List;

/**
 * A game as {@code GET /games/{game}} answers it.
 *
 * @param game     the game
 * @param room     its room
 * @param keyboard the twelve emojis it is played with
 * @param status   {@code open} or {@code settled}
 * @param openedAt when it opened (ISO-8601)
 * @param winner   the name of who cracked it; left out while it is open
 * @param winnerId the player id of who cracked it; left out while it is open
 * @param secret   its code, revealed once the game is over; left out while it is open
 */
record GameWeb(String game, String room, List<String> keyboard, String status, String openedAt,
               @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<String> winner,
               @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<String> winnerId,
               @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<List<String>> secret) {

    /** The web model of {@code g}: the secret only once it is settled, never while players are guessing it. */
    static GameWeb of(GameRecord g) {
        return new GameWeb(g.game(), g.room(), keys(g.keyboard()), g.settled() ? "settled" : "open", IsoInstant.format(g.openedAt()),
                g.winner(), g.winnerId(), g.settled() ? Option.some(emojis(g.secret())) : Option.none());
    }

    /**
     * A game just opened, as {@code POST /rooms} answers it.
     *
     * @param game     the game
     * @param room     its room
     * @param keyboard the twelve emojis it is played with
     */
    record Opened(String game, String room, List<String> keyboard) {

        /** The web model of {@code g}. */
        static Opened of(OpenGameUseCase.OpenedGame g) {
            return new Opened(g.game(), g.room(), keys(g.keyboard()));
        }
    }

    /** The emojis of {@code keyboard}, in its order. */
    static List<String> keys(Keyboard keyboard) {
        return keyboard.keys().map(e -> e.text()).toJavaList();
    }

    /** The emojis of {@code code}, in its order. */
    static List<String> emojis(Code code) {
        return code.emojis().map(e -> e.text()).toJavaList();
    }
}
