package codemojex.app.core.service;

import codemojex.app.core.BadInputException;
import codemojex.app.core.EndedGame;
import codemojex.app.core.GuessResult;
import codemojex.app.core.NotFoundException;
import codemojex.app.core.port.in.GameQuery;
import codemojex.app.core.port.out.Games;
import codemojex.app.core.port.out.GuessResults;
import codemojex.projections.Channels;
import codemojex.projections.GamePartitions;
import codemojex.projections.GameRecord;
import codemojex.projections.Names;
import echomq.domain.id.BrandedId;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import io.vavr.control.Option;

import java.util.List;
import java.util.Objects;

/** A game and what became of its guesses, read from the game store, the recorded results and the log. */
public final class GameService implements GameQuery {

    private final Games games;
    private final GameCache cache;
    private final GuessResults results;
    private final StreamRangePort range;
    private final GamePartitions partitions;

    /** Over the game store, the games kept in-process (shared with {@link SubmitGuessService}), the results, the log and its partitions. */
    public GameService(Games games, GameCache cache, GuessResults results, StreamRangePort range, GamePartitions partitions) {
        this.games = Objects.requireNonNull(games, "games");
        this.cache = Objects.requireNonNull(cache, "cache");
        this.results = Objects.requireNonNull(results, "results");
        this.range = Objects.requireNonNull(range, "range");
        this.partitions = Objects.requireNonNull(partitions, "partitions");
    }

    @Override
    public GameRecord game(String game) {
        BadInputException.check("game", () -> Names.requireId("game", game));
        return cache.read(game).getOrElseThrow(() -> cache.missing(game));
    }

    @Override
    public Option<EndedGame> ended(String game) {
        BadInputException.check("game", () -> Names.requireId("game", game));
        return games.ended(game);
    }

    @Override
    public List<GuessResult> guessesOf(String game, String playerId) {
        game(game);
        return results.of(game, playerId);
    }

    @Override
    public GuessResult guess(String game, String guessId) {
        BrandedId id = BadInputException.check("guessId", () -> StreamAppendPort.requireEventId(BrandedId.parse(guessId)));
        BadInputException.check("game", () -> Names.requireId("game", game));
        // a result is kept only in its game's results, written by the commit of a guess for that game:
        // found, it says the game is there, and the game's hash need not be read (a page polls this)
        Option<GuessResult> recorded = results.find(game, guessId);
        if (recorded.isDefined()) {
            if (recorded.get() instanceof GuessResult.Scored s && s.score().cracked() && !cache.knownSettled(game)) {
                cache.read(game); // it settled the game: a guess submitted here from now on is refused (409), not taken
            }
            return recorded.get();
        }
        game(game);
        // a guess id is the branded id of its entry in `guesses`: one exact read says whether it was submitted here
        StreamKey guesses = partitions.stream(partitions.of(game), Channels.GUESSES);
        List<StreamEntry> found = range.range(guesses, id.streamId(), id.streamId(), 1);
        if (found.stream().noneMatch(e -> e.branded().contains(id) && e.field("game").contains(game))) {
            throw new NotFoundException("no guess " + guessId + " in game " + game);
        }
        return new GuessResult.Pending(guessId, game);
    }
}
