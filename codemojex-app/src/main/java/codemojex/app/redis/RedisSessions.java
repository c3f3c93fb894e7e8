package codemojex.app.redis;

import codemojex.app.core.Session;
import codemojex.app.core.port.Sessions;
import echomq.redis.RedisFailures;
import echomq.redis.RedisScript;
import io.vavr.control.Option;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@link Sessions} in the game's partition: the names taken in a game in one hash, each session in a
 * hash named by its token's hash ({@code session-join.lua} claims a name and creates the session at
 * once). Tokens themselves never reach Redis.
 */
public final class RedisSessions implements Sessions {

    static final RedisScript JOIN = RedisScript.load(RedisSessions.class, "session-join.lua");

    private final UnifiedJedis jedis;
    private final Keys keys;

    /** Over {@code jedis}, each game's keys where {@code keys} puts them. */
    public RedisSessions(UnifiedJedis jedis, Keys keys) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
        this.keys = Objects.requireNonNull(keys, "keys");
    }

    @Override
    public boolean claim(Session session, String tokenHash, Instant now, Duration ttl) {
        Object reply = JOIN.run(jedis, List.of(keys.players(session.game()), keys.session(session.game(), tokenHash)),
                List.of(session.player(), session.game(), Long.toString(session.expiresAt().toEpochMilli()),
                        Long.toString(now.toEpochMilli()), Long.toString(Math.max(1, ttl.toMillis()))));
        return Long.valueOf(1).equals(reply);
    }

    @Override
    public Option<Session> find(String game, String tokenHash) {
        String key = keys.session(game, tokenHash);
        Map<String, String> h = RedisFailures.on(key, () -> jedis.hgetAll(key));
        if (h == null || !game.equals(h.get("game")) || h.get("player") == null || h.get("expires") == null) {
            return Option.none();
        }
        return Option.some(new Session(game, h.get("player"), Instant.ofEpochMilli(Long.parseLong(h.get("expires")))));
    }
}
