package codemojex.app.core.service;

import codemojex.app.core.FeedBucket;
import codemojex.app.core.FeedStats;
import codemojex.app.core.FeedWindow;
import codemojex.app.core.SeriesQuery;
import codemojex.app.core.port.in.FeedQuery;
import codemojex.projections.Channels;
import codemojex.projections.GameRecord;
import codemojex.projections.Projections;
import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.checkpoint.StateCodec;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Tally;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Series;
import echomq.domain.window.Window;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/** The recent activity feed and its series, folds of every partition's {@code guess-scored}. */
public final class FeedService implements FeedQuery {

    /** The fold of one bucket of the feed's series: player -> scored guesses and their stats, skipping unreadable entries. */
    public static final CombinableFold<Tally<FeedBucket>> FEED_BUCKET = Tally.counting(FeedBucket.fold());

    /** The fold of the feed window's stats, skipping unreadable entries. */
    public static final CombinableFold<Tally<FeedStats>> FEED_STATS = Tally.counting(FeedStats.fold());

    private final ProjectionReads reads;
    private final CombinableFold<Tally<Projections.Feed>> feed = Tally.counting(Projections.recentFeed(FEED_SIZE));
    private final CombinableFold<Tally<Projections.Feed>> keptFeed;
    private final CombinableFold<Tally<FeedStats>> keptStats;
    private final CombinableFold<Tally<FeedBucket>> keptBucket;
    private final Set<FeedWindow> keptWindows;
    private final Set<SeriesQuery.Feed> keptSeries;

    /**
     * Over the shared reads. Only what the app declares is checkpointed: the panes of the feed's
     * {@code keptWindows} with {@code panes} (their stats with {@code statPanes}), the sealed buckets of
     * {@code keptSeries} with {@code buckets}, so that a restart takes them back instead of folding them again. Any other
     * window or series a request asks for is folded and cached in memory only (the reader's cache is
     * bounded): a read from anyone writes nothing to Redis.
     */
    public FeedService(ProjectionReads reads, StateCodec<Tally<Projections.Feed>> panes, StateCodec<Tally<FeedStats>> statPanes,
                       StateCodec<Tally<FeedBucket>> buckets, Set<FeedWindow> keptWindows, Set<SeriesQuery.Feed> keptSeries) {
        this.reads = Objects.requireNonNull(reads, "reads");
        this.keptFeed = Checkpointable.of(feed, panes);
        this.keptStats = Checkpointable.of(FEED_STATS, statPanes);
        this.keptBucket = Checkpointable.of(FEED_BUCKET, buckets);
        this.keptWindows = Set.copyOf(keptWindows);
        this.keptSeries = Set.copyOf(keptSeries);
    }

    @Override
    public Tally<Projections.Feed> feed(FeedWindow window) {
        // sixty panes to the window: each folded once, the trailing partial one afresh, the leading one incrementally
        return reads.fold(Channels.GUESS_SCORED, Window.last(window.length()).inPanesOf(window.pane()),
                keptWindows.contains(window) ? keptFeed : feed, Tally.merging(Projections.mergeFeeds(FEED_SIZE)));
    }

    @Override
    public Tally<FeedStats> feedStats(FeedWindow window) {
        // in the same panes as the feed, kept for the same windows
        return reads.fold(Channels.GUESS_SCORED, Window.last(window.length()).inPanesOf(window.pane()),
                keptWindows.contains(window) ? keptStats : FEED_STATS, Tally.merging(FeedStats::merge));
    }

    @Override
    public Series<Tally<FeedBucket>> feedSeries(SeriesQuery.Feed query) {
        return reads.series(Channels.GUESS_SCORED, Objects.requireNonNull(query, "query").window(),
                keptSeries.contains(query) ? keptBucket : FEED_BUCKET);
    }

    /** From the game's partition's {@code guess-scored}, since a minute before it opened, as writers' clocks may differ. */
    @Override
    public Tally<Projections.Feed> gameFeed(GameRecord game, int size) {
        Window.Since since = Window.since(game.openedAt().minus(Duration.ofMinutes(1)));
        return reads.fold(Channels.GUESS_SCORED, StreamKey.of(reads.partitions().queueOf(game.game()), Channels.GUESS_SCORED), since,
                Tally.counting(Projections.gameFeed(game.game(), size)));
    }

    @Override
    public Option<Instant> keptFrom(Duration since) {
        return reads.keptFrom(Channels.GUESS_SCORED, since);
    }
}
