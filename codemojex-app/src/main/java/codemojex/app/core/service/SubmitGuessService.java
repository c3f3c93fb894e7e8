package codemojex.app.core.service;

import codemojex.app.core.BadInputException;
import codemojex.app.core.GameSettledException;
import codemojex.app.core.GoneException;
import codemojex.app.core.UnconfirmedException;
import codemojex.app.core.port.in.SubmitGuessUseCase;
import codemojex.app.core.port.out.Games;
import codemojex.projections.Channels;
import codemojex.projections.Code;
import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.GamePartitions;
import codemojex.projections.GameRecord;
import codemojex.projections.Names;
import codemojex.projections.PlayerIds;
import echomq.domain.id.BrandedId;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;

import java.util.Objects;

/**
 * Takes guesses for the score worker: each checked (its form before the game is read, then against
 * the game's keyboard) and appended to its partition's {@code guesses}. The game is the one kept
 * in-process ({@link GameCache}: settled for ever once seen settled, open as read at most a second ago).
 */
public final class SubmitGuessService implements SubmitGuessUseCase {

    private final Games games;
    private final GameCache cache;
    private final StreamAppendPort append;
    private final GamePartitions partitions;

    /** Over the game store, the games kept in-process (shared with {@link GameService}), the log and its partitions. */
    public SubmitGuessService(Games games, GameCache cache, StreamAppendPort append, GamePartitions partitions) {
        this.games = Objects.requireNonNull(games, "games");
        this.cache = Objects.requireNonNull(cache, "cache");
        this.append = Objects.requireNonNull(append, "append");
        this.partitions = Objects.requireNonNull(partitions, "partitions");
    }

    @Override
    public BrandedId submit(String game, String playerId, String player, String guess) {
        BadInputException.check("player", () -> PlayerIds.require(playerId));
        BadInputException.check("player", () -> Names.requirePlayer(player));
        Code parsed = BadInputException.check("guess", () -> Code.parseGuess(guess)); // pure: nothing read yet
        BadInputException.check("game", () -> Names.requireId("game", game));
        GameRecord g = cache.find(game).getOrElseThrow(() -> cache.missing(game));
        Code code = BadInputException.check("guess", () -> g.keyboard().checkGuess(parsed));
        if (g.settled()) {
            if (games.ended(game).isDefined()) {
                throw new GoneException(game); // kept in-process as settled: its state is gone since
            }
            throw new GameSettledException(game);
        }
        try {
            return append.append(StreamKey.of(partitions.queueOf(game), Channels.GUESSES), new GuessSubmitted(game, g.room(), playerId, player, code).fields());
        } catch (StreamStoreException.NotReplicated landed) {
            throw new UnconfirmedException(landed.receipts().get(0), landed); // in the log of the master, its replicas silent
        }
    }
}
