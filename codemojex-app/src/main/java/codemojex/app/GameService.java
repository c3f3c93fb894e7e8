package codemojex.app;

import codemojex.app.redis.Keys;
import codemojex.app.redis.RedisGames;
import codemojex.projections.Board;
import codemojex.projections.Channels;
import codemojex.projections.Code;
import codemojex.projections.GameEvent.GuessSubmitted;
import codemojex.projections.GameEvent.RoomOpened;
import codemojex.projections.Keyboard;
import codemojex.projections.Names;
import codemojex.projections.Projections;
import echomq.domain.BrandedId;
import echomq.domain.ProjectionReader;
import echomq.domain.Retention;
import echomq.domain.Snowflake;
import echomq.domain.StreamAppendPort;
import echomq.domain.StreamEntry;
import echomq.domain.StreamRangePort;
import echomq.domain.StreamRetentionPort;
import echomq.domain.StreamStatePort;
import echomq.domain.StreamWindows;
import echomq.domain.Window;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/** What players and operators do, over the ports: open games, guess, and read the projections. */
public final class GameService {

    /** The feed's length. */
    public static final int FEED_SIZE = 20;

    /** Cached folds kept by the projection reader (panes, windows). */
    public static final int CACHE_ENTRIES = 10_000;

    private final StreamAppendPort append;
    private final StreamRangePort range;
    private final StreamWindows windows;
    private final ProjectionReader reader;
    private final StreamRetentionPort retention;
    private final RedisGames games;
    private final Board board;
    private final Snowflake minter;
    private final Clock clock;
    private final RandomGenerator rng;

    public GameService(StreamAppendPort append, StreamRangePort range, StreamStatePort states, StreamRetentionPort retention,
                       RedisGames games, Board board, Snowflake minter, Clock clock, RandomGenerator rng) {
        this.append = Objects.requireNonNull(append, "append");
        this.range = Objects.requireNonNull(range, "range");
        this.windows = new StreamWindows(range);
        this.reader = new ProjectionReader(range, states, clock, CACHE_ENTRIES);
        this.retention = Objects.requireNonNull(retention, "retention");
        this.games = Objects.requireNonNull(games, "games");
        this.board = Objects.requireNonNull(board, "board");
        this.minter = Objects.requireNonNull(minter, "minter");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.rng = Objects.requireNonNull(rng, "rng");
    }

    /** A game as its players see it: never the secret. */
    public record OpenedGame(String game, String room, Keyboard keyboard) {
    }

    /** Opens a game in {@code room}: a fresh keyboard and a secret drawn from it. */
    public OpenedGame open(String room) {
        BadInputException.check("room", () -> Names.requireId("room", room));
        Keyboard keyboard = Keyboard.draw(rng);
        Code secret = keyboard.drawSecret(rng);
        String game = minter.nextId("GAM").toString();
        games.create(new GameRecord(game, room, keyboard, secret, clock.instant(), Option.none()));
        append.append(Channels.QUEUE, Channels.ROOM_OPENED, new RoomOpened(room, game, keyboard).fields());
        return new OpenedGame(game, room, keyboard);
    }

    /** The game, or a 404. */
    public GameRecord game(String game) {
        BadInputException.check("game", () -> Names.requireId("game", game));
        return games.find(game).getOrElseThrow(() -> new NotFoundException("no game " + game));
    }

    /** Submits a guess for the score worker; returns its guess id. */
    public BrandedId submit(String game, String player, String guess) {
        BadInputException.check("player", () -> Names.requirePlayer(player));
        GameRecord g = game(game);
        Code code = BadInputException.check("guess", () -> g.keyboard().parseGuess(guess));
        if (g.settled()) {
            throw new GameSettledException(game);
        }
        return append.append(Channels.QUEUE, Channels.GUESSES, new GuessSubmitted(game, g.room(), player, code).fields());
    }

    /** The game was cracked already: no more guesses. */
    public static final class GameSettledException extends RuntimeException {
        public GameSettledException(String game) {
            super("game " + game + " is settled: it takes no more guesses");
        }
    }

