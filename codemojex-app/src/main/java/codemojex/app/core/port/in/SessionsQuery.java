package codemojex.app.core.port.in;

import codemojex.app.core.PlaySession;

import java.time.Duration;
import java.util.List;

/** A game's play sessions: each player's bursts of guesses, cut by a gap of quiet (#49). */
public interface SessionsQuery {

    /** The shortest gap a read accepts. */
    Duration MIN_GAP = Duration.ofSeconds(1);

    /** The longest gap a read accepts. */
    Duration MAX_GAP = Duration.ofHours(1);

    /** The gap when none is asked for. */
    Duration DEFAULT_GAP = Duration.ofMinutes(2);

    /** The longest session a read answers: a longer one is refused, naming this bound. */
    Duration LONGEST = Duration.ofHours(24);

    /** The most sessions a read answers: more are refused, naming this bound. */
    int MOST = 1_000;

    /**
     * Game {@code game}'s sessions with {@code gap} ({@link #MIN_GAP}..{@link #MAX_GAP}) of quiet
     * between two of a player's, in order of their first guess (then player id), each open until
     * the clock passes its last guess by the gap.
     *
     * @throws codemojex.app.core.BadInputException      naming {@code game} or {@code gap}
     * @throws codemojex.app.core.NotFoundException      when there is no such game
     * @throws codemojex.app.core.GoneException          when it ended and its state was removed
     * @throws codemojex.app.core.BoundExceededException naming {@code longest} or {@code most}
     */
    List<PlaySession> sessions(String game, Duration gap);
}
