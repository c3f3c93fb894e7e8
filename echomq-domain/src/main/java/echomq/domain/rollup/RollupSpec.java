package echomq.domain.rollup;

import echomq.domain.closing.DueBuckets;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Buckets;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * What a rollup writes: the buckets of {@code source}, each once, to {@code target}, when the
 * store's clock has passed a bucket's end by more than {@code skew}. Checked when built, before
 * anything reaches a store.
 * <pre>{@code
 * RollupSpec spec = RollupSpec.of(StreamKey.existing("orders"), StreamKey.existing("orders:1m"),
 *         Buckets.tumbling(Duration.ofMinutes(1)), Duration.ofSeconds(2));
 * }</pre>
 *
 * @param source  the stream rolled up
 * @param target  the rollup stream, another key
 * @param buckets tumbling or calendar buckets (they tile time)
 * @param skew    how far a writer's clock may lag the store's, at least zero (the appender's maximum skew
 *                for a stream the library writes; for {@code *} ids, Redis' own clock, zero would do).
 *                A rollup whose source is another rollup's target, run continuously, needs more than that
 *                rollup's skew plus its pass interval: a rollup entry lands after its bucket's end, at the id
 *                of the bucket's start, and a bucket closed before it landed would miss it for good
 */
public record RollupSpec(StreamKey source, StreamKey target, Buckets buckets, Duration skew) {

    /**
     * Checks the parts.
     *
     * @param source  the stream rolled up
     * @param target  the rollup stream
     * @param buckets tumbling or calendar buckets
     * @param skew    at least zero
     * @throws IllegalArgumentException when target is source, for hopping buckets or a negative skew
     */
    public RollupSpec {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        if (source.toString().equals(target.toString())) {
            throw new IllegalArgumentException("a rollup's target must be another stream than its source " + source);
        }
        DueBuckets.requireSubscribable(buckets, Instant.EPOCH, skew);
    }

    /**
     * The same as the constructor.
     *
     * @param source  the stream rolled up
     * @param target  the rollup stream
     * @param buckets tumbling or calendar buckets
     * @param skew    at least zero
     * @return the spec
     * @throws IllegalArgumentException when target is source, for hopping buckets or a negative skew
     */
    public static RollupSpec of(StreamKey source, StreamKey target, Buckets buckets, Duration skew) {
        return new RollupSpec(source, target, buckets, skew);
    }

    /**
     * The buckets a command line or a property spells: {@code 1d} (exactly one day) is the calendar
     * days of {@code zone} (UTC when none); any other length is tumbling buckets from the epoch.
     * <pre>{@code
     * RollupSpec.buckets(Duration.ofMinutes(1), Option.none());                       // tumbling minutes
     * RollupSpec.buckets(Duration.ofDays(1), Option.some(ZoneId.of("Europe/Berlin")));  // Berlin's days, 23 or 25 h across a change
     * }</pre>
     *
     * @param length the bucket length, a positive whole number of milliseconds
     * @param zone   the zone of calendar days, only with a length of one day
     * @return the buckets
     * @throws IllegalArgumentException for a length that is not positive or not whole milliseconds, or a
     *                                  zone with another length than one day
     */
    public static Buckets buckets(Duration length, io.vavr.control.Option<java.time.ZoneId> zone) {
        Objects.requireNonNull(length, "length");
        Objects.requireNonNull(zone, "zone");
        if (length.equals(Duration.ofDays(1))) {
            return Buckets.calendar(java.time.temporal.ChronoUnit.DAYS, zone.getOrElse(java.time.ZoneOffset.UTC));
        }
        if (zone.isDefined()) {
            throw new IllegalArgumentException("a zone (" + zone.get() + ") applies to calendar days (a bucket of 1d) only, not to buckets of "
                    + length + ": tumbling buckets start at the epoch");
        }
        return Buckets.tumbling(length);
    }

    /**
     * A bucket length as a command line spells it: {@code <n>ms}, {@code <n>s}, {@code <n>m}, {@code <n>h},
     * {@code <n>d}, or ISO-8601 ({@code PT1M}).
     * <pre>{@code
     * RollupSpec.length("15m");   // PT15M
     * RollupSpec.length("1d");    // PT24H: with buckets(…), the calendar days of a zone
     * }</pre>
     *
     * @param spelling the text
     * @return the length
     * @throws IllegalArgumentException naming the text when it is none of these, or not positive
     */
    public static Duration length(String spelling) {
        if (spelling == null || spelling.isBlank()) {
            throw new IllegalArgumentException("no bucket length given: write e.g. 1m, 15m, 1h or 1d");
        }
        String t = spelling.trim();
        Duration d;
        try {
            d = echomq.domain.window.Durations.parse(t);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bucket length " + e.getMessage(), e);
        }
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException("bucket length \"" + t + "\" must be positive");
        }
        return d;
    }
}
