package codemojex.app.redis;

import codemojex.app.GameRecord;
import codemojex.projections.Code;
import codemojex.projections.Keyboard;
import echomq.redis.RedisFailures;
import io.vavr.control.Option;
import redis.clients.jedis.UnifiedJedis;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** The games' hashes ({@code emq:{cm}:game:<id>}) and their scored guesses ({@code emq:{cm}:scores:<id>}). */
public final class RedisGames {

    private final UnifiedJedis jedis;

    public RedisGames(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    /** Stores a new game; refuses an id that exists. */
    public void create(GameRecord g) {
        String key = Keys.game(g.game());
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

    public Option<GameRecord> find(String game) {
        String key = Keys.game(game);
        Map<String, String> h = RedisFailures.on(key, () -> jedis.hgetAll(key));
        if (h == null || h.isEmpty() || !h.containsKey("secret")) {
            return Option.none();
        }
        return Option.some(new GameRecord(game, h.get("room"), Keyboard.parse(h.get("keyboard")), Code.parse(h.get("secret")),
                Instant.ofEpochMilli(Long.parseLong(h.get("opened"))), Option.of(h.get("winner"))));
    }

    /** The score JSON of a scored guess, if the worker has scored it. */
    public Option<String> score(String game, String guessId) {
        String key = Keys.scores(game);
        return Option.of(RedisFailures.on(key, () -> jedis.hget(key, guessId)));
    }
}
