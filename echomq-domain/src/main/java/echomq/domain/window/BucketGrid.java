package echomq.domain.window;

import echomq.domain.id.StreamId;

import io.vavr.collection.List;

/**
 * The grid math of a kind of buckets, in a range's own milliseconds: how many windows reach the
 * range, and those windows clipped to it. Every grid lists a range the same way: counted first and
 * held to {@link Buckets#MAX_BUCKETS} before any window is built.
 */
sealed interface BucketGrid permits BucketSteps, CumulateSteps {

    /** How many windows reach {@code [a, b]}; {@link Long#MAX_VALUE} when that overflows a long. */
    long count(long a, long b);

    /** Adds the {@code n} windows that reach {@code [a, b]}, each clipped to it, in order, to {@code out}. */
    void fill(long a, long b, long n, java.util.List<Window.Closed> out);

    default long count(Window.Closed range) {
        return count(StreamId.epochMilli(range.t0()), StreamId.epochMilli(range.t1()));
    }

    default List<Window.Closed> over(Window.Closed range, Buckets buckets) {
        long a = StreamId.epochMilli(range.t0());
        long b = StreamId.epochMilli(range.t1());
        long n = count(a, b);
        BucketSteps.limit(n, range, buckets);
        java.util.List<Window.Closed> out = new java.util.ArrayList<>((int) n);
        fill(a, b, n, out);
        return List.ofAll(out);
    }
}