    /** A guess as the API reports it: pending, or the score JSON the worker stored. */
    public record GuessView(String status, Option<String> scoreJson) {
    }

    public GuessView guess(String game, String guessId) {
        BrandedId id = BadInputException.check("guessId", () -> {
            BrandedId b = BrandedId.parse(guessId);
            StreamAppendPort.requireEventId(b);
            return b;
        });
        game(game);
        Option<String> score = games.score(game, guessId);
        if (score.isDefined()) {
            return new GuessView(score.get().contains("\"status\":\"rejected\"") ? "rejected" : "scored", score);
        }
        List<StreamEntry> found = range.range(Keys.stream(Channels.GUESSES), id.streamId(), id.streamId(), 1);
        boolean ours = found.stream().anyMatch(e -> e.branded().contains(id) && e.field("game").contains(game));
        if (!ours) {
            throw new NotFoundException("no guess " + guessId + " in game " + game);
        }
        return new GuessView("pending", Option.none());
    }

    public List<Board.Ranked> board(String game, int top) {
        if (top < 1 || top > 1000) {
            throw new BadInputException("top", "top must be 1..1000, got " + top);
        }
        game(game);
        return board.top(game, top);
    }

    /** The recent activity feed: the fold of {@code guess-scored} over the last {@code since}. */
    public Projections.Feed feed(Duration since) {
        requireSince(since);
        // sixty panes to the window: each folded once, the trailing partial one afresh, the leading one incrementally
        Duration pane = Duration.ofMillis(Math.max(1000, since.toMillis() / 60));
        return reader.foldSliding(Channels.QUEUE, Channels.GUESS_SCORED, since, pane, Projections.recentFeed(FEED_SIZE));
    }

    /** What the projection reader did so far (cache hits, incremental and full folds). */
    public ProjectionReader.Metrics projectionMetrics() {
        return reader.metrics();
    }

    static Duration requireSince(Duration since) {
        if (since == null || since.isNegative() || since.isZero() || since.compareTo(Duration.ofDays(31)) > 0) {
            throw new BadInputException("since", "since must be more than 0 and at most 31 days, got " + since);
        }
        return since;
    }

    /** Games opened per room in {@code [from, to]}. */
    public Map<String, Integer> openings(Instant from, Instant to) {
        Window w = BadInputException.check("to", () -> Window.closed(from, to));
        return reader.fold(Channels.QUEUE, Channels.ROOM_OPENED, w, Projections.roomOpenings());
    }

    /** The games settled on {@code day} in {@code zone}, in settle order. */
    public Vector<Projections.Result> results(LocalDate day, ZoneId zone) {
        return reader.fold(Channels.QUEUE, Channels.GAME_SETTLED, Projections.day(day, zone), Projections.dayResults());
    }

    /** The board rebuilt from the whole {@code guess-scored} log, beside the live one. */
    public record Rebuild(String game, List<Board.Ranked> rebuilt, List<Board.Ranked> live) {
        public boolean equal() {
            return rebuilt.equals(live);
        }
    }

    public Rebuild rebuildBoard(String game) {
        game(game);
        Map<String, Integer> bests = windows.foldWindow(Channels.QUEUE, Channels.GUESS_SCORED, Window.since(Instant.EPOCH),
                Projections.allTimeBoard(game));
        return new Rebuild(game, Board.ranking(bests).toJavaList(), board.top(game, 1000));
    }

    /** Trims every channel to what was minted in the last {@code olderThan}; removed counts per channel. */
    public java.util.Map<String, Long> trim(Duration olderThan, boolean exact) {
        if (olderThan == null || olderThan.isNegative() || olderThan.isZero()) {
            throw new BadInputException("older-than", "older-than must be more than 0, got " + olderThan);
        }
        Retention r = Retention.minAge(olderThan, clock, !exact);
        java.util.Map<String, Long> removed = new LinkedHashMap<>();
        for (String channel : List.of(Channels.ROOM_OPENED, Channels.GUESSES, Channels.GUESS_SCORED, Channels.GAME_SETTLED)) {
            removed.put(channel, retention.trim(Channels.QUEUE, channel, r));
        }
        return removed;
    }
}
