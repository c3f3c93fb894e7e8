package codemojex.app.core;

import codemojex.projections.Names;
import codemojex.projections.PlayerIds;

import java.time.Instant;
import java.util.Objects;

/**
 * A player who joined a game, until {@code expiresAt}. The session is the player's identity: its
 * player id is minted when it joins and dies with it; the name is what is shown.
 *
 * @param game      the game
 * @param playerId  the player id minted when the session joined ({@link PlayerIds})
 * @param player    the name the player joined with, unique in the game among live sessions
 * @param expiresAt when the session ends
 */
public record Login(String game, String playerId, String player, Instant expiresAt) {

    public Login {
        Names.requireId("game", game);
        PlayerIds.require(playerId);
        Names.requirePlayer(player);
        Objects.requireNonNull(expiresAt, "expiresAt");
    }

    /** Whether the session still holds at {@code now}. */
    public boolean liveAt(Instant now) {
        return now.isBefore(expiresAt);
    }
}
