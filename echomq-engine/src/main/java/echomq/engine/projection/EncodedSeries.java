package echomq.engine.projection;

import echomq.domain.window.Bucket;
import echomq.domain.window.Series;

import io.vavr.collection.List;

import java.util.Objects;

/**
 * A series with each bucket's encoding beside it, in the same order: what
 * {@link ProjectionReader#fold(echomq.domain.stream.StreamKey, echomq.domain.window.Bucketed,
 * echomq.domain.fold.Fold, java.util.function.Function)} answers. A sealed bucket's encoding is made
 * once and handed out again with the same bucket, so a caller that writes the series out (as JSON,
 * say) writes only the buckets that changed and copies the rest.
 * <pre>{@code
 * EncodedSeries<Long, String> s = reader.fold(key, hour, count, b -> "{\"n\":" + b.value() + "}");
 * String json = s.encodings().mkString("[", ",", "]");
 * }</pre>
 *
 * @param series    the series
 * @param encodings each bucket's encoding, in the order of {@code series.buckets()}
 * @param <A>       the fold's accumulator
 * @param <E>       the encoding
 */
public record EncodedSeries<A, E>(Series<A> series, List<E> encodings) {

    /**
     * Checks that there is one encoding per bucket.
     *
     * @param series    the series
     * @param encodings one per bucket, none null
     * @throws IllegalArgumentException when the counts differ or an encoding is null
     */
    public EncodedSeries {
        Objects.requireNonNull(series, "series");
        Objects.requireNonNull(encodings, "encodings");
        if (encodings.size() != series.buckets().size()) {
            throw new IllegalArgumentException(encodings.size() + " encodings for " + series.buckets().size() + " buckets");
        }
        if (encodings.contains(null)) {
            throw new IllegalArgumentException("an encoding is null: the encoder must answer a value for every bucket");
        }
    }

    /**
     * The buckets with their encodings, in time order.
     *
     * @return the series' buckets
     */
    public List<Bucket<A>> buckets() {
        return series.buckets();
    }
}
