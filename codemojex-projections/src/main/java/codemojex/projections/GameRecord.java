package codemojex.projections;

import io.vavr.control.Option;

import java.time.Instant;
import java.util.Objects;

/**
 * A game as the app keeps it beside the log: the secret lives only here (never in a stream, a
 * response or a log line while the game is open).
 *
 * @param game     the game id
 * @param room     the room that opened it
 * @param keyboard the emojis offered
 * @param secret   six distinct emojis of the keyboard
 * @param openedAt when it opened
 * @param winner   the name of who cracked it, once settled
 * @param winnerId the player id of who cracked it, once settled ({@link PlayerIds})
 */
public record GameRecord(String game, String room, Keyboard keyboard, Code secret, Instant openedAt, Option<String> winner,
                         Option<String> winnerId) {

    public GameRecord {
        Names.requireId("game", game);
        Names.requireId("room", room);
        Objects.requireNonNull(keyboard, "keyboard");
        Objects.requireNonNull(secret, "secret").requireDistinct();
        Objects.requireNonNull(openedAt, "openedAt");
        Objects.requireNonNull(winner, "winner").forEach(Names::requirePlayer);
        Objects.requireNonNull(winnerId, "winnerId").forEach(PlayerIds::require);
        if (winner.isDefined() != winnerId.isDefined()) {
            throw new IllegalArgumentException("a settled game has a winner's name and id, an open one neither");
        }
        if (!keyboard.allows(secret)) {
            throw new IllegalArgumentException("the secret must be drawn from the keyboard");
        }
    }

    /**
     * A game with the winner's name only: the id is the one derived from the name, as for a game
     * settled before player ids ({@link PlayerIds#ofName}).
     */
    public GameRecord(String game, String room, Keyboard keyboard, Code secret, Instant openedAt, Option<String> winner) {
        this(game, room, keyboard, secret, openedAt, winner, winner.map(PlayerIds::ofName));
    }

    public boolean settled() {
        return winner.isDefined();
    }

    /** Never the secret: records end up in logs. */
    @Override
    public String toString() {
        return "GameRecord[" + game + " room " + room + (settled() ? " settled by " + winner.get() : " open") + "]";
    }
}
