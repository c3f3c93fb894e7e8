package codemojex.app.core.port.out;

import codemojex.app.core.Login;
import io.vavr.collection.List;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;

/**
 * Where sessions are kept: by the hash of their token, the names they hold in each game, and which
 * player id holds each name now.
 */
public interface Logins {

    /**
     * Gives {@code session}'s player name in its game to the token hashed {@code tokenHash}, and
     * makes {@code session}'s player id the name's current one ({@link #holder}), unless
     * a session live at {@code now} holds that name, or a name with one of the same {@code looks}
     * (one that looks like it), already; atomic.
     *
     * @param looks    the name's looks ({@link codemojex.app.core.PlayerName#looks()}: its UTS #39 skeleton, then
     *                 the skeleton of its case fold)
     * @param ttl      how long the store keeps the session (it may forget it once it expired)
     * @return empty when the name was free and is now the session's; else the live name in the way
     *         (the name itself, or the one it looks like)
     */
    Option<String> claim(Login session, List<String> looks, String tokenHash, Instant now, Duration ttl);

    /**
     * The session of the token hashed {@code tokenHash} in {@code game}, if one was claimed (live or
     * not). A session claimed before player ids has none stored: it is read with the id derived from
     * its name ({@link codemojex.projections.PlayerIds#ofName}), as its guesses were.
     */
    Option<Login> find(String game, String tokenHash);

    /**
     * The player id that holds {@code name} in {@code game} now: the one of the last session that
     * claimed it (live or not; the caller knows whether that session still lives).
     */
    Option<String> holder(String game, String name);
}
