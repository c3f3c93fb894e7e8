package codemojex.app.core.port.in;

import codemojex.projections.Board;
import echomq.domain.checkpoint.Checkpoints;
import echomq.domain.fold.Tally;
import echomq.domain.id.StreamId;
import io.vavr.collection.Map;
import io.vavr.control.Option;

import java.util.List;

/** The operator's check of a board against the log, and the checkpoints that keep the check cheap. */
public interface RebuildBoardUseCase {

    /**
     * The whole board of a game rebuilt from the {@code guess-scored} log, beside the whole live one.
     *
     * @param game    the game
     * @param rebuilt the fold of the log
     * @param live    the live board
     * @param skipped entries of the log that could not be read and were left out
     * @param from    the checkpoint the fold started from (the entry it is folded up to), if one held
     * @param ignored why a stored checkpoint was not used, if one was not
     * @param tail    entries folded after the checkpoint (all of the log without one)
     */
    record Rebuild(String game, List<Board.Ranked> rebuilt, List<Board.Ranked> live, long skipped, Option<StreamId> from,
                   Option<String> ignored, long tail) {
        /** Whether the live board is what the log says. */
        public boolean equal() {
            return rebuilt.equals(live);
        }
    }

    /**
     * The game's board rebuilt from the {@code guess-scored} log (the newest valid checkpoint of
     * every game's board plus the tail after it, so it holds after retention), beside the whole live board.
     */
    Rebuild rebuildBoard(String game);

    /**
     * Folds the boards of every game of partition {@code p} from its checkpoint and the tail, and
     * saves a new checkpoint when the tail held anything.
     */
    Checkpoints.Resumed<Tally<Map<String, Map<String, Board.Standing>>>> checkpointBoards(int p);

    /** {@link #checkpointBoards(int)} of every partition, in partition order. */
    List<Checkpoints.Resumed<Tally<Map<String, Map<String, Board.Standing>>>>> checkpointBoards();
}
