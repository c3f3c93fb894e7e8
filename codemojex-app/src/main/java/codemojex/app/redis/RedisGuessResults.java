package codemojex.app.redis;

import codemojex.app.core.GuessResult;
import codemojex.app.core.port.GuessResults;
import echomq.redis.RedisFailures;
import io.vavr.control.Option;
import redis.clients.jedis.UnifiedJedis;

import java.util.Objects;

/** {@link GuessResults} on the per-game results hash the commit script writes ({@code emq:{cm}:scores:<game>}). */
public final class RedisGuessResults implements GuessResults {

    private final UnifiedJedis jedis;

    /** Over {@code jedis}. */
    public RedisGuessResults(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    @Override
    public Option<GuessResult> find(String game, String guessId) {
        String key = Keys.scores(game);
        return Option.of(RedisFailures.on(key, () -> jedis.hget(key, guessId)))
                .map(stored -> StoredResults.decode(game, guessId, stored));
    }
}
