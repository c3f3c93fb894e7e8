package echomq.domain.window;

import echomq.domain.id.StreamId;


import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Buckets of {@code size} ms every {@code advance} ms from {@code origin} ms: bucket {@code k}
 * is {@code [origin + k·advance, origin + k·advance + size)}. The arithmetic never overflows:
 * it works from the range's own milliseconds, not from {@code k}, which can be far out.
 */
record BucketSteps(long size, long advance, long origin) implements BucketGrid {

    static BucketSteps of(Duration size, Duration advance, Instant origin) {
        return new BucketSteps(millis("bucket size", size), millis("bucket advance", advance), StreamId.epochMilli(origin));
    }

    /**
     * The start of the first bucket that reaches {@code a} (it is at most {@code a}, since
     * {@code advance <= size}, and at least {@code a - size + 1}).
     */
    long firstStart(long a) {
        long r = Math.floorMod(a - origin, advance); // a and origin are both in [0, Long.MAX_VALUE]
        // the bucket starting at a - r holds a; m more buckets back still reach a
        long m = Math.floorDiv(size - 1 - r, advance);
        return a - (r + m * advance);            // r + m·advance <= size - 1
    }

    @Override
    public long count(long a, long b) {
        try {
            return Math.subtractExact(b, firstStart(a)) / advance + 1;
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    @Override
    public void fill(long a, long b, long n, java.util.List<Window.Closed> out) {
        long start = firstStart(a);
        for (long k = 0; k < n; k++, start += advance) { // start + advance <= b until the last
            long e = start > b - (size - 1) ? b : start + size - 1;
            out.add(new Window.Closed(Instant.ofEpochMilli(Math.max(start, a)), Instant.ofEpochMilli(e)));
        }
    }

    /** Reads a duration as whole positive milliseconds, naming it when it is not. */
    static long millis(String what, Duration d) {
        Objects.requireNonNull(d, what);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(what + " " + d + " must be positive");
        }
        if (d.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException(what + " " + d + " is not a whole number of milliseconds");
        }
        try {
            return d.toMillis();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(what + " " + d + " is longer than the stream id range", e);
        }
    }

    static void limit(long count, Window.Closed range, Buckets buckets) {
        if (count > Buckets.MAX_BUCKETS) {
            throw new IllegalArgumentException("the range [" + range.t0() + ", " + range.t1() + "] holds " + count
                    + " buckets of " + buckets + ", more than the " + Buckets.MAX_BUCKETS + " a series may hold");
        }
    }

}
