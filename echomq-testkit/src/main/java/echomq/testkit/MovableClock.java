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

    /** Showing {@code startMs} (epoch milliseconds) until moved. */
    public MovableClock(long startMs) {
        this.ms = new AtomicLong(startMs);
    }

    /** Showing now until moved. */
    public MovableClock() {
        this(System.currentTimeMillis());
    }

    /** The time it shows, in epoch milliseconds. */
    public long ms() {
        return ms.get();
    }

    /** Moves it {@code deltaMs} on (or back, when negative); the time it shows then. */
    public long advance(long deltaMs) {
        return ms.addAndGet(deltaMs);
    }

    /** Moves it {@code d} on; the time it shows then. */
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
