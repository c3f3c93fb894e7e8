package echomq.domain.window;

import io.vavr.collection.List;

import java.time.Instant;
import java.util.Objects;

/**
 * A range cut into buckets: the window a series is read over, a value like every other window, so
 * a reader answers a series through the same entry point as a single fold. The range is closed,
 * or sliding: {@code Window.last(d)} is {@code [now - d, now]} at each read.
 * <pre>{@code
 * Bucketed hour = Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1)));
 * Series<Long> perMinute = reader.fold(key, hour, count);
 * }</pre>
 *
 * @param range   the range: a {@link Window.Closed} or a {@link Window.Sliding}
 * @param buckets how it is cut
 */
public record Bucketed(Window range, Buckets buckets) {

    /**
     * Checks that the range is closed or sliding (a half-open range has no last bucket).
     *
     * @param range   the range, closed or sliding
     * @param buckets how it is cut
     * @throws IllegalArgumentException for a half-open range
     */
    public Bucketed {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(buckets, "buckets");
        if (!range.hasEnd()) {
            throw new IllegalArgumentException("a series needs an end: " + range + " has none; use Window.closed or Window.last");
        }
    }

    /**
     * The closed range at {@code now}: itself when closed, {@code [now - length, now]} when sliding.
     *
     * @param now the reader's instant
     * @return the range
     */
    public Window.Closed at(Instant now) {
        return range.closedAt(now).get();
    }

    /**
     * The buckets of the range at {@code now}, clipped to it: {@link Buckets#over}.
     *
     * @param now the reader's instant
     * @return the buckets, in time order
     * @throws IllegalArgumentException when the range holds more than {@link Buckets#MAX_BUCKETS}
     */
    public List<Window.Closed> windows(Instant now) {
        return buckets.over(at(now));
    }

    /**
     * How many buckets the range holds at {@code now}, counted without cutting them: {@link Buckets#count}.
     *
     * @param now the reader's instant
     * @return at least the number of {@link #windows}
     */
    public long count(Instant now) {
        return buckets.count(at(now));
    }
}
