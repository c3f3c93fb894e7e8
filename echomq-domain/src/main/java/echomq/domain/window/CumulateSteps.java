package echomq.domain.window;

import java.time.Instant;

/**
 * The grid math of cumulating buckets: max buckets of {@code max} ms from {@code origin} ms, each cut
 * into {@code max / step} steps; window {@code j} (from 1) of the max bucket starting at {@code S} is
 * {@code [S, S + j·step)}. Over a range, a max bucket's windows are those that reach the range's start
 * and whose last step starts in it: the first one ends at or after the start, the last one holds the
 * range's end (or is the whole max bucket). So no two windows of a range are clipped alike.
 */
record CumulateSteps(long step, long max, long origin) implements BucketGrid {

    /** The start of the max bucket holding {@code t}. */
    long maxStart(long t) {
        return t - Math.floorMod(t - origin, max);
    }

    /** The first window of the max bucket at {@code s} that reaches {@code a}: 1 when {@code s >= a}. */
    long firstStep(long s, long a) {
        return s >= a ? 1 : (a - s) / step + 1;
    }

    /** The last window of the max bucket at {@code s} whose last step starts at or before {@code b}. */
    long lastStep(long s, long b) {
        return Math.min(max / step, (b - s) / step + 1);
    }

    @Override
    public long count(long a, long b) {
        long first = maxStart(a);
        long last = maxStart(b);
        long perMax = max / step;
        if (first == last) {
            return lastStep(first, b) - firstStep(first, a) + 1;
        }
        try {
            long between = Math.multiplyExact((last - first) / max - 1, perMax);
            return Math.addExact(Math.addExact(perMax - firstStep(first, a) + 1, between), lastStep(last, b));
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    @Override
    public void fill(long a, long b, long n, java.util.List<Window.Closed> out) {
        for (long s = maxStart(a); ; s += max) {
            for (long j = firstStep(s, a), to = lastStep(s, b); j <= to; j++) {
                long end = s > b - (j * step - 1) ? b : s + j * step - 1; // s + j·step - 1 past b: clipped to b
                out.add(new Window.Closed(Instant.ofEpochMilli(Math.max(s, a)), Instant.ofEpochMilli(end)));
            }
            if (s > b - max) {
                break; // the max bucket holding b
            }
        }
    }
}
