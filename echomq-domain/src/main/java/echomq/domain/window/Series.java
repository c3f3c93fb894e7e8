package echomq.domain.window;

import io.vavr.collection.List;

import java.util.Objects;

/**
 * A window read as buckets, in time order, every bucket present, empty ones included: what
 * {@link StreamWindows#foldSeries} answers.
 * <pre>{@code
 * Series<Long> perMinute = windows.foldSeries(key, Buckets.tumbling(Duration.ofMinutes(1)), hour, count);
 * perMinute.buckets().map(Bucket::value);  // 60 counts, zeros included
 * }</pre>
 *
 * @param buckets the buckets, in time order
 * @param <A>     the fold's accumulator
 */
public record Series<A>(List<Bucket<A>> buckets) {

    /**
     * Checks that the buckets are there.
     *
     * @param buckets the buckets, in time order
     */
    public Series {
        Objects.requireNonNull(buckets, "buckets");
    }

    /**
     * The number of entries in every bucket together (an entry of overlapping hopping buckets is
     * counted once per bucket it lies in).
     *
     * @return the sum of the buckets' entries
     */
    public long entries() {
        return buckets.map(Bucket::entries).sum().longValue();
    }
}
