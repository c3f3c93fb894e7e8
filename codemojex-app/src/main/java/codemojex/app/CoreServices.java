package codemojex.app;

import codemojex.app.core.FeedWindow;
import codemojex.app.core.LoginCache;
import codemojex.app.core.SeriesQuery;
import codemojex.app.core.port.in.GameQuery;
import codemojex.app.core.port.in.LoginQuery;
import codemojex.app.core.port.in.UseCases;
import codemojex.app.core.port.out.GameEnding;
import codemojex.app.core.port.out.Games;
import codemojex.app.core.port.out.GuessResults;
import codemojex.app.core.port.out.IdempotencyRecords;
import codemojex.app.core.port.out.Logins;
import codemojex.app.core.port.out.ScoreCommit;
import codemojex.app.core.service.BoardService;
import codemojex.app.core.service.FeedService;
import codemojex.app.core.service.GameCache;
import codemojex.app.core.service.GameService;
import codemojex.app.core.service.IdempotencyService;
import codemojex.app.core.service.JoinGameService;
import codemojex.app.core.service.LobbyService;
import codemojex.app.core.service.LoginService;
import codemojex.app.core.service.OpenGameService;
import codemojex.app.core.service.OpeningsService;
import codemojex.app.core.service.ProjectionReads;
import codemojex.app.core.service.RebuildBoardService;
import codemojex.app.core.service.ResultsService;
import codemojex.app.core.service.ScoreGuessesService;
import codemojex.app.core.service.SessionsService;
import codemojex.app.core.service.SubmitGuessService;
import codemojex.app.core.service.TrimService;
import codemojex.app.redis.CheckpointCodecs;
import codemojex.projections.Board;
import codemojex.projections.GamePartitions;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.id.Snowflake;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.Objects;
import java.util.Set;

/**
 * The core's half of the composition root: every use case's service built once over the outbound
 * ports the Redis adapters give ({@link Outbound}), as one {@link UseCases} value. A new use case is a
 * line here and in {@link UseCases}; {@link Codemojex} builds the adapters.
 */
final class CoreServices {

    private CoreServices() {
    }

    /**
     * What the core's services reach out through: the Redis adapters behind their ports.
     *
     * @param games       the game store
     * @param results     the recorded results of guesses
     * @param logins      the login store
     * @param idempotency the kept answers of writes with an {@code Idempotency-Key}
     * @param ending      where idle games are ended
     * @param board       the live board
     * @param commit      the commit of decided guesses
     * @param append      the log's appends (guesses)
     * @param range       the log's reads
     * @param states      the log's states
     * @param checkpoints the checkpoint store
     * @param retention   the retention every trim goes through
     */
    record Outbound(Games games, GuessResults results, Logins logins, IdempotencyRecords idempotency, GameEnding ending, Board board,
                    ScoreCommit commit, StreamAppendPort append, StreamRangePort range, StreamStatePort states, CheckpointPort checkpoints,
                    StreamRetentionPort retention) {
        Outbound {
            Objects.requireNonNull(games, "games");
            Objects.requireNonNull(results, "results");
            Objects.requireNonNull(logins, "logins");
            Objects.requireNonNull(idempotency, "idempotency");
            Objects.requireNonNull(ending, "ending");
            Objects.requireNonNull(board, "board");
            Objects.requireNonNull(commit, "commit");
            Objects.requireNonNull(append, "append");
            Objects.requireNonNull(range, "range");
            Objects.requireNonNull(states, "states");
            Objects.requireNonNull(checkpoints, "checkpoints");
            Objects.requireNonNull(retention, "retention");
        }
    }

    /**
     * Every use case over {@code out}, one shared projection reader ({@code reads}, so that they share
     * its cache), the partitions, the app's settings (its clock, its logins' life) and its minter; the
     * feed's windows and series the app declares ({@code keptWindows}, {@code keptSeries}) are the only
     * ones checkpointed.
     */
    static UseCases build(Outbound out, ProjectionReads reads, GamePartitions partitions, Settings settings, Snowflake minter,
                          Set<FeedWindow> keptWindows, Set<SeriesQuery.Feed> keptSeries) {
        Clock clock = settings.clock();
        GameCache kept = new GameCache(out.games(), clock); // one per process: what a submit and a read learn of a game is shared
        GameQuery games = new GameService(out.games(), kept, out.results(), out.range(), partitions);
        LoginCache loginCache = new LoginCache(out.logins(), clock); // one: a login claimed by a join is found by the next request
        LoginQuery logins = new LoginService(loginCache, games, clock);
        return new UseCases(new OpenGameService(out.games(), minter, clock, new SecureRandom()),
                new JoinGameService(games, logins, loginCache, clock, new SecureRandom(), settings.sessionTtl(), minter),
                logins,
                new SubmitGuessService(out.games(), kept, out.append(), partitions),
                new ScoreGuessesService(out.games(), out.commit(), partitions),
                games,
                new LobbyService(reads, out.games(), out.board()),
                new FeedService(reads, CheckpointCodecs.feed(), CheckpointCodecs.feedStats(), CheckpointCodecs.buckets(), keptWindows, keptSeries),
                new OpeningsService(reads), new ResultsService(reads), new BoardService(out.games(), out.board()),
                new SessionsService(reads, out.games()),
                new RebuildBoardService(reads, out.games(), out.ending(), out.board(), out.range(), out.states(), out.checkpoints(),
                        CheckpointCodecs.boards(), clock),
                new TrimService(out.retention(), out.ending(), partitions, clock),
                new IdempotencyService(out.idempotency(), new SecureRandom()));
    }
}
