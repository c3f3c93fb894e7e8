package codemojex.app.core.service;

import codemojex.app.core.GoneException;
import codemojex.app.core.NotFoundException;
import codemojex.app.core.port.out.Games;
import codemojex.projections.GameRecord;
import io.vavr.control.Option;

import java.time.Clock;
import java.time.Duration;
import java.util.Iterator;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The games {@link SubmitGuessService} reads, kept in-process so that a guess costs no read of its game.
 * A game's room, keyboard, secret and opening never change once it is opened, and it goes from
 * open to settled, never back, with its winner for ever: a settled game is kept as it is. An open
 * one is taken as open for {@link #FRESH} after it was read (by the app's clock), then read again;
 * sooner when this process learns that it settled: any read of the game's hash ({@link GameService#game},
 * a {@code GET /games/{id}}, a join) replaces what is kept, and a guess read back scored and
 * cracking the code reads the game again. A guess accepted for a game settled meanwhile by another
 * instance (at most {@link #FRESH} ago) is rejected by the score worker's commit, as one that
 * races a settle always was. At most {@link #MAX} games; past that, some are dropped (and read
 * again when asked for). Thread-safe.
 */
public final class GameCache {

    /** A game not in the store: gone (410) when a record says it ended, else never seen (404). */
    NotFoundException missing(String game) {
        return games.ended(game).isDefined() ? new GoneException(game) : new NotFoundException("no game " + game);
    }

    /** Games kept at most. */
    static final int MAX = 10_000;

    /** How long an open game read from the store is taken as open. */
    static final Duration FRESH = Duration.ofSeconds(1);

    /** A game as read, and when (epoch ms by the app's clock, taken before the read). */
    private record Seen(GameRecord game, long at) {
    }

    private final Games games;
    private final Clock clock;
    private final int max;
    private final long freshMs;
    private final ConcurrentHashMap<String, Seen> seen = new ConcurrentHashMap<>();

    /** Over the store {@code games}, on the app's {@code clock}. */
    public GameCache(Games games, Clock clock) {
        this(games, clock, MAX, FRESH);
    }

    GameCache(Games games, Clock clock, int max, Duration fresh) {
        this.games = Objects.requireNonNull(games, "games");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (max < 1) {
            throw new IllegalArgumentException("max must be >= 1, got " + max);
        }
        this.max = max;
        this.freshMs = fresh.toMillis();
    }

    /** The game as kept, when it is settled or was read open less than {@link #FRESH} ago; else as {@link #read}. */
    Option<GameRecord> find(String game) {
        Seen s = seen.get(game);
        if (s != null) {
            if (s.game().settled()) {
                return Option.some(s.game());
            }
            long age = clock.millis() - s.at();
            if (age >= 0 && age < freshMs) {
                return Option.some(s.game());
            }
        }
        return read(game);
    }

    /** The game as the store has it now, kept for the next {@link #find}. */
    Option<GameRecord> read(String game) {
        long at = clock.millis(); // before the read: what it finds is at least this fresh
        Option<GameRecord> found = games.find(game);
        if (found.isDefined()) {
            keep(found.get(), at);
        } else {
            seen.remove(game);
        }
        return found;
    }

    /** Whether the game is kept as settled. */
    boolean knownSettled(String game) {
        Seen s = seen.get(game);
        return s != null && s.game().settled();
    }

    /** Keeps {@code g}: a settled game is never replaced by an open one (settling is for ever), an open one by a later read. */
    private void keep(GameRecord g, long at) {
        if (seen.size() >= max && !seen.containsKey(g.game())) {
            drop();
        }
        seen.merge(g.game(), new Seen(g, at), (old, now) -> old.game().settled() || !now.game().settled() && now.at() < old.at() ? old : now);
    }

    /** Drops a quarter of what is kept (whichever come first): a flood of games must not grow the map. */
    private void drop() {
        int n = Math.max(1, max / 4);
        Iterator<String> it = seen.keySet().iterator();
        while (n-- > 0 && it.hasNext()) {
            it.next();
            it.remove();
        }
    }
}
