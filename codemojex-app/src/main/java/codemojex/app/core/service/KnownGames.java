package codemojex.app.core.service;

import codemojex.app.core.port.out.Games;
import codemojex.projections.GameRecord;
import io.vavr.control.Option;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The games a score worker has read, so a batch of guesses does not read its game once per guess:
 * at most {@code max}, the least recently used dropped first (a {@link LinkedHashMap} in access
 * order). Safe to keep: a game's keyboard and secret never change, and whether it is still open is
 * decided inside the commit, which rejects a guess for a game settled since (a record kept here may
 * say "open" for a game that is not any more).
 */
final class KnownGames {

    /** Games a worker keeps unless told otherwise. */
    static final int MAX = 10_000;

    private final Games games;
    private final Map<String, GameRecord> known;

    /** Over {@code games}, keeping at most {@code max} (at least 1). */
    KnownGames(Games games, int max) {
        this.games = Objects.requireNonNull(games, "games");
        if (max < 1) {
            throw new IllegalArgumentException("max must be >= 1, got " + max);
        }
        // synchronized: the polling thread reads it while a sweep or a recovery may too
        this.known = Collections.synchronizedMap(new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, GameRecord> eldest) {
                return size() > max;
            }
        });
    }

    /** The game, as read before when it was, else from the store (and kept when found). */
    Option<GameRecord> find(String game) {
        GameRecord seen = known.get(game);
        if (seen != null) {
            return Option.some(seen);
        }
        Option<GameRecord> found = games.find(game);
        found.forEach(g -> known.put(game, g));
        return found;
    }
}
