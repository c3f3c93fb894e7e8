package echomq.domain.closing;

import echomq.domain.id.StreamId;
import echomq.domain.window.Buckets;
import echomq.domain.window.Window;

import io.vavr.collection.List;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Which buckets are final and not yet handed out: the pure decision of a closing subscription.
 * The buckets are those of {@code [from, ∞)}, the first clipped at {@code from}; one is due when
 * {@code serverNow} is past its end by more than {@code skew}, and it comes after {@code last},
 * the bucket handed out before. Tumbling and calendar buckets only: they partition time, so
 * "after the last one" is one instant, the millisecond after its end.
 */
public final class DueBuckets {

    /** The most buckets one pass may answer. */
    public static final int MAX_PER_PASS = 10_000;

    private DueBuckets() {
    }

    /**
     * Checks what a closing subscription is made of, before anything is read: tumbling or calendar
     * buckets, a {@code from} with a stream id, a skew of at least zero.
     *
     * @param buckets the buckets
     * @param from    where the first bucket starts
     * @param skew    how far a writer's clock may lag the store's
     * @throws IllegalArgumentException for hopping buckets, a {@code from} before the epoch or a negative skew
     */
    public static void requireSubscribable(Buckets buckets, Instant from, Duration skew) {
        Objects.requireNonNull(buckets, "buckets");
        Objects.requireNonNull(skew, "skew");
        if (!buckets.tilesTime()) {
            throw new IllegalArgumentException("closing buckets are tumbling or calendar buckets, not " + buckets
                    + ": hopping buckets overlap, so there is no one instant after the last one handed out");
        }
        StreamId.epochMilli(Objects.requireNonNull(from, "from"));
        if (skew.isNegative()) {
            throw new IllegalArgumentException("skew " + skew + " is negative");
        }
    }

    /**
     * The buckets due now, oldest first, at most {@code max} (a subscription far behind catches up
     * over several passes).
     *
     * @param buckets   tumbling or calendar buckets
     * @param from      where the subscription's first bucket starts (clipped there)
     * @param last      the last bucket handed out, none before the first
     * @param serverNow the store's clock
     * @param skew      how far a writer's clock may lag the store's (the appender's maximum skew), at least zero
     * @param max       the most buckets to answer, at least 1
     * @return the due buckets, possibly none
     * @throws IllegalArgumentException for hopping buckets, a negative skew or {@code max < 1}
     */
    public static List<Window.Closed> due(Buckets buckets, Instant from, Option<Window.Closed> last, Instant serverNow,
                                          Duration skew, int max) {
        requireSubscribable(buckets, from, skew);
        Objects.requireNonNull(last, "last");
        Objects.requireNonNull(serverNow, "serverNow");
        if (max < 1 || max > MAX_PER_PASS) {
            throw new IllegalArgumentException("max " + max + " must be 1.." + MAX_PER_PASS);
        }
        long start = Math.max(StreamId.epochMilli(from), last.map(w -> w.t1().toEpochMilli() + 1).getOrElse(0L));
        // a bucket ending at e is final once serverNow - skew > e: the latest final millisecond
        long finalUpTo = serverNow.minus(skew).toEpochMilli() - 1;
        if (finalUpTo < start) {
            return List.empty();
        }
        // Cut a range that ends at most one millisecond past the final ones and at least two of the
        // shortest buckets after start, so that it holds a whole first bucket: a bucket that reaches
        // the cut was clipped by it (or ends there), is left for a later pass, and the first never is.
        long shortest = Math.max(1, buckets.shortest().toMillis());
        long reach = shortest > Long.MAX_VALUE / (max + 1L) ? Long.MAX_VALUE : shortest * (max + 1L);
        long end = Math.min(finalUpTo + 1, saturatedAdd(start, reach));
        return buckets.over(Window.closed(Instant.ofEpochMilli(start), Instant.ofEpochMilli(end)))
                .filter(w -> w.t1().toEpochMilli() < end)
                .take(max);
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }
}
