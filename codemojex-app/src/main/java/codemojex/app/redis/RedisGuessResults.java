package codemojex.app.redis;

import codemojex.app.core.GuessResult;
import codemojex.app.core.port.out.GuessResults;
import io.vavr.control.Option;

import java.util.List;
import java.util.Objects;
import java.util.TreeMap;

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

    /**
     * Reads the game's whole results hash (one {@code HGETALL}: a game's guesses, every player's)
     * and keeps those of the player {@code playerId} (not of others who had its name); guess ids are
     * branded ids of one length, so they sort as minted.
     */
    @Override
    public List<GuessResult> of(String game, String playerId) {
        return new TreeMap<>(redis.hgetAll(keys.scores(game))).entrySet().stream()
                .filter(e -> StoredResults.playerIdOf(e.getValue()).contains(playerId))
                .map(e -> StoredResults.decode(game, e.getKey(), e.getValue()))
                .toList();
    }
}
