package codemojex.app.core;

import echomq.domain.stream.StreamKey;
import codemojex.app.core.port.Games;
import codemojex.projections.Board;
import codemojex.projections.Channels;
import codemojex.projections.GamePartitions;
import codemojex.projections.Lobby;
import codemojex.projections.Names;
import codemojex.projections.Projections;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.checkpoint.Checkpoints;
import echomq.domain.checkpoint.StateCodec;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.fold.Tally;
import echomq.domain.id.StreamId;
import io.vavr.control.Option;
import echomq.engine.projection.ProjectionReader;
import echomq.domain.retention.Retention;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.retention.TrimReport;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Series;
import echomq.domain.window.Window;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;

/**
 * What players and operators read, all of it folds of the log (through the projection reader's
 * cache) or the live board: board, feed, room openings, day results; and the operator's two
 * checks on the log, rebuild and retention.
 */
public final class Reports {

    /** The feed's length. */
    public static final int FEED_SIZE = 20;

    /** Cached folds kept by the projection reader (panes, windows). */
    public static final int CACHED_FOLDS = 10_000;

    /**
     * Where and how the reports keep checkpoints.
     *
     * @param store     the checkpoint store
     * @param boards    the codec of every game's board (the whole-log projection of {@code guess-scored})
     * @param feed      the codec of a pane of the feed
     * @param buckets   the codec of a bucket of the feed's series (player -> scored guesses)
     * @param keepPanes how long the checkpoint of a sealed feed pane or series bucket is kept
     */
    public record Checkpointing(CheckpointPort store, StateCodec<Tally<Map<String, Map<String, Board.Standing>>>> boards,
                                StateCodec<Tally<Projections.Feed>> feed, StateCodec<Tally<Map<String, Long>>> buckets,
                                Duration keepPanes) {
        public Checkpointing {
            Objects.requireNonNull(store, "store");
            Objects.requireNonNull(boards, "boards");
            Objects.requireNonNull(feed, "feed");
            Objects.requireNonNull(buckets, "buckets");
            Objects.requireNonNull(keepPanes, "keepPanes");
        }
    }

    /** The whole-log projection the app checkpoints: every game's board, skipping unreadable entries. */
    public static final CombinableFold<Tally<Map<String, Map<String, Board.Standing>>>> BOARDS = Tally.counting(Projections.allTimeBoards());

    private final Games games;
    private final Board board;
    private final ProjectionReader reader;
    private final Checkpoints checkpoints;
    private final Checkpointing checkpointing;
    private final CombinableFold<Tally<Projections.Feed>> feed;
    private final CombinableFold<Tally<Map<String, Long>>> feedBucket;
    private final StreamRetentionPort retention;
    private final Clock clock;
    private final GamePartitions partitions;
    private final SkippedEntries skipped = new SkippedEntries();

