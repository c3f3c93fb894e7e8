package codemojex.app.http;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A token bucket per client address: {@code burst} requests at once, refilled at {@code perSecond}.
 * A client over its rate gets a 429 with {@code Retry-After}. The app keeps one for joins and guesses,
 * one for reads and one for rooms opened. A clock stepped back refills nothing and refuses no one for it;
 * one stepped forward fills the bucket, no more than {@code burst}.
 */
public final class RateLimiter {

    private final double perSecond;
    private final double burst;
    private final Clock clock;
    private final String what;
    private final ConcurrentHashMap<String, double[]> buckets = new ConcurrentHashMap<>();

    /** What the players' writes, limited together, are called in a 429: a join takes a token as a guess does. */
    public static final String WRITES = "joins and guesses";

    /** {@code burst} joins and guesses at once, {@code perSecond} after that, per client. */
    public RateLimiter(double perSecond, int burst, Clock clock) {
        this(WRITES, perSecond, burst, clock);
    }

    /** {@code burst} {@code what} (named in the 429) at once, {@code perSecond} after that, per client. */
    public RateLimiter(String what, double perSecond, int burst, Clock clock) {
        this.what = Objects.requireNonNull(what, "what");
        if (perSecond <= 0 || burst <= 0) {
            throw new IllegalArgumentException("rate and burst must be > 0, got " + perSecond + " and " + burst);
        }
        this.perSecond = perSecond;
        this.burst = burst;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** No limit to speak of (for load tests and simulations). */
    public static RateLimiter unlimited() {
        return UNLIMITED;
    }

    /** No limit: never reads its clock, keeps no bucket. */
    private static final RateLimiter UNLIMITED = new RateLimiter(Double.POSITIVE_INFINITY, Integer.MAX_VALUE,
            Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));

    /** Whether this is {@link #unlimited()}: no token to take, so no client to name. */
    boolean isUnlimited() {
        return this == UNLIMITED;
    }

    /** Takes a token for {@code client} or throws {@link Limited}. */
    public void acquire(String client) {
        if (this == UNLIMITED) {
            return;
        }
        long now = clock.millis();
        double[] wait = {0};
        buckets.compute(client, (k, b) -> {
            double[] s = b == null ? new double[] {burst, now} : b;
            // a wall clock stepped back (an NTP step, a VM restored) refills nothing until it passes the last
            // request again; counting the step as negative time would lock every client out for its length
            double tokens = Math.min(burst, s[0] + Math.max(0, now - s[1]) / 1000.0 * perSecond);
            if (tokens >= 1) {
                return new double[] {tokens - 1, now};
            }
            wait[0] = (1 - tokens) / perSecond;
            return new double[] {tokens, now};
        });
        if (wait[0] > 0) {
            throw new Limited(what, client, (long) Math.ceil(wait[0]));
        }
        if (buckets.size() > 100_000) {
            buckets.clear(); // bounded memory under an address flood: forgetting only ever lets a client through
        }
    }

    /** Over the rate. */
    public static final class Limited extends RuntimeException {
        private final long retryAfter;

        Limited(String what, String client, long retryAfter) {
            super("too many " + what + " from " + client + "; retry in " + Math.max(1, retryAfter) + " s", null, false, false);
            this.retryAfter = Math.max(1, retryAfter);
        }

        public long retryAfterSeconds() {
            return retryAfter;
        }
    }
}
