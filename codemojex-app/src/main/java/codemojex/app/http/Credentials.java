package codemojex.app.http;

import codemojex.app.core.LoginToken;
import codemojex.app.core.UnauthorizedException;
import io.javalin.http.Context;
import io.javalin.http.Cookie;
import io.javalin.http.SameSite;
import io.vavr.control.Option;

import java.time.Duration;

/** How a session's token travels: out in the answer to a join or in the page's cookie, back in a header or that cookie. */
final class Credentials {

    /** The session cookie's name; its path is the game's, so a browser holds one per game. */
    public static final String SESSION_COOKIE = "codemojex_session";

    private Credentials() {
    }

    /**
     * The token the request presents: an {@code Authorization: Bearer} header, else the session
     * cookie. Another scheme is refused rather than ignored, so a client learns why it is not let in.
     */
    static Option<String> presented(Context ctx) {
        String authorization = ctx.header("Authorization");
        if (authorization != null) {
            String[] parts = authorization.strip().split("\\s+", 2);
            if (parts.length != 2 || !parts[0].equalsIgnoreCase("Bearer")) {
                throw new UnauthorizedException("the Authorization header must be \"Bearer <token>\"");
            }
            return Option.some(parts[1].strip());
        }
        String cookie;
        try {
            cookie = ctx.cookie(SESSION_COOKIE);
        } catch (RuntimeException unparsable) {
            // Jetty refuses a Cookie header it cannot parse: for a session, that is a bad credential
            throw new UnauthorizedException("the Cookie header is not one of RFC 6265 cookies: no session can be read from it");
        }
        return Option.of(cookie);
    }

    /**
     * Gives the page {@code token}, of a session in {@code game} that lives {@code ttl}, in a cookie
     * its scripts cannot read, sent only to that game's paths (a browser holds one per game).
     */
    static void setCookie(Context ctx, String game, LoginToken token, Duration ttl) {
        long seconds = Math.max(1, ttl.getSeconds());
        ctx.cookie(new Cookie(SESSION_COOKIE, token.reveal(), "/games/" + game,
                (int) Math.min(Integer.MAX_VALUE, seconds), "https".equals(ctx.scheme()), true, null, SameSite.STRICT));
    }
}
