package echomq.engine.retry;

import java.time.Duration;
import java.util.Objects;

/**
 * The wait of a retry loop after failures in a row: none before the first failure, {@code initial}
 * after it, doubling after each further one up to {@code max}, and none again once a round
 * succeeds. An immutable value: {@link #next()} and {@link #reset()} return the backoff after a
 * failure and after a success. {@link #sleep()} waits it out; an interrupt ends the wait, is
 * reported, and is left set on the thread, so that the loop can stop and its caller still sees it.
 * <pre>{@code
 * Backoff backoff = Backoff.DEFAULT;
 * while (running) {
 *     try {
 *         step();
 *         backoff = backoff.reset();
 *     } catch (RuntimeException e) {
 *         backoff = backoff.next();
 *         if (!backoff.sleep()) {
 *             return; // interrupted: the flag is set again
 *         }
 *     }
 * }
 * }</pre>
 */
public final class Backoff {

    /** 100 ms after the first failure, doubling up to 5 s: the library's and the app's loops. */
    public static final Backoff DEFAULT = doubling(Duration.ofMillis(100), Duration.ofSeconds(5));

    private final Duration initial;
    private final Duration max;
    private final Duration delay;
    private final int failures;

    private Backoff(Duration initial, Duration max, Duration delay, int failures) {
        this.initial = initial;
        this.max = max;
        this.delay = delay;
        this.failures = failures;
    }

    /**
     * A backoff before any failure, waiting {@code initial} after the first and doubling up to
     * {@code max}.
     *
     * @param initial the wait after the first failure, positive
     * @param max     the longest wait, at least {@code initial}
     * @return the backoff, with no failure yet
     * @throws IllegalArgumentException when {@code initial} is not positive or {@code max} is below it
     */
    public static Backoff doubling(Duration initial, Duration max) {
        Objects.requireNonNull(initial, "initial");
        Objects.requireNonNull(max, "max");
        if (initial.isNegative() || initial.isZero()) {
            throw new IllegalArgumentException("initial backoff must be positive, got " + initial);
        }
        if (max.compareTo(initial) < 0) {
            throw new IllegalArgumentException("max backoff " + max + " is below the initial " + initial);
        }
        return new Backoff(initial, max, Duration.ZERO, 0);
    }

    /**
     * The wait after the first failure.
     *
     * @return the initial wait
     */
    public Duration initial() {
        return initial;
    }

    /**
     * The longest wait.
     *
     * @return the bound of the doubling
     */
    public Duration max() {
        return max;
    }

    /**
     * The wait this backoff stands for: zero before any failure.
     *
     * @return the wait {@link #sleep()} takes
     */
    public Duration delay() {
        return delay;
    }

    /**
     * The failures in a row this backoff has counted (since the last {@link #reset()}).
     *
     * @return the count, 0 before any failure
     */
    public int failures() {
        return failures;
    }

    /**
     * Whether a failure was counted since the last {@link #reset()}: a loop that recovers tells so.
     *
     * @return {@code failures() > 0}
     */
    public boolean isBackingOff() {
        return failures > 0;
    }

    /**
     * The backoff after one more failure: {@code initial} after the first, twice the wait before
     * after any other, never more than {@code max}.
     *
     * @return the longer backoff
     */
    public Backoff next() {
        Duration longer = failures == 0 ? initial
                : delay.compareTo(max.dividedBy(2)) >= 0 ? max : delay.multipliedBy(2);
        return new Backoff(initial, max, longer.compareTo(max) > 0 ? max : longer,
                failures == Integer.MAX_VALUE ? failures : failures + 1);
    }

    /**
     * The backoff after a success: no wait, no failure counted.
     *
     * @return this backoff as it was before any failure
     */
    public Backoff reset() {
        return failures == 0 ? this : new Backoff(initial, max, Duration.ZERO, 0);
    }

    /**
     * Waits {@link #delay()} on the current thread. An interrupt (before or during the wait) ends
     * it: the thread's interrupt flag is set again and the answer is {@code false}.
     *
     * @return {@code true} when the whole wait passed, {@code false} when the thread was interrupted
     */
    public boolean sleep() {
        if (delay.isZero()) {
            return !Thread.currentThread().isInterrupted();
        }
        try {
            Thread.sleep(delay.toMillis(), delay.toNanosPart() % 1_000_000);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Backoff b && initial.equals(b.initial) && max.equals(b.max) && delay.equals(b.delay)
                && failures == b.failures;
    }

    @Override
    public int hashCode() {
        return Objects.hash(initial, max, delay, failures);
    }

    @Override
    public String toString() {
        return "Backoff[" + delay + " after " + failures + " failures; " + initial + " doubling to " + max + "]";
    }
}
