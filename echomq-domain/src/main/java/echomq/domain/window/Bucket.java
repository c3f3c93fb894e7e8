package echomq.domain.window;

import java.util.Objects;

/**
 * One bucket of a {@link Series}: its window, how many entries fell in it, and their fold. An empty
 * bucket is a value like any other: {@code entries == 0} and the fold's initial value, never a
 * missing row or a NaN.
 * <pre>{@code
 * Bucket<Long> b = series.buckets().head();
 * b.window().t0();  // the first millisecond of the bucket (clipped to the range)
 * b.entries();      // 0 for a quiet minute
 * }</pre>
 *
 * @param window  the bucket, clipped to the range the series was read over
 * @param entries how many entries were folded into it, at least 0
 * @param value   the fold of those entries: the fold's initial value when there were none
 * @param <A>     the fold's accumulator
 */
public record Bucket<A>(Window.Closed window, long entries, A value) {

    /**
     * Checks that nothing is missing and the count is not negative.
     *
     * @param window  the bucket
     * @param entries how many entries, at least 0
     * @param value   their fold
     * @throws IllegalArgumentException when {@code entries} is negative
     */
    public Bucket {
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(value, "value");
        if (entries < 0) {
            throw new IllegalArgumentException("bucket entries " + entries + " is negative");
        }
    }
}
