package codemojex.app.core.port.in;

import codemojex.app.core.Login;
import codemojex.app.core.UnauthorizedException;
import io.vavr.control.Option;

/** Who a presented token is in a game: {@code logins.authenticate(game, Option.some(token)).playerId()}. */
public interface LoginQuery {

    /**
     * The login that {@code presented} (a token from a cookie or an {@code Authorization} header) opens in {@code game}.
     *
     * @throws UnauthorizedException when nothing was presented, or a token that is malformed,
     *                                                  unknown in this game, or expired
     */
    default Login authenticate(String game, Option<String> presented) {
        return loginOf(game, presented).getOrElseThrow(() -> new UnauthorizedException(presented.isEmpty()
                ? "join the game first (POST /games/" + game + "/players): this needs the session a join opens"
                : "the session token is unknown in game " + game + " or has expired: join again"));
    }

    /**
     * The live login of {@code presented} in {@code game}, if it opens one; a malformed token is still
     * refused ({@link UnauthorizedException}: a client that sends garbage learns so).
     */
    Option<Login> loginOf(String game, Option<String> presented);
}
