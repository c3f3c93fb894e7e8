package codemojex.app.core;

import io.vavr.collection.List;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The pure decision of what {@code serve --keep} ends (#48): a game with no activity for
 * {@code keep} (no guess scored since, or none at all since it opened) is ended: its state is
 * removed and one small record kept ({@link EndedGame}). A cracked game is only removed; an open
 * one is closed first, unsolved, which its event stream says, and removed in the same pass: its
 * state would only wait another {@code keep} for nobody, and the record answers every read of it
 * after. A game with activity less than {@code keep} ago is left as it is, whatever its status.
 *
 * @param keep how long a game is kept after its last activity, more than 0
 */
public record GameKeeping(Duration keep) {

    public GameKeeping {
        Objects.requireNonNull(keep, "keep");
        if (keep.isNegative() || keep.isZero()) {
            throw new BadInputException("keep", "keep must be more than 0, got " + Durations.format(keep));
        }
    }

    /**
     * A game as the pass sees it.
     *
     * @param game the game id
     * @param open whether it is still open (not cracked)
     * @param last its last activity: its last scored guess, or its opening when none
     */
    public record Activity(String game, boolean open, Instant last) {
        public Activity {
            Objects.requireNonNull(game, "game");
            Objects.requireNonNull(last, "last");
        }
    }

    /** What becomes of a game idle for {@code keep}. */
    public sealed interface End {

        /** The game. */
        String game();

        /** An open game: closed unsolved (said on its {@code game-closed} stream), then removed. */
        record Close(String game) implements End {
            public Close {
                Objects.requireNonNull(game, "game");
            }
        }

        /** A cracked game: removed. */
        record Remove(String game) implements End {
            public Remove {
                Objects.requireNonNull(game, "game");
            }
        }
    }

    /** The instant at or before which a game's last activity makes it idle for {@code keep}, now by {@code clock}. */
    public Instant idleBy(Clock clock) {
        return clock.instant().minus(keep);
    }

    /** What ends of {@code games} now, by {@code clock}: each idle one, in the order given. */
    public List<End> plan(Iterable<Activity> games, Clock clock) {
        Instant by = idleBy(clock);
        return List.ofAll(games).filter(g -> !g.last().isAfter(by))
                .map(g -> g.open() ? new End.Close(g.game()) : new End.Remove(g.game()));
    }
}
