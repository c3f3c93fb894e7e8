package codemojex.app.core.port.in;

import codemojex.app.core.FeedWindow;
import codemojex.app.core.SeriesQuery;
import codemojex.projections.GameRecord;
import codemojex.projections.Projections;
import echomq.domain.fold.Tally;
import echomq.domain.window.Series;
import io.vavr.collection.Map;

/** The recent activity feed: a windowed fold of {@code guess-scored}, as a list and as a series. */
public interface FeedQuery {

    /** The feed's length. */
    int FEED_SIZE = 20;

    /** The feed over {@code window}, with the entries it skipped as unreadable. */
    Tally<Projections.Feed> feed(FeedWindow window);

    /** The feed's series: player -> scored guesses per bucket of {@code query}, every bucket present. */
    Series<Tally<Map<String, Long>>> feedSeries(SeriesQuery.Feed query);

    /** The newest {@code size} scored guesses of {@code game}. */
    Tally<Projections.Feed> gameFeed(GameRecord game, int size);
}
