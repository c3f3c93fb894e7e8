package codemojex.app.http;

import codemojex.app.core.Login;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.vavr.control.Option;

/**
 * A player's session in a game, as joining and {@code GET /games/{game}/players/me} answer it.
 *
 * @param game      the game
 * @param playerId  the session's player id, minted when it joined
 * @param player    the session's player's name
 * @param expiresAt when the session ends (ISO-8601)
 * @param token     the session's token, for an API client to send as {@code Authorization: Bearer <token>};
 *                  only in the answer to the join, and left out when the token went into the page's cookie
 */
record LoginWeb(String game, String playerId, String player, String expiresAt, @JsonInclude(JsonInclude.Include.NON_EMPTY) Option<String> token) {

    /** {@code s} without its token. */
    static LoginWeb of(Login s) {
        return new LoginWeb(s.game(), s.playerId(), s.player(), s.expiresAt().toString(), Option.none());
    }

    /** {@code s} with its {@code token}, which the client must keep. */
    static LoginWeb withToken(Login s, String token) {
        return new LoginWeb(s.game(), s.playerId(), s.player(), s.expiresAt().toString(), Option.some(token));
    }
}
