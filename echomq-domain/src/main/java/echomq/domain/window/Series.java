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

    /**
     * This series and {@code other}, bucket by bucket, as a partitioned channel's partitions are
     * merged: the entries added, the values merged with {@code merge} (this one's first). The
     * buckets are matched by their windows, not by their position, so two series cut differently
     * (another range, other buckets, a bucket missing) are refused rather than merged wrongly.
     * <pre>{@code
     * Series<Long> all = p0.merge(p1, Long::sum);
     * }</pre>
     *
     * @param other the series of another partition, over the same buckets
     * @param merge merges this one's value of a bucket with the other's
     * @return the merged series
     * @throws IllegalArgumentException naming the first bucket that differs, or the counts of buckets
     */
    public Series<A> merge(Series<A> other, java.util.function.BinaryOperator<A> merge) {
        Objects.requireNonNull(other, "other");
        Objects.requireNonNull(merge, "merge");
        if (buckets.size() != other.buckets.size()) {
            throw new IllegalArgumentException("series of " + buckets.size() + " buckets cannot be merged with one of "
                    + other.buckets.size() + ": they are not cut alike");
        }
        return new Series<>(buckets.zipWith(other.buckets, (p, q) -> {
            if (!p.window().equals(q.window())) {
                throw new IllegalArgumentException("bucket " + p.window() + " cannot be merged with bucket " + q.window()
                        + ": the series are not cut alike");
            }
            return new Bucket<>(p.window(), p.entries() + q.entries(), merge.apply(p.value(), q.value()));
        }));
    }
}
