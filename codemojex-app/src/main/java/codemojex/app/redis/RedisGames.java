package codemojex.app.redis;

import codemojex.app.core.port.Games;
import codemojex.projections.Code;
import codemojex.projections.GameRecord;
import codemojex.projections.Keyboard;
import codemojex.projections.Memo;
import codemojex.projections.PlayerIds;
import io.vavr.control.Option;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** {@link Games} as one hash per game ({@code emq:{cm}:game:<id>}, in the game's partition): room, keyboard, secret, status, winner (name and player id). */
public final class RedisGames implements Games {

    private final RedisCalls redis;
    private final Keys keys;

    /** Over {@code redis}, with one partition. */
    public RedisGames(RedisCalls redis) {
        this(redis, Keys.ONE);
    }

    /** Over {@code redis}, each game's key where {@code keys} puts it. */
    public RedisGames(RedisCalls redis, Keys keys) {
        this.redis = Objects.requireNonNull(redis, "redis");
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
        if (!redis.hsetnx(key, "status", "creating")) {
            throw new IllegalStateException("game " + g.game() + " exists already");
        }
        redis.hset(key, fields);
    }

    /**
     * Keyboards and secrets already parsed, by their text: every request about a game reads its hash,
     * and parsing the twelve emojis and six of them again (a grapheme match each) showed in the
     * profile of every route. Parsing is a pure function of the text, so a memo holds; bounded, as a
     * flood of games must not grow it.
     */
    private static final Memo<Keyboard> KEYBOARDS = new Memo<>(10_000, Keyboard::parse);
    private static final Memo<Code> SECRETS = new Memo<>(10_000, Code::parse);

    @Override
    public Option<GameRecord> find(String game) {
        String key = keys.game(game);
        Map<String, String> h = redis.hgetAll(key);
        if (!h.containsKey("secret")) {
            return Option.none();
        }
        return Option.some(new GameRecord(game, h.get("room"), KEYBOARDS.get(h.get("keyboard")),
                SECRETS.get(h.get("secret")),
                Instant.ofEpochMilli(Long.parseLong(h.get("opened"))), Option.of(h.get("winner")),
                // a game settled before player ids has a winner's name only: the id derived from it
                Option.of(h.get("winnerId")).orElse(() -> Option.of(h.get("winner")).map(PlayerIds::ofName))));
    }
}
