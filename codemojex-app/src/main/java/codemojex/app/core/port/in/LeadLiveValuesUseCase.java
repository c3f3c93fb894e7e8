package codemojex.app.core.port.in;

import codemojex.app.core.FeedStats;
import codemojex.projections.Projections;
import echomq.domain.fold.Tally;
import echomq.engine.live.LiveValue;
import io.vavr.collection.Map;

import java.util.List;

/**
 * Leading the live values (#54): while this instance holds the lead, it computes the last hour's
 * feed and the lobby, which the lead casts to every instance. {@code leading.lead(); leading.feed().subscribe(cast);}
 */
public interface LeadLiveValuesUseCase {

    /**
     * The live feed: the last hour's items and totals, and scored guesses per minute for its chart.
     *
     * @param feed      the feed of the last hour
     * @param perMinute the start of each minute of the last hour that had scored guesses (epoch ms; the
     *                  oldest minute's own start, which may be before the window's, though it counts only
     *                  the guesses in the window) -> how many: the non-empty buckets of
     *                  {@link FeedQuery#feedSeries} in minutes
     * @param stats     the last hour's percentiles and distinct players ({@link FeedQuery#feedStats}):
     *                  folded here, in the background, so that their sealed panes are kept by the live
     *                  feed rather than by the first request that reads them (reads write nothing)
     */
    record FeedView(Tally<Projections.Feed> feed, Map<Long, Integer> perMinute, Tally<FeedStats> stats) {
    }

    /** Starts computing the feed and the lobby: this instance leads. A second call does nothing. */
    void lead();

    /** Stops computing the feed and the lobby: another instance leads now. */
    void unlead();

    /** Whether this instance computes the feed and the lobby now. */
    boolean leads();

    /** The live feed of the last hour. @throws IllegalStateException when this instance does not lead */
    LiveValue<FeedView> feed();

    /** The lobby: the open games people play first, then the newest. @throws IllegalStateException when this instance does not lead */
    LiveValue<List<LobbyQuery.LobbyGame>> lobby();
}
