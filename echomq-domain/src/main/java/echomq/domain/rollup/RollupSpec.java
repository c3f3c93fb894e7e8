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
}
