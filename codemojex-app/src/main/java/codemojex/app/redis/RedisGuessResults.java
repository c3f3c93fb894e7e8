package codemojex.app.redis;

import codemojex.app.core.GuessResult;
import codemojex.app.core.port.GuessResults;
import io.vavr.control.Option;

import java.util.Objects;

/** {@link GuessResults} on the per-game results hash the commit script writes ({@code emq:{cm}:scores:<game>}, in the game's partition). */
public final class RedisGuessResults implements GuessResults {

    private final RedisCalls redis;
    private final Keys keys;

    /** Over {@code redis}, with one partition. */
    public RedisGuessResults(RedisCalls redis) {
        this(redis, Keys.ONE);
    }

    /** Over {@code redis}, each game's key where {@code keys} puts it. */
    public RedisGuessResults(RedisCalls redis, Keys keys) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.keys = Objects.requireNonNull(keys, "keys");
    }

    @Override
    public Option<GuessResult> find(String game, String guessId) {
        String key = keys.scores(game);
        return redis.hget(key, guessId).map(stored -> StoredResults.decode(game, guessId, stored));
    }
}
