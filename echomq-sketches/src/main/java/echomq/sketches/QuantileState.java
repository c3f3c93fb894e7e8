package echomq.sketches;

import io.vavr.Tuple2;
import io.vavr.collection.TreeMap;
import io.vavr.control.Option;
import org.HdrHistogram.Histogram;

import java.util.Objects;

/**
 * The accumulator of a {@link Quantiles} fold: how many values fell in each of HdrHistogram's
 * buckets, with the exact count, least and greatest value. An immutable value: stepping or combining
 * makes a new one (a persistent map of the non-empty buckets, so a step costs a logarithm, not a copy),
 * and two states are equal when their counts per bucket, least and greatest values are, however
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
    /** Non-empty buckets by the lowest value each holds, in order. */
    private final TreeMap<Long, Long> counts;
    private final long count;
    private final long min;
    private final long max;

    private QuantileState(Layout layout, TreeMap<Long, Long> counts, long count, long min, long max) {
        this.layout = layout;
        this.counts = counts;
        this.count = count;
        this.min = min;
        this.max = max;
    }

    static QuantileState empty(Layout layout) {
        return new QuantileState(layout, TreeMap.empty(), 0, Long.MAX_VALUE, Long.MIN_VALUE);
    }

    static QuantileState of(Layout layout, TreeMap<Long, Long> counts, long min, long max) {
        long n = 0;
        for (Tuple2<Long, Long> bucket : counts) {
            n = Math.addExact(n, bucket._2);
        }
        return n == 0 ? empty(layout) : new QuantileState(layout, counts, n, min, max);
    }

    /** This state with {@code value} (already checked to be within the layout) counted once more. */
    QuantileState with(long value) {
        long bucket = layout.lowest(value);
        return new QuantileState(layout, counts.put(bucket, 1L, Long::sum), count + 1, Math.min(min, value), Math.max(max, value));
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
        TreeMap<Long, Long> big = counts.size() >= other.counts.size() ? counts : other.counts;
        TreeMap<Long, Long> small = big == counts ? other.counts : counts;
        return new QuantileState(layout, big.merge(small, Long::sum), count + other.count,
                Math.min(min, other.min), Math.max(max, other.max));
    }

    Layout layout() {
        return layout;
    }

    TreeMap<Long, Long> counts() {
        return counts;
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
     * ascending order, reported as the highest value of its bucket (at most the maximum). Never below
     * the exact value, and above it by less than {@link #relativeError()} of it.
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
        long rank = Math.max(1L, (long) Math.ceil(q * count));
        long seen = 0;
        for (Tuple2<Long, Long> bucket : counts) {
            seen += bucket._2;
            if (seen >= rank) {
                return Option.some(Math.min(layout.highest(bucket._1), max));
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
     * How many buckets hold a value: what a kept state costs (about 40 bytes of heap each).
     *
     * @return the number of non-empty buckets
     */
    public int buckets() {
        return counts.size();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof QuantileState that && count == that.count && min == that.min && max == that.max
                && layout.equals(that.layout) && counts.equals(that.counts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(layout, counts, count, min, max);
    }

    @Override
    public String toString() {
        return "QuantileState[" + layout + ", n=" + count + (count == 0 ? "" : ", min=" + min + ", max=" + max)
                + ", " + counts.size() + " buckets]";
    }

    /**
     * HdrHistogram's bucket arithmetic for one configuration; the histogram is never recorded into,
     * only asked which bucket a value falls in, so it is safely shared.
     */
    static final class Layout {
        private final int significantDigits;
        private final long highestTrackableValue;
        private final Histogram arithmetic;

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
        }

        int significantDigits() {
            return significantDigits;
        }

        long highestTrackableValue() {
            return highestTrackableValue;
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
