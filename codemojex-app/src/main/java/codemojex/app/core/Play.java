package codemojex.app.core;

import codemojex.app.core.port.Games;
import codemojex.app.core.port.GuessResults;
import codemojex.projections.Channels;
import codemojex.projections.Code;
import codemojex.projections.GamePartitions;
import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.GameEvent.RoomOpened;
import codemojex.projections.GameRecord;
import codemojex.projections.Keyboard;
import codemojex.projections.Names;
import codemojex.projections.PlayerIds;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import io.vavr.control.Option;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * What players do: open a game, submit a guess, read what became of it. Every input is checked
 * before anything is written; a refusal is a {@link BadInputException} naming the field.
 */
public final class Play {

    private final Games games;
    private final GuessResults results;
    private final StreamAppendPort append;
    private final StreamRangePort range;
    private final Snowflake minter;
    private final Clock clock;
    private final RandomGenerator rng;
    private final GamePartitions partitions;
    private final GameCache cache;

    /**
     * Over the game store, the recorded results, the log (each game's events in its partition), the
     * minter of game ids, a clock and a source of secrets.
     */
    public Play(Games games, GuessResults results, StreamAppendPort append, StreamRangePort range, Snowflake minter, Clock clock,
                RandomGenerator rng, GamePartitions partitions) {
        this.partitions = Objects.requireNonNull(partitions, "partitions");
        this.games = Objects.requireNonNull(games, "games");
        this.results = Objects.requireNonNull(results, "results");
        this.append = Objects.requireNonNull(append, "append");
        this.range = Objects.requireNonNull(range, "range");
        this.minter = Objects.requireNonNull(minter, "minter");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.rng = Objects.requireNonNull(rng, "rng");
        this.cache = new GameCache(games, clock);
    }

    /**
     * A game as its players see it: never the secret.
     *
     * @param game     the game id
     * @param room     the room that opened it
     * @param keyboard the emojis to guess with
     */
    public record OpenedGame(String game, String room, Keyboard keyboard) {
    }

    /**
     * Opens a game in {@code room}: a fresh keyboard and a secret drawn from it.
     *
     * @throws UnconfirmedException when it opened and its replicas did not acknowledge it in time (the opened game the result)
     */
    public OpenedGame open(String room) {
        BadInputException.check("room", () -> Names.requireId("room", room));
        Keyboard keyboard = Keyboard.draw(rng);
        Code secret = keyboard.drawSecret(rng);
        String game = minter.nextId("GAM").toString();
        // the game and its room-opened entry in one step: a refusal leaves neither (a game no event names is unreachable)
        OpenedGame opened = new OpenedGame(game, room, keyboard);
        try {
            games.open(new GameRecord(game, room, keyboard, secret, clock.instant(), Option.none()), new RoomOpened(room, game, keyboard).fields());
        } catch (echomq.domain.stream.StreamStoreException.NotReplicated landed) {
            throw new UnconfirmedException(opened, landed); // opened on the master, its replicas silent
        }
        return opened;
    }

    /** The game, as the store has it now. @throws NotFoundException when there is none */
    public GameRecord game(String game) {
        BadInputException.check("game", () -> Names.requireId("game", game));
        return cache.read(game).getOrElseThrow(() -> missing(game));
    }

    /** The record kept of {@code game} once its state was removed ({@code serve --keep}), if it ended so. */
    public Option<EndedGame> ended(String game) {
        BadInputException.check("game", () -> Names.requireId("game", game));
        return games.ended(game);
    }

    /** A game not in the store: gone (410) when a record says it ended, else never seen (404). */
    private NotFoundException missing(String game) {
        return games.ended(game).isDefined() ? new GoneException(game) : new NotFoundException("no game " + game);
    }

    /**
     * Submits a guess of the player {@code playerId}, shown as {@code player}, for the score worker;
     * returns its guess id. The guess is six distinct emojis ({@link Code#parseGuess}), checked
     * before the game is read; then each must be on its keyboard. The game is the one kept in-process
     * ({@link GameCache}: settled for ever once seen settled, open as read at most a second ago).
     *
     * @throws BadInputException    naming the field: the player, the guess (its form, a repeated
     *                              emoji, an emoji off the keyboard) or the game id
     * @throws NotFoundException    when there is no such game ({@link GoneException} when it ended and its state was removed)
     * @throws GameSettledException when the game is over
     * @throws UnconfirmedException when the guess landed and its replicas did not acknowledge it in time (its id the result)
     */
    public BrandedId submit(String game, String playerId, String player, String guess) {
        BadInputException.check("player", () -> PlayerIds.require(playerId));
        BadInputException.check("player", () -> Names.requirePlayer(player));
        Code parsed = BadInputException.check("guess", () -> Code.parseGuess(guess)); // pure: nothing read yet
        BadInputException.check("game", () -> Names.requireId("game", game));
        GameRecord g = cache.find(game).getOrElseThrow(() -> missing(game));
        Code code = BadInputException.check("guess", () -> g.keyboard().checkGuess(parsed));
        if (g.settled()) {
            if (games.ended(game).isDefined()) {
                throw new GoneException(game); // kept in-process as settled: its state is gone since
            }
            throw new GameSettledException(game);
        }
        try {
            return append.append(StreamKey.of(partitions.queueOf(game), Channels.GUESSES), new GuessSubmitted(game, g.room(), playerId, player, code).fields());
        } catch (echomq.domain.stream.StreamStoreException.NotReplicated landed) {
            throw new UnconfirmedException(landed.receipts().get(0), landed); // in the log of the master, its replicas silent
        }
    }

    /**
     * What became of the guesses of the player {@code playerId} in {@code game} that were scored or
     * rejected, oldest first: that player's only, not those of others who had its name before. The
     * caller says who {@code playerId} is (a session's). @throws NotFoundException when there is no such game
     */
    public List<GuessResult> guessesOf(String game, String playerId) {
        game(game);
        return results.of(game, playerId);
    }

    /** What became of guess {@code guessId} of {@code game}. @throws NotFoundException when no such guess was submitted */
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
