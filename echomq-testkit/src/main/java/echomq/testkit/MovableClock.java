package echomq.testkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** A UTC clock a test moves by hand: {@code MovableClock c = new MovableClock(t0); c.advance(5); c.ms()}. Thread-safe. */
public final class MovableClock extends Clock {

    private final AtomicLong ms;

    /**
     * Showing {@code startMs} (epoch milliseconds) until moved.
     *
     * @param startMs the time it shows, in epoch milliseconds
     */
    public MovableClock(long startMs) {
        this.ms = new AtomicLong(startMs);
    }

    /** Showing the system's time now, until moved (it does not move by itself). */
    public MovableClock() {
        this(System.currentTimeMillis());
    }

    /**
     * The time it shows.
     *
     * @return epoch milliseconds
     */
    public long ms() {
        return ms.get();
    }

    /**
     * Moves it {@code deltaMs} on (or back, when negative).
     *
     * @param deltaMs how far, in milliseconds
     * @return the time it shows then, in epoch milliseconds
     */
    public long advance(long deltaMs) {
        return ms.addAndGet(deltaMs);
    }

    /**
     * Moves it {@code d} on (or back, when negative), to the millisecond.
     *
     * @param d how far
     * @return the time it shows then, in epoch milliseconds
     */
    public long advance(Duration d) {
        return advance(d.toMillis());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(ms.get());
    }
}
