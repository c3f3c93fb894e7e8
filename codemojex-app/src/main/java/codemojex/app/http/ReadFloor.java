package codemojex.app.http;

import java.time.Duration;
import java.util.Objects;

/**
 * The slowest a request may arrive, its header block and its body alike: each must keep up with
 * {@code bytesPerSecond} from its first byte once {@code grace} has passed, and neither may pause
 * longer than {@code pause}. A request under the floor is answered 408 and its connection closed
 * ({@link HeadFloorConnections} for the header block, {@link BodyFloorHandler} for the body). The
 * rate is checked only when the server is about to wait for more (what arrived is never held
 * against a request); a pause is Jetty's idle timeout, shortened to {@code pause} while a request
 * is read.
 *
 * @param bytesPerSecond the least rate, 1 .. 1,000,000 bytes a second
 * @param grace          the time before the rate counts, 0 .. 1 minute (a first byte and a
 *                       retransmitted packet or two arrive within it)
 * @param pause          the longest silence while a request is read, 100 ms .. 1 minute
 */
public record ReadFloor(long bytesPerSecond, Duration grace, Duration pause) {

    /**
     * The app's: 1 KiB a second after a first second, pauses of at most 3 s. The API's bodies are at
     * most {@link HttpApi#MAX_BODY} bytes and a header block a few hundred: a client under this is
     * not slow, it is holding the connection. A trickle is cut in about 2 s, a stalled request in 3 s.
     */
    public static final ReadFloor DEFAULT = new ReadFloor(1024, Duration.ofSeconds(1), Duration.ofSeconds(3));

    public ReadFloor {
        Objects.requireNonNull(grace, "grace");
        Objects.requireNonNull(pause, "pause");
        if (bytesPerSecond < 1 || bytesPerSecond > 1_000_000) {
            throw new IllegalArgumentException("the read floor must be 1..1000000 bytes a second, got " + bytesPerSecond);
        }
        if (grace.isNegative() || grace.compareTo(Duration.ofMinutes(1)) > 0) {
            throw new IllegalArgumentException("the read floor's grace must be 0..1m, got " + grace);
        }
        if (pause.compareTo(Duration.ofMillis(100)) < 0 || pause.compareTo(Duration.ofMinutes(1)) > 0) {
            throw new IllegalArgumentException("the read floor's pause must be 100ms..1m, got " + pause);
        }
    }

    /**
     * Whether {@code bytes} received in the {@code elapsedNanos} since the first are under the floor:
     * fewer than {@code bytesPerSecond} for every second past the grace.
     *
     * @param bytes        what arrived so far, at least 0
     * @param elapsedNanos since the first byte (or since the body was asked for)
     * @return true when the request must be cut
     */
    public boolean under(long bytes, long elapsedNanos) {
        long pastGraceMs = (elapsedNanos - grace.toNanos()) / 1_000_000L;
        if (pastGraceMs <= 0) {
            return false;
        }
        // in bytes-milliseconds: a rate of at most 10^6 times at most ~10^11 ms does not overflow
        return Math.multiplyExact(Math.max(0, bytes), 1000L) < Math.multiplyExact(bytesPerSecond, pastGraceMs);
    }

    /** What a client under the floor is told. */
    String message(String part) {
        return "the request's " + part + " came slower than " + bytesPerSecond + " bytes a second (or paused longer than "
                + pause.toMillis() + " ms): send it at once";
    }
}
