package codemojex.app.core;

import codemojex.projections.Names;

import java.time.Instant;
import java.util.Objects;

/**
 * A player who joined a game, until {@code expiresAt}.
 *
 * @param game      the game
 * @param player    the name the player joined with, unique in the game
 * @param expiresAt when the session ends
 */
public record Session(String game, String player, Instant expiresAt) {

    public Session {
        Names.requireId("game", game);
        Names.requirePlayer(player);
        Objects.requireNonNull(expiresAt, "expiresAt");
    }

    /** Whether the session still holds at {@code now}. */
    public boolean liveAt(Instant now) {
        return now.isBefore(expiresAt);
    }
}
