package echomq.sketches;

import io.vavr.control.Option;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The accumulator of a {@link Quantiles} fold: how many values fell in each of HdrHistogram's
 * buckets, with the exact count, least and greatest value. An immutable value: stepping or combining
 * makes a new one (the counts are kept in chunks of about √n of HdrHistogram's n buckets, chunks of
 * zeros left out, so a step copies one chunk and the array of chunks, never the histogram), and two states are equal when their counts per bucket, least and greatest values are, however
 * they were built.
 *
 * <p><b>Error.</b> {@link #quantile(double) quantile(q)} is never below the exact value of rank
 * {@code ⌈q·n⌉} and exceeds it by less than {@link #relativeError()} (10<sup>-d</sup> for {@code d}
 * significant digits) of it; values below 2·10<sup>d</sup> are exact.
 * <pre>{@code
 * QuantileState s = reader.fold(key, Window.last(Duration.ofHours(1)), Quantiles.of("latency", "ms", 2, 60_000L));
 * s.quantile(0.99);   // Some(p99) within 1%, or None for an empty window
 * }</pre>
 */
public final class QuantileState {

    private final Layout layout;
    /**
     * The count of each of HdrHistogram's buckets, by its index, in chunks: a null chunk holds only
     * zeros. Never written after construction: a step copies the chunk it changes and the array of chunks.
     */
    private final long[][] chunks;
    private final long count;
    private final long min;
    private final long max;

    private QuantileState(Layout layout, long[][] chunks, long count, long min, long max) {
        this.layout = layout;
        this.chunks = chunks;
        this.count = count;
        this.min = min;
        this.max = max;
    }

    static QuantileState empty(Layout layout) {
        return new QuantileState(layout, new long[layout.chunks()][], 0, Long.MAX_VALUE, Long.MIN_VALUE);
    }

    /** A state of the given counts by the lowest value of each bucket, in ascending order; the caller checked them. */
    static QuantileState of(Layout layout, List<long[]> lowestAndCount, long min, long max) {
        long[][] chunks = new long[layout.chunks()][];
        long n = 0;
        for (long[] bucket : lowestAndCount) {
            int index = layout.index(bucket[0]);
            long[] chunk = chunks[index / layout.chunkSize()];
            if (chunk == null) {
                chunk = new long[layout.chunkSize()];
                chunks[index / layout.chunkSize()] = chunk;
            }
            chunk[index % layout.chunkSize()] += bucket[1];
            n = Math.addExact(n, bucket[1]);
        }
        return n == 0 ? empty(layout) : new QuantileState(layout, chunks, n, min, max);
    }

    /** This state with {@code value} (already checked to be within the layout) counted once more. */
    QuantileState with(long value) {
        int index = layout.index(value);
        int size = layout.chunkSize();
        long[][] copy = chunks.clone();
        long[] old = chunks[index / size];
        long[] chunk = old == null ? new long[size] : old.clone();
        chunk[index % size]++;
        copy[index / size] = chunk;
        return new QuantileState(layout, copy, count + 1, Math.min(min, value), Math.max(max, value));
    }

    /** The state of this state's values and {@code other}'s: counts add up, so the order does not matter. */
    QuantileState merge(QuantileState other) {
        if (!layout.equals(other.layout)) {
            throw new IllegalArgumentException("cannot merge quantiles of " + layout + " with quantiles of " + other.layout);
        }
        if (other.count == 0) {
            return this;
        }
        if (count == 0) {
            return other;
        }
        long[][] sum = chunks.clone();
        for (int i = 0; i < sum.length; i++) {
            long[] a = chunks[i];
            long[] b = other.chunks[i];
            if (a == null) {
                sum[i] = b;
            } else if (b != null) {
                long[] both = a.clone();
                for (int j = 0; j < both.length; j++) {
                    both[j] += b[j];
                }
                sum[i] = both;
            }
        }
        return new QuantileState(layout, sum, count + other.count, Math.min(min, other.min), Math.max(max, other.max));
    }

    /** The non-empty buckets in ascending order: the lowest value of each and its count. */
    List<long[]> counts() {
        List<long[]> out = new ArrayList<>();
        int size = layout.chunkSize();
        for (int c = 0; c < chunks.length; c++) {
            if (chunks[c] != null) {
                for (int j = 0; j < size; j++) {
                    if (chunks[c][j] != 0) {
                        out.add(new long[] {layout.valueAt(c * size + j), chunks[c][j]});
                    }
                }
            }
        }
        return out;
    }

    /**
     * How many values were counted.
     *
     * @return the exact count
     */
    public long count() {
        return count;
    }

    /**
     * Whether no value was counted.
     *
     * @return true for an empty window
     */
    public boolean isEmpty() {
        return count == 0;
    }

    /**
     * The least value counted, exactly.
     *
     * @return the minimum, or none when empty
     */
    public Option<Long> min() {
        return count == 0 ? Option.none() : Option.some(min);
    }

    /**
     * The greatest value counted, exactly.
     *
     * @return the maximum, or none when empty
     */
    public Option<Long> max() {
        return count == 0 ? Option.none() : Option.some(max);
    }

    /**
     * The {@code q}-quantile: the value of rank {@code max(1, ⌈q·n⌉)} among the {@code n} values in
     * ascending order ({@code q} read as the decimal it prints as, the product exact), reported as the
     * highest value of its bucket (at most the maximum). Never below the exact value, and above it by
     * less than {@link #relativeError()} of it.
     * <pre>{@code
     * state.quantile(0.5);   // the median
     * }</pre>
     *
     * @param q the quantile, in {@code [0, 1]}
     * @return the quantile, or none when empty
     * @throws IllegalArgumentException when {@code q} is outside {@code [0, 1]}
     */
    public Option<Long> quantile(double q) {
        if (!(q >= 0.0 && q <= 1.0)) {
            throw new IllegalArgumentException("quantile " + q + " is outside [0, 1]");
        }
        if (count == 0) {
            return Option.none();
        }
        // the rank in decimal arithmetic, q as written (0.07, not the double's 0.07000000000000000666…): q * count in
        // floating point may land a hair past a whole number (0.07 * 100 is 7.000000000000001) and take the next rank
        long rank = Math.max(1L, java.math.BigDecimal.valueOf(q).multiply(java.math.BigDecimal.valueOf(count))
                .setScale(0, java.math.RoundingMode.CEILING).longValueExact());
        long seen = 0;
        int size = layout.chunkSize();
        for (int c = 0; c < chunks.length; c++) {
            if (chunks[c] == null) {
                continue;
            }
            for (int j = 0; j < size; j++) {
                seen += chunks[c][j];
                if (seen >= rank) {
                    return Option.some(Math.min(layout.highest(layout.valueAt(c * size + j)), max));
                }
            }
        }
        return Option.some(max);   // not reached: the counts add up to count
    }

    /**
     * The bound on a quantile's relative error: 10<sup>-d</sup> for {@code d} significant digits.
     *
     * @return the relative error
     */
    public double relativeError() {
        return Math.pow(10, -layout.significantDigits());
    }

    /**
     * How many of HdrHistogram's buckets hold a value.
     *
     * @return the number of non-empty buckets
     */
    public int buckets() {
        return counts().size();
    }

    /**
     * About how many bytes of heap this state holds (compressed references): its counts' chunks that
     * are not all zero, the array of chunks and the state itself. A chunk shared with another state
     * (the one a step came from) is counted in both.
     * <pre>{@code
     * perMinute.buckets().map(b -> b.value().footprint());   // what the reader keeps per bucket
     * }</pre>
     *
     * @return the estimated bytes
     */
    public long footprint() {
        long bytes = 40 + 16 + 4L * chunks.length;
        for (long[] chunk : chunks) {
            bytes += chunk == null ? 0 : 16 + 8L * chunk.length;
        }
        return bytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof QuantileState that && count == that.count && min == that.min && max == that.max
                && layout.equals(that.layout) && Arrays.deepEquals(chunks, that.chunks);
    }

    @Override
    public int hashCode() {
        return Objects.hash(layout, Arrays.deepHashCode(chunks), count, min, max);
    }

    @Override
    public String toString() {
        return "QuantileState[" + layout + ", n=" + count + (count == 0 ? "" : ", min=" + min + ", max=" + max)
                + ", " + buckets() + " buckets]";
    }

    /**
     * HdrHistogram's bucket arithmetic for one configuration (lowest discernible value 1): the index
     * of a value's bucket and back, as {@code AbstractHistogram} computes them (checked against it by
     * the tests); the histogram itself is never recorded into, only asked for a bucket's highest value.
     */
    static final class Layout {
        private final int significantDigits;
        private final long highestTrackableValue;
        private final Histogram arithmetic;
        private final int subBucketHalfCountMagnitude;
        private final int subBucketHalfCount;
        private final long subBucketMask;
        private final int leadingZeroCountBase;
        private final int length;
        private final int chunkSize;

        Layout(int significantDigits, long highestTrackableValue) {
            if (significantDigits < 1 || significantDigits > 5) {
                throw new IllegalArgumentException("significant digits " + significantDigits + " are outside [1, 5]");
            }
            if (highestTrackableValue < 2) {
                throw new IllegalArgumentException("highest trackable value " + highestTrackableValue + " is below 2");
            }
            this.significantDigits = significantDigits;
            this.highestTrackableValue = highestTrackableValue;
            this.arithmetic = new Histogram(1, highestTrackableValue, significantDigits);
            long largestValueWithSingleUnitResolution = 2 * (long) Math.pow(10, significantDigits);
            int subBucketCountMagnitude = (int) Math.ceil(Math.log(largestValueWithSingleUnitResolution) / Math.log(2));
            this.subBucketHalfCountMagnitude = subBucketCountMagnitude - 1;
            int subBucketCount = 1 << subBucketCountMagnitude;
            this.subBucketHalfCount = subBucketCount / 2;
            this.subBucketMask = subBucketCount - 1;
            this.leadingZeroCountBase = 64 - subBucketHalfCountMagnitude - 1;
            this.length = index(highestTrackableValue) + 1;
            int size = Integer.highestOneBit(Math.max(32, (int) Math.ceil(Math.sqrt(length))) - 1) << 1;
            this.chunkSize = size;
        }

        int significantDigits() {
            return significantDigits;
        }

        long highestTrackableValue() {
            return highestTrackableValue;
        }

        /** The index of {@code value}'s bucket. */
        int index(long value) {
            int bucketIndex = leadingZeroCountBase - Long.numberOfLeadingZeros(value | subBucketMask);
            int subBucketIndex = (int) (value >>> bucketIndex);
            return ((bucketIndex + 1) << subBucketHalfCountMagnitude) + (subBucketIndex - subBucketHalfCount);
        }

        /** The lowest value of the bucket at {@code index}. */
        long valueAt(int index) {
            int bucketIndex = (index >> subBucketHalfCountMagnitude) - 1;
            int subBucketIndex = (index & (subBucketHalfCount - 1)) + subBucketHalfCount;
            if (bucketIndex < 0) {
                subBucketIndex -= subBucketHalfCount;
                bucketIndex = 0;
            }
            return (long) subBucketIndex << bucketIndex;
        }

        /** How many buckets hold the values up to the highest. */
        int length() {
            return length;
        }

        int chunkSize() {
            return chunkSize;
        }

        int chunks() {
            return (length + chunkSize - 1) / chunkSize;
        }

        long lowest(long value) {
            return arithmetic.lowestEquivalentValue(value);
        }

        long highest(long bucket) {
            return arithmetic.highestEquivalentValue(bucket);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Layout that && significantDigits == that.significantDigits
                    && highestTrackableValue == that.highestTrackableValue;
        }

        @Override
        public int hashCode() {
            return 31 * significantDigits + Long.hashCode(highestTrackableValue);
        }

        @Override
        public String toString() {
            return significantDigits + " digits up to " + highestTrackableValue;
        }
    }
}
