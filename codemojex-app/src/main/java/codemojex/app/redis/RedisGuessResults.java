package codemojex.app.redis;

import codemojex.app.core.GuessResult;
import codemojex.app.core.port.GuessResults;
import echomq.redis.RedisFailures;
import io.vavr.control.Option;
import redis.clients.jedis.UnifiedJedis;

import java.util.Objects;

/** {@link GuessResults} on the per-game results hash the commit script writes ({@code emq:{cm}:scores:<game>}, in the game's partition). */
public final class RedisGuessResults implements GuessResults {

    private final UnifiedJedis jedis;
    private final Keys keys;

    /** Over {@code jedis}, with one partition. */
    public RedisGuessResults(UnifiedJedis jedis) {
        this(jedis, Keys.ONE);
    }

    /** Over {@code jedis}, each game's key where {@code keys} puts it. */
    public RedisGuessResults(UnifiedJedis jedis, Keys keys) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
        this.keys = Objects.requireNonNull(keys, "keys");
    }

    @Override
    public Option<GuessResult> find(String game, String guessId) {
        String key = keys.scores(game);
        return Option.of(RedisFailures.on(key, () -> jedis.hget(key, guessId)))
                .map(stored -> StoredResults.decode(game, guessId, stored));
    }
}
