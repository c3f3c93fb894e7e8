package codemojex.app.redis;

import codemojex.app.core.Login;
import codemojex.app.core.port.out.Logins;
import codemojex.projections.PlayerIds;
import echomq.domain.stream.StreamStoreException;
import echomq.wire.LuaScript;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@link Logins} in the game's partition: the names taken in a game in one hash, the skeleton of
 * each in another, the player id holding each name in a third, each session (game, name, player id,
 * expiry) in a hash named by its token's hash ({@code session-join.lua} claims a name and its
 * skeleton and creates the session at once). Tokens themselves never reach Redis.
 */
public final class RedisLogins implements Logins {

    static final LuaScript JOIN = LuaScript.load(RedisLogins.class, "session-join.lua");

    private final RedisCalls redis;
    private final Keys keys;

    /** Over {@code redis}, each game's keys where {@code keys} puts them. */
    public RedisLogins(RedisCalls redis, Keys keys) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.keys = Objects.requireNonNull(keys, "keys");
    }

    @Override
    public Option<String> claim(Login session, io.vavr.collection.List<String> looks, String tokenHash, Instant now, Duration ttl) {
        if (looks.isEmpty()) {
            throw new IllegalArgumentException("a name has at least one look, its skeleton");
        }
        String game = session.game();
        Option<Object> reply;
        try {
            reply = redis.run(JOIN, List.of(keys.players(game), keys.session(game, tokenHash), keys.skeletons(game),
                            keys.holders(game), keys.sessions(game)),
                    io.vavr.collection.List.of(session.player(), game, Long.toString(session.expiresAt().toEpochMilli()),
                            Long.toString(now.toEpochMilli()), Long.toString(Math.max(1, ttl.toMillis())), looks.head(), session.playerId())
                            .appendAll(looks.tail()).toJavaList());
        } catch (StreamStoreException.NotReplicated unconfirmed) {
            if (unconfirmed.reply().isDefined() && unconfirmed.reply().get() instanceof String holder) {
                return Option.some(holder); // refused: nothing was written, nothing to lose
            }
            throw unconfirmed; // claimed on the master
        }
        if (reply.contains(1L)) {
            return Option.none();
        }
        if (reply.isDefined() && reply.get() instanceof String holder) {
            return Option.some(holder);
        }
        throw new IllegalStateException("session-join.lua answered " + reply + ", neither 1 nor a name");
    }

    @Override
    public Option<Login> find(String game, String tokenHash) {
        String key = keys.session(game, tokenHash);
        Map<String, String> h = redis.hgetAll(key);
        if (!game.equals(h.get("game")) || h.get("player") == null || h.get("expires") == null) {
            return Option.none();
        }
        String player = h.get("player");
        String id = h.get("id") == null ? PlayerIds.ofName(player) : h.get("id"); // a session claimed before player ids
        return Option.some(new Login(game, id, player, Instant.ofEpochMilli(Long.parseLong(h.get("expires")))));
    }

    @Override
    public Option<String> holder(String game, String name) {
        return redis.hget(keys.holders(game), name);
    }
}
