package codemojex.app;

import codemojex.app.core.FeedWindow;
import codemojex.app.core.SeriesQuery;
import codemojex.app.core.port.Games;
import codemojex.app.core.port.in.BoardQuery;
import codemojex.app.core.port.in.FeedQuery;
import codemojex.app.core.port.in.LobbyQuery;
import codemojex.app.core.port.in.OpeningsQuery;
import codemojex.app.core.port.in.RebuildBoardUseCase;
import codemojex.app.core.port.in.ResultsQuery;
import codemojex.app.core.port.in.TrimUseCase;
import codemojex.app.core.service.BoardService;
import codemojex.app.core.service.FeedService;
import codemojex.app.core.service.LobbyService;
import codemojex.app.core.service.OpeningsService;
import codemojex.app.core.service.ProjectionReads;
import codemojex.app.core.service.RebuildBoardService;
import codemojex.app.core.service.ResultsService;
import codemojex.app.core.service.TrimService;
import codemojex.app.redis.CheckpointCodecs;
import codemojex.projections.Board;
import codemojex.projections.GamePartitions;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;

import java.time.Clock;
import java.util.Set;
import java.util.Objects;

/**
 * The app's read and operator use cases, each behind its port, as {@link Codemojex} wires them:
 * {@code app.useCases().feeds().feed(FeedWindow.DEFAULT)}.
 *
 * @param lobby    the lobby's list of games
 * @param feeds    the recent activity feed and its series
 * @param openings games opened per room
 * @param results  a day's results
 * @param boards   a game's live board
 * @param sessions a game's play sessions
 * @param rebuilds a board rebuilt from the log, and the boards' checkpoints
 * @param trims    retention of the log
 * @param reads    the projection reader they share: its metrics and the entries it skipped
 */
public record UseCases(LobbyQuery lobby, FeedQuery feeds, OpeningsQuery openings, ResultsQuery results, BoardQuery boards,
                       codemojex.app.core.port.in.SessionsQuery sessions, RebuildBoardUseCase rebuilds, TrimUseCase trims, ProjectionReads reads) {

    public UseCases {
        Objects.requireNonNull(lobby, "lobby");
        Objects.requireNonNull(feeds, "feeds");
        Objects.requireNonNull(openings, "openings");
        Objects.requireNonNull(results, "results");
        Objects.requireNonNull(boards, "boards");
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(rebuilds, "rebuilds");
        Objects.requireNonNull(trims, "trims");
        Objects.requireNonNull(reads, "reads");
    }

    /**
     * Every use case over one shared projection reader ({@code reads}, so that they share its cache),
     * the game store, where idle games are ended, the live board, the log, the checkpoint store, the retention every trim goes
     * through, the partitions and the app's clock; the feed's windows and series the app declares
     * ({@code keptWindows}, {@code keptSeries}) are the only ones checkpointed.
     */
    static UseCases over(ProjectionReads reads, Games games, codemojex.app.core.port.GameEnding ending, Board board, StreamRangePort range, StreamStatePort states,
                         CheckpointPort checkpoints, StreamRetentionPort retention, GamePartitions partitions, Clock clock,
                         Set<FeedWindow> keptWindows, Set<SeriesQuery.Feed> keptSeries) {
        return new UseCases(new LobbyService(reads, games, board),
                new FeedService(reads, CheckpointCodecs.feed(), CheckpointCodecs.feedStats(), CheckpointCodecs.buckets(), keptWindows, keptSeries),
                new OpeningsService(reads), new ResultsService(reads), new BoardService(games, board),
                new codemojex.app.core.service.SessionsService(reads, games),
                new RebuildBoardService(reads, games, ending, board, range, states, checkpoints, CheckpointCodecs.boards(), clock),
                new TrimService(retention, ending, partitions, clock), reads);
    }
}
