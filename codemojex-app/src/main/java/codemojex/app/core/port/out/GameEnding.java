package codemojex.app.core.port.out;

import codemojex.app.core.GameKeeping;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/** Where games idle for {@code --keep} are found and ended: their state removed, one record kept (#48). */
public interface GameEnding {

    /**
     * The games of partition {@code partition} opened at or before {@code openedBy} (only those can
     * be idle that long), at most {@code limit}, oldest first, each with its status and last activity.
     */
    List<GameKeeping.Activity> openedBy(int partition, Instant openedBy, int limit);

    /**
     * Ends {@code end} (closing it first when it is a {@link GameKeeping.End.Close}) at {@code now},
     * unless its last activity is after {@code idleBy} when it runs (a guess scored meanwhile):
     * removes its state and keeps its record, in one step. Returns whether it ended it.
     */
    boolean end(GameKeeping.End end, Instant idleBy, Instant now);

    /**
     * The games of partition {@code partition} that ended and whose boards the boards checkpoint may
     * still hold: the checkpointer leaves them out of the next one it saves.
     */
    Set<String> endedInCheckpoint(int partition);

    /** Forgets {@code games} of {@link #endedInCheckpoint}: a checkpoint without their boards was saved. */
    void droppedFromCheckpoint(int partition, Set<String> games);
}
