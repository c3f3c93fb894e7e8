package codemojex.app.core.port.out;

import echomq.domain.id.StreamId;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Where the live values are cast once for every instance (#54): the instance that leads computes the
 * live feed, the lobby, the chart's closing buckets and the closing play sessions, and casts each as
 * its pages' event (kind, id, data); every instance, the lead too, reads the casts back in order and
 * pushes them to its pages. So a scored guess costs one computation of each value however many
 * instances serve pages, and every instance sends the same events.
 */
public interface LiveCasts {

    /**
     * One cast: a page's event.
     *
     * @param kind its event name: {@code feed}, {@code lobby}, {@code bucket}, {@code session}
     * @param game the game it is of ({@code session}), empty for every page
     * @param id   its event id, empty for none
     * @param data its event data, the page's JSON
     */
    record Cast(String kind, String game, String id, String data) {
        public Cast {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(game, "game");
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(data, "data");
            if (kind.isEmpty()) {
                throw new IllegalArgumentException("a cast has a kind, got none");
            }
        }
    }

    /**
     * A cast as read back.
     *
     * @param at   its position among the casts: later casts are after it
     * @param cast the cast
     */
    record Read(StreamId at, Cast cast) {
        public Read {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(cast, "cast");
        }
    }

    /** Casts {@code cast}, kept as the latest of its kind too when {@code latest} (a value a page gets as it connects). */
    StreamId cast(Cast cast, boolean latest);

    /**
     * Keeps the latest casts readable while this instance leads (called at its lease's rounds): the store
     * lets casts go some time after the last one, so that a quiet deployment keeps none for long; the
     * latest must outlive a quiet spell for an instance that starts later. {@code latest} is what this
     * lead cast last of each kind kept as latest, written again when the store lost it. Writes nothing
     * while the latest is young enough.
     */
    void keep(List<Read> latest);

    /** The latest cast of each kind cast with {@code latest}: what a starting instance hands its first pages. */
    List<Read> latest();

    /** Where the casts stand now: what is cast from now on is after it. */
    StreamId top();

    /** The casts after {@code after}, in order, at most {@code count}, waiting up to {@code block} when there are none yet. */
    List<Read> after(StreamId after, int count, Duration block);
}
