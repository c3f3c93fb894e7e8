package codemojex.app.http;

import codemojex.app.core.CastReader;
import echomq.engine.live.LiveValue;
import echomq.engine.live.StreamFollowers;
import echomq.engine.projection.ProjectionReader;
import io.vavr.control.Option;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What {@code GET /health} answers: whether the app can serve, and what it did so far. The
 * library's metrics records are written as they are (their components), so a counter the library
 * adds shows up here without a change.
 *
 * @param status         {@code ok}; {@code starting} while the live feed has not folded its first hour (after a start,
 *                       a page's event stream would wait for it); {@code degraded} when Redis is down or refuses
 *                       writes, or an expected worker is not running
 * @param redis          {@code up} or {@code down}
 * @param writes         {@code accepted}; or why Redis refuses them while it serves reads ({@code redis refuses
 *                       writes: out of memory (OOM command not allowed …)}, {@code … cannot persist to disk
 *                       (MISCONF …)}); {@code unknown} when Redis could not be asked
 * @param client         the Redis client the app runs on
 * @param partitions     how many partitions the games are spread over
 * @param worker         the score worker
 * @param projections    what the projection reader did (cache hits, folds, state reads)
 * @param skippedEntries unreadable entries the reports skipped
 * @param requests       requests answered per route ({@code GET /games/{game}/board}; {@code other})
 * @param eventStreams   event streams open now
 * @param eventFrames    event frames written (once per change) and sent (once per client)
 * @param live           what the pages watch, pushed
 */
public record HealthWeb(String status, String redis, String writes, String client, int partitions, Worker worker, ProjectionReader.Metrics projections,
                        List<Skipped> skippedEntries, Map<String, Long> requests, int eventStreams, Frames eventFrames,
                        Streams live) {

    /**
     * The event streams' frames.
     *
     * @param built frames written as JSON: once per change of what is watched
     * @param sent  frames sent: once per client that watches it
     */
    public record Frames(long built, long sent) {
    }

    /**
     * The score worker.
     *
     * @param enabled  whether this process runs one
     * @param running  whether it runs now
     * @param scored   guesses it scored
     * @param rejected guesses it rejected
     * @param claimed  guesses it claimed from a consumer that stalled
     * @param pending  guesses delivered and not yet acknowledged; JSON null when Redis could not say
     * @param owned    the partitions whose lease this instance holds (its workers score only those), each with its
     *                 fencing epoch, in partition order
     * @param fenced   commits refused as fenced (the partition's lease had gone to another instance)
     */
    public record Worker(boolean enabled, boolean running, long scored, long rejected, long claimed, Option<Long> pending,
                         SortedMap<Integer, Long> owned, long fenced) {
        public Worker {
            owned = Collections.unmodifiableSortedMap(new TreeMap<>(owned));
        }

        /** A worker owning no partition, never fenced. */
        public Worker(boolean enabled, boolean running, long scored, long rejected, long claimed, Option<Long> pending) {
            this(enabled, running, scored, rejected, claimed, pending, new TreeMap<>(), 0);
        }
    }

    /**
     * An entry of the log a report skipped as unreadable.
     *
     * @param channel its channel
     * @param id      its id
     * @param reason  why it could not be read
     */
    public record Skipped(String channel, String id, String reason) {
    }

    /**
     * The live values the pages watch.
     *
     * @param followers    the streams' followers
     * @param lead         whether this instance leads the live values: it computes and casts the feed, the lobby, the chart
     *                     and the sessions for every instance (#54)
     * @param feed         the live feed as this instance computes it while it leads; JSON null when it does not
     * @param casts        the lead's casts as this instance read them back for its pages
     * @param watchedGames games watched now
     */
    public record Streams(StreamFollowers.Metrics followers, boolean lead, Option<LiveValue.Metrics> feed,
                          CastReader.Metrics casts, int watchedGames) {
    }
}
