package echomq.wire;

import echomq.domain.closing.ServerClockPort;
import echomq.domain.stream.ClockBound;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;

import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * What both appenders do before they mint: refuse a writer whose clock runs too far ahead of the
 * store's ({@link ClockBound}). The store's clock is read (one {@code TIME}, on the stream's node)
 * at the first append and again when the sample is older than {@link ClockBound#RESAMPLE_AFTER},
 * carried forward by the monotonic clock in between, and read once more before a refusal, so a
 * refusal is never the work of an old sample. Thread-safe.
 * <pre>{@code
 * ClockGuard guard = new ClockGuard(new RedisServerClock(jedis), ClockBound.DEFAULT, System::nanoTime);
 * guard.check(stream, minter.now());   // throws StreamStoreException.ClockAhead when the clock is too far ahead
 * }</pre>
 */
public final class ClockGuard {

    private final ServerClockPort server;
    private final ClockBound bound;
    private final LongSupplier nanos;
    private volatile ClockBound.Sample sample;

    /**
     * A guard reading the store's clock through {@code server}.
     *
     * @param server reads the store's clock on a stream's node
     * @param bound  how far ahead a writer's clock may be
     * @param nanos  the monotonic clock ({@code System::nanoTime})
     */
    public ClockGuard(ServerClockPort server, ClockBound bound, LongSupplier nanos) {
        this.server = Objects.requireNonNull(server, "server");
        this.bound = Objects.requireNonNull(bound, "bound");
        this.nanos = Objects.requireNonNull(nanos, "nanos");
    }

    /**
     * The bound this guard keeps.
     *
     * @return the bound
     */
    public ClockBound bound() {
        return bound;
    }

    /**
     * Passes when the writer's clock {@code writerMs} is within the bound of the store's.
     *
     * @param stream   the stream about to be appended to (its node's clock is read)
     * @param writerMs the writer's clock, epoch ms (what it is about to mint at)
     * @throws StreamStoreException.ClockAhead when it is further ahead than the bound allows
     * @throws StreamStoreException            when the store's clock cannot be read
     */
    public void check(StreamKey stream, long writerMs) {
        long now = nanos.getAsLong();
        ClockBound.Sample s = sample;
        if (s == null || s.staleAt(now)) {
            s = read(stream);
            now = nanos.getAsLong();
        }
        if (!bound.refuses(writerMs, s, now)) {
            return;
        }
        s = read(stream); // never refuse on an old sample
        now = nanos.getAsLong();
        if (bound.refuses(writerMs, s, now)) {
            throw new StreamStoreException.ClockAhead(stream.toString(), writerMs, s.serverMsAt(now), bound.maxAhead());
        }
    }

    private ClockBound.Sample read(StreamKey stream) {
        long before = nanos.getAsLong();
        long serverMs = server.now(stream).toEpochMilli();
        long after = nanos.getAsLong();
        ClockBound.Sample s = new ClockBound.Sample(serverMs, before + (after - before) / 2); // the reply's middle
        sample = s;
        return s;
    }
}
