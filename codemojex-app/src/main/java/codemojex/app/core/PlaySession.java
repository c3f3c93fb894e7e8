package codemojex.app.core;

import java.time.Instant;
import java.util.Objects;

/**
 * One player's burst of play in a game: scored guesses with less than the gap between any two, and
 * at least the gap of quiet before and after it (#49).
 *
 * @param playerId the player
 * @param player   the name the player's last guess of the session was shown with
 * @param from     the first guess's instant (its entry's millisecond)
 * @param to       the last guess's instant
 * @param guesses  how many scored guesses, at least 1
 * @param best     the best total of the session's guesses, 0..600
 * @param open     whether a guess may still join it: the clock has not yet passed {@code to} by the gap
 */
public record PlaySession(String playerId, String player, Instant from, Instant to, long guesses, int best, boolean open) {

    public PlaySession {
        Objects.requireNonNull(playerId, "playerId");
        Objects.requireNonNull(player, "player");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (to.isBefore(from)) {
            throw new IllegalArgumentException("a session ends at " + to + ", before it starts at " + from);
        }
        if (guesses < 1) {
            throw new IllegalArgumentException("a session holds at least one guess, got " + guesses);
        }
    }
}
