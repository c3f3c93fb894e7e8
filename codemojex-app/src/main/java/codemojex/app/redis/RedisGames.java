package codemojex.app.redis;

import codemojex.app.core.port.Games;
import codemojex.projections.Code;
import codemojex.projections.GameRecord;
import codemojex.projections.Keyboard;
import echomq.redis.RedisFailures;
import io.vavr.control.Option;
import redis.clients.jedis.UnifiedJedis;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** {@link Games} as one hash per game ({@code emq:{cm}:game:<id>}, in the game's partition): room, keyboard, secret, status, winner. */
public final class RedisGames implements Games {

    private final UnifiedJedis jedis;
    private final Keys keys;

    /** Over {@code jedis}, with one partition. */
    public RedisGames(UnifiedJedis jedis) {
        this(jedis, Keys.ONE);
    }

    /** Over {@code jedis}, each game's key where {@code keys} puts it. */
    public RedisGames(UnifiedJedis jedis, Keys keys) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
        this.keys = Objects.requireNonNull(keys, "keys");
    }

    @Override
    public void create(GameRecord g) {
        String key = keys.game(g.game());
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("room", g.room());
        fields.put("keyboard", g.keyboard().text());
        fields.put("secret", g.secret().text());
        fields.put("opened", Long.toString(g.openedAt().toEpochMilli()));
        fields.put("status", "open");
        long created = RedisFailures.on(key, () -> jedis.hsetnx(key, "status", "creating"));
        if (created == 0) {
            throw new IllegalStateException("game " + g.game() + " exists already");
        }
        RedisFailures.on(key, () -> jedis.hset(key, fields));
    }

    @Override
    public Option<GameRecord> find(String game) {
        String key = keys.game(game);
        Map<String, String> h = RedisFailures.on(key, () -> jedis.hgetAll(key));
        if (h == null || h.isEmpty() || !h.containsKey("secret")) {
            return Option.none();
        }
        return Option.some(new GameRecord(game, h.get("room"), Keyboard.parse(h.get("keyboard")), Code.parse(h.get("secret")),
                Instant.ofEpochMilli(Long.parseLong(h.get("opened"))), Option.of(h.get("winner"))));
    }
}
