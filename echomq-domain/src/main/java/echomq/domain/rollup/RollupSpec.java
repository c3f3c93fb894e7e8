package echomq.domain.rollup;

import echomq.domain.closing.DueBuckets;
import echomq.domain.eventtime.EventTime;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Buckets;

import io.vavr.control.Option;

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
 * By the event time of the source's entries ({@link #byEventTime}), each bucket holds the entries
 * on time whose event time lies in it, read through the event-time view
 * ({@link EventTime#over}); it closes the lateness {@code L} later ({@link #closesAfter()}), and the
 * entries the rule leaves out can be copied to a stream of their own ({@link #lateInto}), each once,
 * at its own id, as Flink's side output of late data. The target is written and read by id as ever:
 * its ids are the buckets' starts by event time.
 * <pre>{@code
 * RollupSpec byTs = spec.byEventTime(EventTime.field("ts").lateness(Duration.ofMinutes(5)))
 *         .lateInto(StreamKey.existing("orders:late"));
 * byTs.closesAfter();   // PT5M2S: the skew and the lateness
 * }</pre>
 *
 * @param source    the stream rolled up
 * @param target    the rollup stream, another key
 * @param buckets   tumbling or calendar buckets (they tile time)
 * @param skew      how far a writer's clock may lag the store's, at least zero (the appender's maximum skew
 *                  for a stream the library writes; for {@code *} ids, Redis' own clock, zero would do).
 *                  A rollup whose source is another rollup's target, run continuously, needs more than that
 *                  rollup's {@link #closesAfter()} plus its pass interval: a rollup entry lands after its bucket
 *                  closed, at the id of the bucket's start, and a bucket closed before it landed would miss it for good
 * @param eventTime the source's event time, none to roll up by the ids' time
 * @param lateInto  where the entries the event time leaves out are copied, none not to copy them;
 *                  only with an event time, another key than source and target
 */
public record RollupSpec(StreamKey source, StreamKey target, Buckets buckets, Duration skew, Option<EventTime> eventTime,
                         Option<StreamKey> lateInto) {

    /**
     * Checks the parts.
     *
     * @param source    the stream rolled up
     * @param target    the rollup stream
     * @param buckets   tumbling or calendar buckets
     * @param skew      at least zero
     * @param eventTime the source's event time, or none
     * @param lateInto  the stream of left-out entries, or none; only with an event time
     * @throws IllegalArgumentException when target is source, for hopping buckets or a negative skew, for a
     *                                  {@code lateInto} without an event time or that is the source or the target
     */
    public RollupSpec {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(eventTime, "eventTime");
        Objects.requireNonNull(lateInto, "lateInto");
        if (source.toString().equals(target.toString())) {
            throw new IllegalArgumentException("a rollup's target must be another stream than its source " + source);
        }
        DueBuckets.requireSubscribable(buckets, Instant.EPOCH, skew);
        if (lateInto.isDefined()) {
            if (eventTime.isEmpty()) {
                throw new IllegalArgumentException("a rollup copies the entries its event time leaves out: " + lateInto.get()
                        + " needs an event time (byEventTime) first");
            }
            String late = lateInto.get().toString();
            if (late.equals(source.toString()) || late.equals(target.toString())) {
                throw new IllegalArgumentException("the stream of left-out entries " + late + " must be another stream than the rollup's "
                        + (late.equals(source.toString()) ? "source" : "target"));
            }
        }
    }

    /**
     * A rollup by the ids' time.
     *
     * @param source  the stream rolled up
     * @param target  the rollup stream
     * @param buckets tumbling or calendar buckets
     * @param skew    at least zero
     * @throws IllegalArgumentException when target is source, for hopping buckets or a negative skew
     */
    public RollupSpec(StreamKey source, StreamKey target, Buckets buckets, Duration skew) {
        this(source, target, buckets, skew, Option.none(), Option.none());
    }

    /**
     * The same as the constructor: a rollup by the ids' time.
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
     * The same rollup by the event time of the source's entries.
     *
     * @param time the source's event time
     * @return the spec
     */
    public RollupSpec byEventTime(EventTime time) {
        return new RollupSpec(source, target, buckets, skew, Option.some(Objects.requireNonNull(time, "time")), lateInto);
    }

    /**
     * The same rollup, copying each entry its event time leaves out to {@code stream}, once, at its own id.
     *
     * @param stream the stream of left-out entries, another than source and target
     * @return the spec
     * @throws IllegalArgumentException without an event time, or for the source or the target
     */
    public RollupSpec lateInto(StreamKey stream) {
        return new RollupSpec(source, target, buckets, skew, eventTime, Option.some(Objects.requireNonNull(stream, "stream")));
    }

    /**
     * How long past a bucket's end the store's clock must be before it is written: the skew, and by
     * event time the lateness with it ({@link EventTime#closesAfter}).
     *
     * @return {@code skew}, or {@code skew + L}
     */
    public Duration closesAfter() {
        return eventTime.map(t -> t.closesAfter(skew)).getOrElse(skew);
    }
}
