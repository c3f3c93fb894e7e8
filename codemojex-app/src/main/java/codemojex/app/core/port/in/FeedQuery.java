package codemojex.app.core.port.in;

import codemojex.app.core.FeedBucket;
import codemojex.app.core.FeedStats;
import codemojex.app.core.FeedWindow;
import codemojex.app.core.SeriesQuery;
import codemojex.projections.GameRecord;
import codemojex.projections.Projections;
import echomq.domain.fold.Tally;
import echomq.domain.window.Series;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;

/** The recent activity feed: a windowed fold of {@code guess-scored}, as a list and as a series. */
public interface FeedQuery {

    /** The feed's length. */
    int FEED_SIZE = 20;

    /** The feed over {@code window}, with the entries it skipped as unreadable. */
    Tally<Projections.Feed> feed(FeedWindow window);

    /** The feed over {@code window}: the quantiles of its totals and its distinct players. */
    Tally<FeedStats> feedStats(FeedWindow window);

    /** The feed's series: player -> scored guesses, and their stats, per bucket of {@code query}, every bucket present. */
    Series<Tally<FeedBucket>> feedSeries(SeriesQuery.Feed query);

    /** The newest {@code size} scored guesses of {@code game}. */
    Tally<Projections.Feed> gameFeed(GameRecord game, int size);

    /**
     * When a window of the last {@code since} reaches past what retention kept of {@code guess-scored}
     * ({@code serve --keep}, {@code trim}), the instant from which it holds everything; none when it was kept whole.
     */
    Option<Instant> keptFrom(Duration since);
}
