package codemojex.app.core.port;

import codemojex.app.core.Session;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;

/** Where sessions are kept: by the hash of their token, and the names they hold in each game. */
public interface Sessions {

    /**
     * Gives {@code session}'s player name in its game to the token hashed {@code tokenHash}, unless
     * a session live at {@code now} holds that name, or a name of the same {@code skeleton} (one
     * that looks like it), already; atomic.
     *
     * @param skeleton the name's UTS #39 skeleton ({@link codemojex.app.core.PlayerName#skeleton()})
     * @param ttl      how long the store keeps the session (it may forget it once it expired)
     * @return empty when the name was free and is now the session's; else the live name in the way
     *         (the name itself, or the one it looks like)
     */
    Option<String> claim(Session session, String skeleton, String tokenHash, Instant now, Duration ttl);

    /** The session of the token hashed {@code tokenHash} in {@code game}, if one was claimed (live or not). */
    Option<Session> find(String game, String tokenHash);
}
