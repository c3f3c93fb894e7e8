package codemojex.app;

import codemojex.app.core.DurationFields;
import codemojex.app.core.port.in.SessionsQuery;
import codemojex.app.redis.StoredPartitions;
import codemojex.projections.GamePartitions;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.ClockBound;
import echomq.domain.stream.Durability;
import io.vavr.control.Option;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * How the app is put together: {@code Settings.builder().node(7).commitBatch(10).build()}, or
 * {@link #defaults()}. Every value is checked here, and a refusal names it.
 *
 * @param node        the snowflake node id of this process, 0..1023
 * @param clock       the clock of every decision
 * @param claimIdle   how long a guess stays with a silent worker before another claims it
 * @param commitBatch how many guesses the score worker commits per script call, 1..1000
 * @param partitions  how many partitions the games are spread over; none: what the Redis holds
 *                    ({@link StoredPartitions}), 1 on a new one
 * @param sessionTtl  how long a player's session lasts after joining a game
 * @param client      the Redis client the app runs on
 * @param chartBucket the length of the live chart's buckets (each pushed as it closes on {@code /feed/events}),
 *                    1 s .. 1 d, whole milliseconds
 * @param clockBound  how far ahead of Redis's clock the app's clock may be before its writes (appends, the score
 *                    worker's commits) are refused: a clock stepped hours ahead must not push every later id into
 *                    the future ({@link ClockBound#DEFAULT}, 10 minutes; tests that move a clock further set more)
 * @param lease       the score workers' partition lease: each partition is scored by the one instance holding its
 *                    lease, renewed every third of it; a dead instance's partitions are taken over within about
 *                    {@code 4/3} of it (50 ms .. 1 h; {@link #DEFAULT_LEASE})
 * @param sessionGap  the quiet that ends a play session, each pushed as a {@code session} event on its game's
 *                    streams when it closes (1 s .. 1 h; {@link codemojex.app.core.port.in.SessionsQuery#DEFAULT_GAP})
 * @param durability  when the app's writes are acknowledged ({@code serve --durability}): as Redis answers
 *                    ({@link Durability#NONE}, the default), or once replicas hold them: the guesses, the score
 *                    commits, room opens, joins and the kept answers of {@code Idempotency-Key}s
 */
public record Settings(int node, Clock clock, Duration claimIdle, int commitBatch, Option<Integer> partitions,
                       Duration sessionTtl, RedisClient client, Duration chartBucket, ClockBound clockBound, Duration lease,
                       Duration sessionGap, Durability durability) {

    /**
     * The system's clock, read here, in the composition root, and nowhere else: every other class
     * takes the clock it is given ({@link #clock()}, by default this one), so tests can move time.
     */
    public static final Clock SYSTEM_CLOCK = Clock.systemUTC();


    /** The partition lease unless told otherwise: 10 s. */
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(10);

    /** The live chart's bucket unless told otherwise: a minute. */
    public static final Duration DEFAULT_CHART_BUCKET = Duration.ofMinutes(1);

    /** How long a session lasts unless told otherwise: a long evening of play. */
    public static final Duration DEFAULT_SESSION_TTL = Duration.ofHours(12);

    public Settings {
        // checked in the order serve's options are applied, so a run with two bad ones hears of the same one first
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(claimIdle, "claimIdle");
        if (claimIdle.isNegative()) {
            throw new IllegalArgumentException("claim-idle must be >= 0, got " + claimIdle);
        }
        DurationFields.requireWithin("claim-idle", claimIdle, Duration.ZERO, DurationFields.MAX);
        if (commitBatch < 1 || commitBatch > 1000) {
            throw new IllegalArgumentException("commit batch must be 1..1000, got " + commitBatch);
        }
        Objects.requireNonNull(sessionTtl, "sessionTtl");
        if (sessionTtl.isNegative() || sessionTtl.isZero()) {
            throw new IllegalArgumentException("session-ttl must be more than 0, got " + sessionTtl);
        }
        // a session's end is now + ttl in epoch milliseconds: bounded, it never overflows
        DurationFields.requireWithin("session-ttl", sessionTtl, Duration.ofMillis(1), DurationFields.MAX);
        Objects.requireNonNull(partitions, "partitions");
        partitions.forEach(GamePartitions::new);
        Objects.requireNonNull(chartBucket, "chartBucket");
        if (chartBucket.compareTo(Duration.ofSeconds(1)) < 0 || chartBucket.compareTo(Duration.ofDays(1)) > 0
                || chartBucket.toNanos() % 1_000_000 != 0) {
            throw new IllegalArgumentException("chart-bucket must be 1s..1d in whole milliseconds, got " + chartBucket);
        }
        Objects.requireNonNull(clockBound, "clockBound");
        DurationFields.requireWithin("lease", Objects.requireNonNull(lease, "lease"), Duration.ofMillis(50), Duration.ofHours(1));
        DurationFields.requireWithin("session-gap", sessionGap, Duration.ofSeconds(1), Duration.ofHours(1));
        Objects.requireNonNull(durability, "durability");
    }

    /** These settings with writes acknowledged as Redis answers them ({@link Durability#NONE}). */
    public Settings(int node, Clock clock, Duration claimIdle, int commitBatch, Option<Integer> partitions, Duration sessionTtl,
                    RedisClient client, Duration chartBucket, ClockBound clockBound, Duration lease, Duration sessionGap) {
        this(node, clock, claimIdle, commitBatch, partitions, sessionTtl, client, chartBucket, clockBound, lease, sessionGap, Durability.NONE);
    }

    /** These settings with sessions of {@link codemojex.app.core.port.in.SessionsQuery#DEFAULT_GAP}. */
    public Settings(int node, Clock clock, Duration claimIdle, int commitBatch, Option<Integer> partitions, Duration sessionTtl,
                    RedisClient client, Duration chartBucket, ClockBound clockBound, Duration lease) {
        this(node, clock, claimIdle, commitBatch, partitions, sessionTtl, client, chartBucket, clockBound, lease,
                SessionsQuery.DEFAULT_GAP);
    }

    /** These settings with the {@link #DEFAULT_LEASE}. */
    public Settings(int node, Clock clock, Duration claimIdle, int commitBatch, Option<Integer> partitions, Duration sessionTtl,
                    RedisClient client, Duration chartBucket, ClockBound clockBound) {
        this(node, clock, claimIdle, commitBatch, partitions, sessionTtl, client, chartBucket, clockBound, DEFAULT_LEASE);
    }

    /** These settings with the library's {@link ClockBound#DEFAULT}. */
    public Settings(int node, Clock clock, Duration claimIdle, int commitBatch, Option<Integer> partitions, Duration sessionTtl,
                    RedisClient client, Duration chartBucket) {
        this(node, clock, claimIdle, commitBatch, partitions, sessionTtl, client, chartBucket, ClockBound.DEFAULT);
    }

    /** These settings with the chart in buckets of {@link #DEFAULT_CHART_BUCKET}. */
    public Settings(int node, Clock clock, Duration claimIdle, int commitBatch, Option<Integer> partitions, Duration sessionTtl,
                    RedisClient client) {
        this(node, clock, claimIdle, commitBatch, partitions, sessionTtl, client, DEFAULT_CHART_BUCKET);
    }

    /**
     * A random node id, the system clock, reclaim after 30 s of idleness, commits of up to 100
     * guesses, the partitions the Redis holds, sessions of {@link #DEFAULT_SESSION_TTL}, on Jedis, a chart of
     * {@link #DEFAULT_CHART_BUCKET} buckets.
     */
    public static Settings defaults() {
        return builder().build();
    }

    /** A builder starting from the {@link #defaults()}. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these settings. */
    public Builder toBuilder() {
        return new Builder().node(node).clock(clock).claimIdle(claimIdle).commitBatch(commitBatch).partitions(partitions)
                .sessionTtl(sessionTtl).client(client).chartBucket(chartBucket).clockBound(clockBound).lease(lease).sessionGap(sessionGap)
                .durability(durability);
    }

    /** Settings one value at a time, checked all together by {@link #build()}. */
    public static final class Builder {
        private int node = new SecureRandom().nextInt(Snowflake.MAX_NODE + 1);
        private Clock clock = SYSTEM_CLOCK;
        private Duration claimIdle = Duration.ofSeconds(30);
        private int commitBatch = 100;
        private Option<Integer> partitions = Option.none();
        private Duration sessionTtl = DEFAULT_SESSION_TTL;
        private RedisClient client = RedisClient.JEDIS;
        private Duration chartBucket = DEFAULT_CHART_BUCKET;
        private ClockBound clockBound = ClockBound.DEFAULT;
        private Duration lease = DEFAULT_LEASE;
        private Duration sessionGap = SessionsQuery.DEFAULT_GAP;
        private Durability durability = Durability.NONE;

        private Builder() {
        }

        /** Node id {@code n}. */
        public Builder node(int n) {
            this.node = n;
            return this;
        }

        /** {@code c} as the clock of every decision. */
        public Builder clock(Clock c) {
            this.clock = c;
            return this;
        }

        /** Claim idleness {@code d}. */
        public Builder claimIdle(Duration d) {
            this.claimIdle = d;
            return this;
        }

        /** Commits of up to {@code n} guesses per script call. */
        public Builder commitBatch(int n) {
            this.commitBatch = n;
            return this;
        }

        /** The games spread over {@code n} partitions (refused when the Redis holds another count). */
        public Builder partitions(int n) {
            return partitions(Option.some(n));
        }

        /** The games spread over {@code n} partitions; none: what the Redis holds. */
        public Builder partitions(Option<Integer> n) {
            this.partitions = n;
            return this;
        }

        /** Sessions lasting {@code d}. */
        public Builder sessionTtl(Duration d) {
            this.sessionTtl = d;
            return this;
        }

        /** On client {@code c}. */
        public Builder client(RedisClient c) {
            this.client = c;
            return this;
        }

        /** The live chart in buckets of {@code d}. */
        public Builder chartBucket(Duration d) {
            this.chartBucket = d;
            return this;
        }

        /** Writes refused while the clock runs more than {@code d} ahead of Redis's (a test clock moved hours on sets more). */
        public Builder maxClockAhead(Duration d) {
            return clockBound(new ClockBound(d));
        }

        /** Writes refused while the clock runs further ahead of Redis's than {@code b} allows. */
        public Builder clockBound(ClockBound b) {
            this.clockBound = b;
            return this;
        }

        /** Partition leases of {@code d}. */
        public Builder lease(Duration d) {
            this.lease = d;
            return this;
        }

        /** Play sessions ended by {@code d} of quiet, each pushed as it closes. */
        public Builder sessionGap(Duration d) {
            this.sessionGap = d;
            return this;
        }

        /** Writes acknowledged as {@code d} says ({@code serve --durability}). */
        public Builder durability(Durability d) {
            this.durability = d;
            return this;
        }

        /** The settings; refused, naming the value, when one is out of range. */
        public Settings build() {
            return new Settings(node, clock, claimIdle, commitBatch, partitions, sessionTtl, client, chartBucket, clockBound, lease, sessionGap,
                    durability);
        }
    }
}
