package echomq.domain.stream;

import java.time.Duration;
import java.util.Objects;

/**
 * How far a writer's clock may run ahead of the store's before its appends are refused: the rule
 * that keeps one bad clock from pushing every later id into the future (a writer that mints an
 * hour ahead would make every other writer mint above it). Pure: the adapters sample the store's
 * clock ({@link echomq.domain.closing.ServerClockPort}) and ask this.
 * <p>A clock <em>behind</em> is never refused: its appends are minted above the stream's top
 * ({@link StreamAppendPort#aimAbove}). A clock ahead by more than {@link #maxAhead()} is refused,
 * not clamped: an id clamped to the store's time would claim an instant the writer never saw, and
 * the writer's other timestamps (fields, decisions on its clock) would disagree with it, so the
 * error says which clock to fix.
 * <pre>{@code
 * ClockBound bound = ClockBound.DEFAULT;                       // 10 minutes
 * ClockBound.Sample s = new ClockBound.Sample(serverMs, System.nanoTime());
 * bound.refuses(writerMs, s, System.nanoTime())               // true when the writer is > 10 min ahead
 * }</pre>
 *
 * @param maxAhead how far ahead of the store a writer's clock may be, 1 ms .. 366 days
 */
public record ClockBound(Duration maxAhead) {

    /** The default bound: 10 minutes, far above any NTP-kept skew, far below an hour's step. */
    public static final ClockBound DEFAULT = new ClockBound(Duration.ofMinutes(10));

    /** How long a sample of the store's clock is trusted, carried forward by the monotonic clock. */
    public static final Duration RESAMPLE_AFTER = Duration.ofSeconds(10);

    /**
     * Checks the bound.
     *
     * @param maxAhead how far ahead of the store a writer's clock may be
     * @throws IllegalArgumentException naming a bound outside 1 ms .. 366 days
     */
    public ClockBound {
        Objects.requireNonNull(maxAhead, "maxAhead");
        if (maxAhead.toMillis() < 1 || maxAhead.compareTo(Duration.ofDays(366)) > 0) {
            throw new IllegalArgumentException("how far a writer's clock may run ahead must be 1 ms .. 366 days, got " + maxAhead);
        }
    }

    /**
     * The store's clock read at one instant of the monotonic clock.
     *
     * @param serverMs the store's time, epoch ms
     * @param nanos    {@link System#nanoTime()} when it was read
     */
    public record Sample(long serverMs, long nanos) {

        /**
         * The store's time at {@code nanosNow}, carried forward from the sample.
         *
         * @param nanosNow {@link System#nanoTime()} now
         * @return the store's time now, epoch ms
         */
        public long serverMsAt(long nanosNow) {
            return serverMs + (nanosNow - nanos) / 1_000_000L;
        }

        /**
         * Whether the sample is older than {@link #RESAMPLE_AFTER} at {@code nanosNow}.
         *
         * @param nanosNow {@link System#nanoTime()} now
         * @return true when it should be read again
         */
        public boolean staleAt(long nanosNow) {
            return nanosNow - nanos > RESAMPLE_AFTER.toNanos() || nanosNow < nanos;
        }
    }

    /**
     * How far {@code writerMs} is ahead of the store's time at {@code nanosNow}.
     *
     * @param writerMs the writer's clock, epoch ms
     * @param sample   the store's clock
     * @param nanosNow {@link System#nanoTime()} now
     * @return milliseconds ahead (negative when behind)
     */
    public long aheadMs(long writerMs, Sample sample, long nanosNow) {
        return writerMs - sample.serverMsAt(nanosNow);
    }

    /**
     * Whether an append minted at {@code writerMs} is refused.
     *
     * @param writerMs the writer's clock, epoch ms
     * @param sample   the store's clock
     * @param nanosNow {@link System#nanoTime()} now
     * @return true when the writer is more than {@link #maxAhead()} ahead
     */
    public boolean refuses(long writerMs, Sample sample, long nanosNow) {
        return aheadMs(writerMs, sample, nanosNow) > maxAhead.toMillis();
    }
}
