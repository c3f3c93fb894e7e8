package codemojex.app.core.service;

import codemojex.app.core.port.in.RebuildBoardUseCase;
import codemojex.app.core.port.out.GameEnding;
import codemojex.app.core.port.out.Games;
import codemojex.projections.Board;
import codemojex.projections.Channels;
import codemojex.projections.Projections;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.checkpoint.Checkpoints;
import echomq.domain.checkpoint.StateCodec;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Tally;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import io.vavr.collection.HashMap;
import io.vavr.collection.Map;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A game's board rebuilt from the log beside the live one, from the newest valid checkpoint of every
 * game's board of its partition plus the tail after it, so that the check holds after retention.
 */
public final class RebuildBoardService implements RebuildBoardUseCase {

    /** The whole-log projection the app checkpoints: every game's board, skipping unreadable entries. */
    public static final CombinableFold<Tally<Map<String, Map<String, Board.Standing>>>> BOARDS = Tally.counting(Projections.allTimeBoards());

    private final ProjectionReads reads;
    private final Games games;
    private final Board board;
    private final Checkpoints checkpoints;
    private final StateCodec<Tally<Map<String, Map<String, Board.Standing>>>> codec;
    private final GameEnding ending;

    /**
     * Over the shared reads, the game store, where games end (the ended ones are left out of the
     * checkpoints), the live board, the log, a checkpoint store with the boards' codec, and a clock.
     */
    public RebuildBoardService(ProjectionReads reads, Games games, GameEnding ending, Board board, StreamRangePort range, StreamStatePort states,
                               CheckpointPort store, StateCodec<Tally<Map<String, Map<String, Board.Standing>>>> codec, Clock clock) {
        this.ending = Objects.requireNonNull(ending, "ending");
        this.reads = Objects.requireNonNull(reads, "reads");
        this.games = Objects.requireNonNull(games, "games");
        this.board = Objects.requireNonNull(board, "board");
        this.codec = Objects.requireNonNull(codec, "codec");
        this.checkpoints = new Checkpoints(range, states, store, clock);
    }

    @Override
    public Rebuild rebuildBoard(String game) {
        BoardService.requireGame(games, game);
        Checkpoints.Resumed<Tally<Map<String, Map<String, Board.Standing>>>> r = checkpointBoards(reads.partitions().of(game));
        Map<String, Board.Standing> bests = r.value().value().get(game).getOrElse(HashMap.empty());
        return new Rebuild(game, Board.ranking(bests).toJavaList(), board.all(game), r.value().skipped(),
                r.from().map(c -> c.upTo().id()), r.ignored(), r.tailEntries());
    }

    @Override
    public Checkpoints.Resumed<Tally<Map<String, Map<String, Board.Standing>>>> checkpointBoards(int p) {
        // the boards of games ended by serve --keep are left out of the checkpoint saved now, and then
        // forgotten: all their guesses are older than it, so no tail brings them back (#48)
        Set<String> ended = ending.endedInCheckpoint(p);
        Checkpoints.Resumed<Tally<Map<String, Map<String, Board.Standing>>>> r = checkpoints.foldLog(
                StreamKey.of(reads.partitions().queue(p), Channels.GUESS_SCORED), BOARDS, ended.isEmpty() ? codec : without(ended), 1);
        if (r.saved() && !ended.isEmpty()) {
            ending.droppedFromCheckpoint(p, ended);
        }
        reads.noted(Channels.GUESS_SCORED, r.value());
        return r;
    }

    private StateCodec<Tally<Map<String, Map<String, Board.Standing>>>> without(Set<String> games) {
        return new StateCodec<>() {
            @Override
            public String encode(Tally<Map<String, Map<String, Board.Standing>>> t) {
                return codec.encode(new Tally<>(t.value().removeAll(games), t.skipped(), t.examples()));
            }

            @Override
            public Tally<Map<String, Map<String, Board.Standing>>> decode(String text) {
                return codec.decode(text);
            }
        };
    }

    @Override
    public List<Checkpoints.Resumed<Tally<Map<String, Map<String, Board.Standing>>>>> checkpointBoards() {
        return reads.partitions().all().map(this::checkpointBoards).toJavaList();
    }
}
