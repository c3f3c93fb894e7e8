package codemojex.app.core.service;

import codemojex.app.core.EndedGame;
import codemojex.app.core.FeedBucket;
import codemojex.app.core.FeedStats;
import codemojex.app.core.FeedWindow;
import codemojex.app.core.GoneException;
import codemojex.app.core.NotFoundException;
import codemojex.app.core.SeriesQuery;
import codemojex.app.core.port.in.BoardQuery;
import codemojex.app.core.port.in.FeedQuery;
import codemojex.app.core.port.in.GameQuery;
import codemojex.app.core.port.in.LeadLiveValuesUseCase;
import codemojex.app.core.port.in.LobbyQuery;
import codemojex.app.core.port.in.WatchGameUseCase;
import codemojex.projections.Board;
import codemojex.projections.Channels;
import codemojex.projections.Code;
import codemojex.projections.GamePartitions;
import codemojex.projections.GameRecord;
import codemojex.projections.Projections;
import echomq.domain.fold.Tally;
import echomq.domain.window.Series;
import echomq.engine.live.LiveValue;
import echomq.engine.live.StreamFollowers;
import io.vavr.Tuple;
import io.vavr.collection.TreeMap;
import io.vavr.control.Option;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the page watches, pushed as it changes: the last hour's feed and the lobby, computed on the
 * instance that leads the live values and cast from there to every instance (#54), and each watched
 * game (its board, whether it settled, its newest scored guesses), computed where it is watched. One
 * follower per followed stream and one live value per watched game serve every watcher, so a
 * thousand pages cost no more reads than one; a game's value lives while somebody watches it, woken
 * only by its own entries.
 */
public final class LiveService implements WatchGameUseCase, LeadLiveValuesUseCase, AutoCloseable {

    /** The window of the live feed. */
    public static final FeedWindow FEED_WINDOW = FeedWindow.DEFAULT;

    /**
     * The least time between two computations of the live feed: at most four pushes a second, which
     * a person reads as live. Without it a flood of scored guesses recomputed the feed (the hour's
     * panes, its chart) once per wake, back to back.
     */
    public static final Duration FEED_GAP = Duration.ofMillis(250);

    /** The series the live feed's {@code perMinute} is read from: the last hour in minutes. */
    public static final SeriesQuery.Feed PER_MINUTE = new SeriesQuery.Feed(FEED_WINDOW.length(), Duration.ofMinutes(1));

    /** The non-empty buckets of {@code series}: start (epoch ms) -> scored guesses. */
    static io.vavr.collection.Map<Long, Integer> perMinute(Series<Tally<FeedBucket>> series) {
        // summed by a plain loop: values().sum() walks a lazy Stream of boxed longs, and it ran for sixty buckets of every
        // player at every recompute of the live feed (a profile under simulate had it at a quarter of the feed's time)
        // keyed by the minute's own start, not the window's: the oldest bucket is clipped to the window, whose start slides
        // every second, and a key that moved with it would make the feed a new value (a new cast, #54) with nothing new to show
        return TreeMap.ofEntries(series.buckets()
                .map(b -> Tuple.of(minuteOf(b.window().t0().toEpochMilli()), (int) b.value().value().guesses()))
                .filter(t -> t._2 > 0));
    }

    /** The start of the epoch-aligned minute holding {@code ms}: a bucket of {@link #PER_MINUTE}, unclipped. */
    private static long minuteOf(long ms) {
        return ms - Math.floorMod(ms, 60_000L);
    }

    /** Scored guesses a game's live view lists. */
    public static final int GAME_RECENT = 20;


    private final GameQuery games;
    private final FeedQuery feeds;
    private final BoardQuery boards;
    private final StreamFollowers followers;
    private final GamePartitions partitions;
    private final Executor dispatch;
    /**
     * Where every live value computes: a few threads shared by the feed, the lobby and every
     * watched game (a thread per watched game would be a thousand for a thousand pages).
     */
    private final ScheduledExecutorService computing = Executors.newScheduledThreadPool(COMPUTING_THREADS, r -> {
        Thread t = new Thread(r, "live-compute");
        t.setDaemon(true);
        return t;
    });
    private final LobbyQuery lobbies;
    /** The feed and the lobby while this instance leads the live values ({@link #lead}), else null. */
    private LiveValue<FeedView> feed;
    private LiveValue<List<LobbyQuery.LobbyGame>> lobby;
    private final Map<String, Watched> watched = new HashMap<>();

    private record Watched(LiveValue<GameView> value, int watchers) {
    }


    /**
     * Over the services, the streams' followers and a dispatcher for the watchers' deliveries. The feed and the lobby are
     * computed only while this instance leads ({@link #lead}): one instance computes them for all, which cast them.
     */
    public LiveService(GameQuery games, FeedQuery feeds, LobbyQuery lobbies, BoardQuery boards, StreamFollowers followers, GamePartitions partitions, Executor dispatch) {
        this.games = Objects.requireNonNull(games, "games");
        this.feeds = Objects.requireNonNull(feeds, "feeds");
        this.boards = Objects.requireNonNull(boards, "boards");
        this.lobbies = Objects.requireNonNull(lobbies, "lobbies");
        this.followers = Objects.requireNonNull(followers, "followers");
        this.partitions = Objects.requireNonNull(partitions, "partitions");
        this.dispatch = Objects.requireNonNull(dispatch, "dispatch");
    }

    /**
     * Starts computing the feed and the lobby: this instance leads the live values (the other instances push what it
     * casts). A second call does nothing.
     */
    @Override
    public synchronized void lead() {
        if (feed != null) {
            return;
        }
        // a tick a second: the window's trailing edge moves even when nothing is appended
        feed = LiveValue.start("feed", followers, partitions.channel(Channels.GUESS_SCORED).keys(),
                () -> new FeedView(feeds.feed(FEED_WINDOW), perMinute(feeds.feedSeries(PER_MINUTE)), feeds.feedStats(FEED_WINDOW)),
                Option.some(Duration.ofSeconds(1)), FEED_GAP, computing, dispatch);
        // a game opened, a guess scored: the lobby's list, its players and bests, at most twice a second (it reads every listed game);
        // with nothing appended, only the edge of its windows moves, a pane (a minute) at a time: a tick a minute
        lobby = LiveValue.start("lobby", followers, partitions.channel(Channels.ROOM_OPENED).keys()
                        .appendAll(partitions.channel(Channels.GUESS_SCORED).keys()),
                () -> lobbies.lobby(LOBBY_SIZE), Option.some(LOBBY_TICK), Duration.ofMillis(500), computing, dispatch);
    }

    /** Stops computing the feed and the lobby: another instance leads now. */
    @Override
    public synchronized void unlead() {
        if (feed != null) {
            feed.close();
            lobby.close();
        }
        feed = null;
        lobby = null;
    }

    /** The live feed's metrics while this instance leads, none otherwise. */
    public synchronized Option<LiveValue.Metrics> feedMetrics() {
        return feed == null ? Option.none() : Option.some(feed.metrics());
    }

    /** Whether this instance computes the feed and the lobby now. */
    @Override
    public synchronized boolean leads() {
        return feed != null;
    }

    /** Threads every live value computes on, whatever the number of watched games. */
    public static final int COMPUTING_THREADS = 4;

    /**
     * How often the lobby is computed with nothing appended: its activity is counted in panes of a minute
     * ({@code LobbyService.ACTIVITY}), so between appends it changes at most once a minute. It reads each listed
     * game: at a tick of 5 s, 20 listed games cost an idle server 12 Redis commands a second.
     */
    public static final Duration LOBBY_TICK = Duration.ofMinutes(1);

    /** Games the lobby lists. */
    public static final int LOBBY_SIZE = 20;

    /**
     * The lobby: the open games people play first, then the newest ({@link LobbyQuery#lobby}), with their room, players and best.
     *
     * @throws IllegalStateException when this instance does not lead ({@link #leads})
     */
    @Override
    public synchronized LiveValue<List<LobbyQuery.LobbyGame>> lobby() {
        if (lobby == null) {
            throw new IllegalStateException("this instance does not lead the live values: it computes no lobby");
        }
        return lobby;
    }

    /**
     * The live feed of the last hour.
     *
     * @throws IllegalStateException when this instance does not lead ({@link #leads})
     */
    @Override
    public synchronized LiveValue<FeedView> feed() {
        if (feed == null) {
            throw new IllegalStateException("this instance does not lead the live values: it computes no feed");
        }
        return feed;
    }

    /**
     * Watches game {@code game} until the returned handle is closed: {@code listener} gets its view
     * now and at every change. @throws NotFoundException when there is no such game
     */
    @Override
    public AutoCloseable watchGame(String game, LiveValue.Listener<GameView> listener) {
        GameRecord record = games.game(game); // refuses a bad or unknown id before anything is started
        LiveValue<GameView> value;
        synchronized (watched) {
            Watched w = watched.get(game);
            if (w == null) {
                // no tick: a game's view changes only with a scored guess of it (its settling is committed with
                // one) or its closing (serve --keep, on game-closed), so a watched game where nobody plays
                // costs no Redis command; and only its own entries wake it: a guess in another game of the
                // partition costs it nothing (a thousand watched games cost a guess one view, not a thousand)
                w = new Watched(LiveValue.start("game", followers,
                        List.of(partitions.stream(partitions.of(game), Channels.GUESS_SCORED),
                                partitions.stream(partitions.of(game), Channels.GAME_CLOSED)),
                        new StreamFollowers.Where("game", game), () -> view(record), Option.none(), Duration.ZERO, computing, dispatch), 0);
            }
            watched.put(game, new Watched(w.value(), w.watchers() + 1));
            value = w.value();
        }
        AutoCloseable subscription = value.subscribe(listener);
        AtomicBoolean closed = new AtomicBoolean();
        return () -> {
            if (!closed.compareAndSet(false, true)) {
                return; // a handle closed twice is one watcher less, once
            }
            subscription.close();
            synchronized (watched) {
                Watched w = watched.get(game);
                if (w != null && w.watchers() <= 1) {
                    watched.remove(game);
                    w.value().close();
                } else if (w != null) {
                    watched.put(game, new Watched(w.value(), w.watchers() - 1));
                }
            }
        };
    }

    /** Games watched now, each with one live value whatever the number of watchers. */
    public int watchedGames() {
        synchronized (watched) {
            return watched.size();
        }
    }

    /** The followers' counts, for the health check. */
    public StreamFollowers.Metrics followerMetrics() {
        return followers.metrics();
    }

    private GameView view(GameRecord opened) {
        GameRecord now;
        try {
            now = games.game(opened.game());
        } catch (GoneException gone) {
            // ended by serve --keep while watched: its last value, from the record kept of it (closed or settled)
            EndedGame e = games.ended(opened.game()).getOrElseThrow(() -> gone);
            return new GameView(e.game(), e.room(), e.status(), e.winner(), e.winnerId(), Option.some(e.secret()), e.top(),
                    feeds.gameFeed(opened, GAME_RECENT).value());
        }
        return new GameView(now.game(), now.room(), now.settled() ? "settled" : "open", now.winner(), now.winnerId(),
                now.settled() ? Option.some(now.secret()) : Option.none(), boards.board(now.game(), 10),
                feeds.gameFeed(now, GAME_RECENT).value());
    }

    /** Stops the feed, every watched game and the followers. */
    @Override
    public void close() {
        unlead();
        synchronized (watched) {
            watched.values().forEach(w -> w.value().close());
            watched.clear();
        }
        computing.shutdownNow();
        followers.close();
    }
}