    /**
     * Over the game store, the board, the log's range and state reads, its retention (a
     * {@code SafeRetention} hears the readers), checkpoints, a clock, and how games are spread over
     * partitions (every report folds all of them).
     */
    public Reports(Games games, Board board, StreamRangePort range, StreamStatePort states, StreamRetentionPort retention,
                   Checkpointing checkpointing, Clock clock, GamePartitions partitions) {
        this.partitions = Objects.requireNonNull(partitions, "partitions");
        this.games = Objects.requireNonNull(games, "games");
        this.board = Objects.requireNonNull(board, "board");
        this.checkpointing = Objects.requireNonNull(checkpointing, "checkpointing");
        this.reader = new ProjectionReader(range, states, clock, CACHED_FOLDS, StreamWindows.DEFAULT_PAGE_SIZE, checkpointing.store(),
                checkpointing.keepPanes());
        this.checkpoints = new Checkpoints(range, states, checkpointing.store(), clock);
        this.feed = Checkpointable.of(Tally.counting(Projections.recentFeed(FEED_SIZE)), checkpointing.feed());
        // the series' sealed buckets are checkpointed as the feed's panes are: a restart takes the
        // hour's per-minute activity from them instead of folding the hour again
        this.feedBucket = Checkpointable.of(FEED_BUCKET, checkpointing.buckets());
        this.retention = Objects.requireNonNull(retention, "retention");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The top {@code top} (1..1000) of a game's live board. */
    public List<Board.Ranked> board(String game, int top) {
        if (top < 1 || top > 1000) {
            throw new BadInputException("top", "top must be 1..1000, got " + top);
        }
        requireGame(game);
        return board.top(game, top);
    }

    /**
     * The recent activity feed: the fold of {@code guess-scored} over the last {@code since}, with
     * the entries it skipped as unreadable (they are also noted in {@link #skippedEntries()}).
     */
    public Tally<Projections.Feed> feed(Duration since) {
        requireSince(since);
        // sixty panes to the window: each folded once, the trailing partial one afresh, the leading one incrementally
        Duration pane = Duration.ofMillis(Math.max(1000, since.toMillis() / 60));
        return noted(Channels.GUESS_SCORED, reader.fold(partitions.channel(Channels.GUESS_SCORED), Window.last(since).inPanesOf(pane), feed, Tally.merging(Projections.mergeFeeds(FEED_SIZE))));
    }

    /**
     * The newest {@code size} scored guesses of {@code game}, a game read from the store (from its
     * partition's {@code guess-scored}, since a minute before it opened, as writers' clocks may differ).
     */
    public Tally<Projections.Feed> gameFeed(codemojex.projections.GameRecord game, int size) {
        Window.Since since = Window.since(game.openedAt().minus(Duration.ofMinutes(1)));
        return noted(Channels.GUESS_SCORED, reader.fold(StreamKey.of(partitions.queueOf(game.game()), Channels.GUESS_SCORED), since,
                Tally.counting(Projections.gameFeed(game.game(), size))));
    }

    /** The fold of one bucket of the feed's series: player -> scored guesses, skipping unreadable entries. */
    public static final CombinableFold<Tally<Map<String, Long>>> FEED_BUCKET = Tally.counting(Projections.guessesByPlayer());

    /**
     * The feed's series: {@code query}'s tumbling buckets over its sliding range, every partition's
     * {@code guess-scored} merged bucket by bucket, every bucket present (a quiet one holds no
     * player), through the projection reader's cache; sealed buckets are checkpointed, so a restart
     * reads them back instead of folding them again.
     */
    public Series<Tally<Map<String, Long>>> feedSeries(SeriesQuery.Feed query) {
        Objects.requireNonNull(query, "query");
        Series<Tally<Map<String, Long>>> series = reader.fold(partitions.channel(Channels.GUESS_SCORED), query.window(), feedBucket,
                feedBucket::combine);
        series.buckets().forEach(b -> skipped.note(Channels.GUESS_SCORED, b.value()));
        return series;
    }

    /** The fold of one bucket of the openings' series: room -> games opened, skipping unreadable entries (invertible, as the count is). */
    public static final InvertibleFold<Tally<Map<String, Integer>>> OPENINGS_BUCKET = Tally.counting(Projections.roomOpenings());

    /**
     * The openings' series: games opened per calendar bucket of {@code query} (room -> count), every
     * partition's {@code room-opened} merged, every bucket present.
     */
    public Series<Tally<Map<String, Integer>>> openingsSeries(SeriesQuery.Openings query) {
        Objects.requireNonNull(query, "query");
        Series<Tally<Map<String, Integer>>> series = reader.fold(partitions.channel(Channels.ROOM_OPENED), query.window(),
                OPENINGS_BUCKET, OPENINGS_BUCKET::combine);
        series.buckets().forEach(b -> skipped.note(Channels.ROOM_OPENED, b.value()));
        return series;
    }

    /** The newest games the lobby considers: opened in the last day. */
    public static final Duration LOBBY_WINDOW = Duration.ofDays(1);

    /** The lobby's activity: guesses scored in the last hour (a game with some is considered, however old the game). */
    public static final Duration LOBBY_ACTIVITY = Duration.ofHours(1);

    /**
     * The fold of the lobby's activity: game -> scored guesses, skipping unreadable entries. Invertible,
     * as the count is, so the lobby's sliding hour is kept running: a read folds what came in and
     * retracts what slid out.
     */
    public static final InvertibleFold<Tally<Map<String, Long>>> LOBBY_GUESSES = Tally.counting(Projections.guessesByGame());

    /**
     * A game in the lobby.
     *
     * @param game    the game
     * @param room    its room
     * @param players players on its board
     * @param best    the best score so far, 0 with no player yet
     */
    public record LobbyGame(String game, String room, long players, int best) {
    }

    /**
     * The {@code size} open games the lobby lists, the ones people play first ({@link Lobby#rank}:
     * players, then guesses in the last {@link #LOBBY_ACTIVITY}, then newest), with their players
     * and best. The candidates are the newest {@code size} games opened in the last day and the
     * {@code size} with the most recent guesses, so that rooms opened empty, however many, cannot
     * push a played game out (#27); at most {@code 2 * size} games are read.
     */
    public List<LobbyGame> lobby(int size) {
        CombinableFold<Tally<Vector<Projections.Opening>>> openings = Tally.counting(Projections.recentOpenings(size));
        Vector<Projections.Opening> newest = noted(Channels.ROOM_OPENED, reader.fold(partitions.channel(Channels.ROOM_OPENED), Window.last(LOBBY_WINDOW).inPanesOf(Duration.ofHours(1)), openings, Tally.merging(Projections.mergeOpenings(size)))).value();
        Map<String, Long> recent = noted(Channels.GUESS_SCORED, reader.fold(partitions.channel(Channels.GUESS_SCORED),
                Window.last(LOBBY_ACTIVITY).inPanesOf(Duration.ofMinutes(1)), LOBBY_GUESSES, LOBBY_GUESSES::combine)).value();
        java.util.LinkedHashSet<String> considered = new java.util.LinkedHashSet<>();
        newest.forEach(o -> considered.add(o.game()));
        Lobby.mostGuessed(recent, size).forEach(considered::add);
        List<Lobby.Candidate> candidates = new java.util.ArrayList<>();
        for (String id : considered) {
            io.vavr.control.Option<codemojex.projections.GameRecord> g = games.find(id);
            if (g.isEmpty() || g.get().settled()) {
                continue;
            }
            candidates.add(new Lobby.Candidate(id, g.get().room(), board.count(id), recent.get(id).getOrElse(0L), g.get().openedAt()));
        }
        List<LobbyGame> out = new java.util.ArrayList<>();
        for (Lobby.Candidate c : Lobby.rank(candidates, size)) {
            List<Board.Ranked> top = board.top(c.game(), 1);
            out.add(new LobbyGame(c.game(), c.room(), c.players(), top.isEmpty() ? 0 : top.get(0).best()));
        }
        return out;
    }

    /** The unreadable entries the reports skipped so far. */
    public SkippedEntries skippedEntries() {
        return skipped;
    }

    private <A> Tally<A> noted(String channel, Tally<A> tally) {
        skipped.note(channel, tally);
        return tally;
    }

    /** What the projection reader did so far (cache hits, incremental and full folds). */
    public ProjectionReader.Metrics projectionMetrics() {
        return reader.metrics();
    }

    /** Tells {@code l} what the reports' projection reader does (folds, cache, state reads). Returns these reports. */
    public Reports observedBy(echomq.domain.observe.EchoListener l) {
        reader.observedBy(l);
        return this;
    }

    /**
     * The feed's windows. Each length cuts panes of its own (a sixtieth of it), folded once and kept;
     * any length at all would let each request fold afresh, so only these are served.
     */
    public static final List<String> FEED_WINDOW_NAMES = List.of("5m", "15m", "1h", "6h", "24h", "7d");

    public static final List<Duration> FEED_WINDOWS = FEED_WINDOW_NAMES.stream().map(n -> Durations.parse("since", n)).toList();

    /**
     * The feed's window asked for as {@code text}: one of {@link #FEED_WINDOW_NAMES} as
     * {@link Durations} reads them ({@code PT6H} is {@code 6h}), {@code 1h} when blank.
     *
     * @throws BadInputException naming {@code since}, quoting what was given
     */
    public static Duration since(String text) {
        return Durations.oneOf("since", text == null || text.isBlank() ? "1h" : text, FEED_WINDOW_NAMES);
    }

    static Duration requireSince(Duration since) {
        if (since == null || !FEED_WINDOWS.contains(since)) {
            throw new BadInputException("since", "since must be one of " + String.join(", ", FEED_WINDOW_NAMES) + ", got "
                    + (since == null ? "nothing" : Durations.format(since)));
        }
        return since;
    }

    /** How long {@code GET /rooms/openings} (and the {@code rooms} command) looks back by default: a day. */
    public static final Duration OPENINGS_SPAN = Duration.ofDays(1);

    /** The panes of the default openings window: an hour, so a repeated read folds only what is new. */
    static final Duration OPENINGS_PANE = Duration.ofHours(1);

    /** The instant the reports read at (the app's clock): where a range given without its end ends. */
    public Instant now() {
        return clock.instant();
    }

    /**
     * Games opened per room until now, as {@code GET /rooms/openings} asks for them without {@code to}:
     * {@code [from, ∞)}, half-open, so that repeated reads extend one cached fold; without
     * {@code from}, the last {@link #OPENINGS_SPAN}, a sliding window in hourly panes, so that repeated
     * reads combine kept panes instead of folding a new window each (a window closed at each read's
     * "now" was a new cache entry and a full fold per request).
     */
    public Tally<Map<String, Integer>> openingsUntilNow(io.vavr.control.Option<Instant> from) {
        // invertible: the default sliding day is kept running rather than combined from its hourly panes
        InvertibleFold<Tally<Map<String, Integer>>> openings = Tally.counting(Projections.roomOpenings());
        Window w = from.isDefined() ? Window.since(from.get()) : Window.last(OPENINGS_SPAN).inPanesOf(OPENINGS_PANE);
        return noted(Channels.ROOM_OPENED, reader.fold(partitions.channel(Channels.ROOM_OPENED), w, openings, openings::combine));
    }

    /** Games opened per room in {@code [from, to]}, with the entries skipped as unreadable. */
    public Tally<Map<String, Integer>> openings(Instant from, Instant to) {
        Window w = BadInputException.check("to", () -> Window.closed(from, to));
        CombinableFold<Tally<Map<String, Integer>>> openings = Tally.counting(Projections.roomOpenings());
        // counts per room add up whatever the order: the fold's own combine merges partitions
        return noted(Channels.ROOM_OPENED, reader.fold(partitions.channel(Channels.ROOM_OPENED), w, openings, openings::combine));
    }

    /** The games settled on {@code day} in {@code zone}, in settle order, with the entries skipped as unreadable. */
    public Tally<Vector<Projections.Result>> results(LocalDate day, ZoneId zone) {
        Dates.requireWithin("day", day);
        return noted(Channels.GAME_SETTLED, reader.fold(partitions.channel(Channels.GAME_SETTLED), Projections.day(day, zone),
                Tally.counting(Projections.dayResults()), Tally.merging(Projections::mergeResults)));
    }

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
    public record Rebuild(String game, List<Board.Ranked> rebuilt, List<Board.Ranked> live, long skipped, Option<StreamId> from,
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
    public Rebuild rebuildBoard(String game) {
        requireGame(game);
        Checkpoints.Resumed<Tally<Map<String, Map<String, Board.Standing>>>> r = checkpointBoards(partitions.of(game));
        Map<String, Board.Standing> bests = r.value().value().get(game).getOrElse(io.vavr.collection.HashMap.empty());
        return new Rebuild(game, Board.ranking(bests).toJavaList(), board.all(game), r.value().skipped(),
                r.from().map(c -> c.upTo().id()), r.ignored(), r.tailEntries());
    }

    /**
     * Folds the boards of every game of partition {@code p} from its checkpoint and the tail, and
     * saves a new checkpoint when the tail held anything.
     */
    public Checkpoints.Resumed<Tally<Map<String, Map<String, Board.Standing>>>> checkpointBoards(int p) {
        Checkpoints.Resumed<Tally<Map<String, Map<String, Board.Standing>>>> r = checkpoints.foldLog(StreamKey.of(partitions.queue(p), Channels.GUESS_SCORED),
                BOARDS, checkpointing.boards(), 1);
        noted(Channels.GUESS_SCORED, r.value());
        return r;
    }

    /** {@link #checkpointBoards(int)} of every partition, in partition order. */
    public List<Checkpoints.Resumed<Tally<Map<String, Map<String, Board.Standing>>>>> checkpointBoards() {
        return partitions.all().map(this::checkpointBoards).toJavaList();
    }

    /**
     * Trims every channel to what was minted in the last {@code olderThan}, as far as its readers
     * allow (the score worker's pending and undelivered guesses, the checkpoint of every game's
     * board): per channel (per partition's channel, {@code cm-p1/guesses}, with more than one), what
     * was removed and who held the trim back.
     */
    public java.util.Map<String, TrimReport> trim(Duration olderThan, boolean exact) {
        if (olderThan == null || olderThan.isNegative() || olderThan.isZero()) {
            throw new BadInputException("older-than", "older-than must be more than 0, got " + olderThan);
        }
        Retention r = Retention.minAge(olderThan, clock, !exact);
        java.util.Map<String, TrimReport> reports = new LinkedHashMap<>();
        for (int p : partitions.all()) {
            for (String channel : TRIMMED) {
                String queue = partitions.queue(p);
                reports.put(partitions.count() == 1 ? channel : queue + "/" + channel, retention.trimReported(StreamKey.of(queue, channel), r));
            }
        }
        return reports;
    }

    /** The channels retention trims, in each partition. */
    static final List<String> TRIMMED = List.of(Channels.ROOM_OPENED, Channels.GUESSES, Channels.GUESS_SCORED, Channels.GAME_SETTLED);

    /**
     * What {@code serve --keep} applies: every channel of every partition keeps what was minted in
     * the last {@code keep}, trimmed approximately ({@code ~}) at most once per {@code every}; the
     * trims go through {@link #retention()}, so never past what a reader needs.
     *
     * @throws BadInputException naming {@code keep} when it is not more than 0
     */
    public echomq.domain.retention.RetentionPolicy keeping(Duration keep, Duration every) {
        if (keep == null || keep.isNegative() || keep.isZero()) {
            throw new BadInputException("keep", "keep must be more than 0, got " + keep);
        }
        List<echomq.domain.retention.RetentionPolicy.Rule> rules = new java.util.ArrayList<>();
        for (int p : partitions.all()) {
            for (String channel : TRIMMED) {
                rules.add(echomq.domain.retention.RetentionPolicy.keepAge(StreamKey.of(partitions.queue(p), channel), keep, every));
            }
        }
        return echomq.domain.retention.RetentionPolicy.of(rules.toArray(echomq.domain.retention.RetentionPolicy.Rule[]::new));
    }

    /**
     * The retention every trim goes through: a {@code SafeRetention} that holds a trim back for the
     * score workers' groups (pending and undelivered guesses) and every game's board checkpoint.
     */
    public StreamRetentionPort retention() {
        return retention;
    }

    private void requireGame(String game) {
        BadInputException.check("game", () -> Names.requireId("game", game));
        if (games.find(game).isEmpty()) {
            throw new NotFoundException("no game " + game);
        }
    }
}
