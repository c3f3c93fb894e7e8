package echomq.domain.rollup;

import echomq.domain.closing.DueBuckets;
import echomq.domain.eventtime.EventTime;
import echomq.domain.id.StreamId;
import echomq.domain.window.Buckets;
import echomq.domain.window.Window;

import io.vavr.collection.List;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The pure decisions of a rollup: which bucket holds an id, where a run resumes after the target's
 * top, and which buckets to write next. A run goes:
 * <ol>
 *   <li>read the target's top; the bucket holding it is written (or was blocked by another writer):
 *       {@link #resumeAfter};</li>
 *   <li>read the source's first entry at or after {@link #readFrom} that bucket;</li>
 *   <li>{@link #next}: the buckets from that entry's bucket on that are final on the store's clock
 *       past the skew, consecutive, at most {@code max}; none when there is no entry or its bucket
 *       is not final yet;</li>
 *   <li>fold their range as a series, append each bucket with entries at {@link #entryId} in order,
 *       and go on from {@link #readFrom} the plan's last bucket.</li>
 * </ol>
 * Buckets with no entry are never written, and a long idle stretch costs one read, not one per
 * bucket: the next plan starts at the next entry's bucket.
 * <pre>{@code
 * Buckets minutes = Buckets.tumbling(Duration.ofMinutes(1));
 * Option<Window.Closed> done = RollupPlan.resumeAfter(minutes, targetTop);   // the bucket of 1700000040000-0
 * StreamId from = RollupPlan.readFrom(done).get();                          // 1700000100000-0
 * Option<RollupPlan.Plan> plan = RollupPlan.next(minutes, sourceEntryAtOrAfter(from), serverNow, skew, 1000);
 * }</pre>
 */
public final class RollupPlan {

    /** The most buckets one plan may hold. */
    public static final int MAX_PER_PLAN = DueBuckets.MAX_PER_PASS;

    private RollupPlan() {
    }

    /**
     * Buckets to fold and write, consecutive, oldest first, each whole (never clipped), at least one.
     *
     * @param buckets the buckets
     */
    public record Plan(List<Window.Closed> buckets) {
        /**
         * Checks there is at least one bucket.
         *
         * @param buckets the buckets, not empty
         * @throws IllegalArgumentException when empty
         */
        public Plan {
            Objects.requireNonNull(buckets, "buckets");
            if (buckets.isEmpty()) {
                throw new IllegalArgumentException("a plan holds at least one bucket");
            }
        }

        /**
         * The range the buckets cover: one series read.
         *
         * @return {@code [first start, last end]}
         */
        public Window.Closed range() {
            return Window.closed(buckets.head().t0(), buckets.last().t1());
        }
    }

    /**
     * The whole bucket holding millisecond {@code ms} (clipped at the epoch only, for a bucket that
     * would start before it).
     *
     * @param buckets tumbling or calendar buckets
     * @param ms      a millisecond, at least 0
     * @return the bucket
     * @throws IllegalArgumentException for hopping buckets or a negative {@code ms}
     */
    public static Window.Closed bucketOf(Buckets buckets, long ms) {
        Objects.requireNonNull(buckets, "buckets");
        if (!buckets.tilesTime()) {
            throw new IllegalArgumentException("a rollup's buckets are tumbling or calendar buckets, not " + buckets);
        }
        if (ms < 0) {
            throw new IllegalArgumentException("millisecond " + ms + " is before the epoch");
        }
        // every bucket is shorter than twice the shortest: a range that long either side holds it whole
        long reach = saturatedAdd(buckets.shortest().toMillis(), buckets.shortest().toMillis());
        long lo = Math.max(0, ms - reach);
        long hi = saturatedAdd(ms, reach);
        long start = buckets.over(Window.closed(Instant.ofEpochMilli(lo), Instant.ofEpochMilli(ms))).last().t0().toEpochMilli();
        long end = buckets.over(Window.closed(Instant.ofEpochMilli(ms), Instant.ofEpochMilli(hi))).head().t1().toEpochMilli();
        return Window.closed(Instant.ofEpochMilli(start), Instant.ofEpochMilli(end));
    }

    /**
     * The bucket a run resumes after: the one holding the target's top. It was written (the top is its
     * entry), or something else is at or above its start and it cannot be written any more.
     *
     * @param buckets   the buckets
     * @param targetTop the target's last generated id, none for a target with none (or {@code 0-0})
     * @return the bucket, none when the run starts from the source's first entry
     */
    public static Option<Window.Closed> resumeAfter(Buckets buckets, Option<StreamId> targetTop) {
        Objects.requireNonNull(targetTop, "targetTop");
        return targetTop.filter(t -> t.isAfter(StreamId.MIN)).map(t -> bucketOf(buckets, t.ms()));
    }

    /**
     * Where to read the source's next entry from: the first id after {@code done}.
     *
     * @param done the last bucket decided (written, skipped or empty), none at the start
     * @return the id, none when {@code done} ends at the last millisecond there is
     */
    public static Option<StreamId> readFrom(Option<Window.Closed> done) {
        Objects.requireNonNull(done, "done");
        if (done.isEmpty()) {
            return Option.some(StreamId.MIN);
        }
        long end = done.get().t1().toEpochMilli();
        return end == Long.MAX_VALUE ? Option.none() : Option.some(StreamId.of(end + 1, 0));
    }

    /**
     * The next buckets to write: from the bucket of the source's next entry on, those final on the
     * store's clock ({@code serverNow - skew} past their end), at most {@code max}.
     *
     * @param buckets   tumbling or calendar buckets
     * @param nextEntry the source's first entry at or after {@link #readFrom}, none when there is none
     * @param serverNow the store's clock
     * @param skew      how far a writer's clock may lag the store's, at least zero
     * @param max       the most buckets, 1..{@link #MAX_PER_PLAN}
     * @return the plan, none when there is nothing to write now
     * @throws IllegalArgumentException for hopping buckets, a negative skew or a bad {@code max}
     */
    public static Option<Plan> next(Buckets buckets, Option<StreamId> nextEntry, Instant serverNow, Duration skew, int max) {
        Objects.requireNonNull(nextEntry, "nextEntry");
        Objects.requireNonNull(serverNow, "serverNow");
        DueBuckets.requireSubscribable(buckets, Instant.EPOCH, skew);
        if (max < 1 || max > MAX_PER_PLAN) {
            throw new IllegalArgumentException("max " + max + " must be 1.." + MAX_PER_PLAN);
        }
        if (nextEntry.isEmpty()) {
            return Option.none();
        }
        Window.Closed first = bucketOf(buckets, nextEntry.get().ms());
        List<Window.Closed> due = DueBuckets.due(buckets, first.t0(), Option.none(), serverNow, skew, max);
        return due.isEmpty() ? Option.none() : Option.some(new Plan(due));
    }

    /**
     * Where a run reads the source's next entry from when the next bucket starts at {@code from}: there,
     * by the ids' time; by event time, the lowest id an entry of event time {@code from} or later can
     * have ({@link EventTime#lowestId}, {@code from - E}). The read is of the store's ids, one entry.
     *
     * @param time the source's event time, none by the ids' time
     * @param from where the next bucket may start ({@link #readFrom})
     * @return the id to read the source's next entry from
     */
    public static StreamId probeFrom(Option<EventTime> time, StreamId from) {
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(from, "from");
        return time.map(t -> t.lowestId(from.ms())).getOrElse(from);
    }

    /**
     * Where the next plan starts, given the source's first entry at or after {@link #probeFrom}: at
     * that entry, by the ids' time; by event time at {@code max(from, m - L)}, {@code m} that entry's
     * millisecond: an entry on time of an event time in {@code [from, m - L)} would have an id in
     * {@code [from - E, m)}, where there is none. So an idle stretch is skipped by event time too,
     * and no stretch skipped holds an entry (the reads of the buckets meet every entry, left out or not).
     * <pre>{@code
     * RollupPlan.nextFrom(Option.some(ts), StreamId.of(60_000, 0), found);   // max(60000, found.ms() - L)-0
     * }</pre>
     *
     * @param time  the source's event time, none by the ids' time
     * @param from  where the next bucket may start
     * @param found the id of the source's first entry at or after {@link #probeFrom}
     * @return the id whose bucket the plan starts with ({@link #next})
     */
    public static StreamId nextFrom(Option<EventTime> time, StreamId from, StreamId found) {
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(found, "found");
        return time.map(t -> StreamId.of(Math.max(from.ms(), found.ms() - t.lateness().toMillis()), 0)).getOrElse(found);
    }

    /**
     * The id a bucket's entry is written at: {@code <start ms>-0}.
     *
     * @param bucket the bucket
     * @return its id
     * @throws IllegalArgumentException for a bucket starting at the epoch (Redis takes no {@code 0-0})
     */
    public static StreamId entryId(Window.Closed bucket) {
        return RollupAppendPort.requireId(StreamId.of(Objects.requireNonNull(bucket, "bucket").t0().toEpochMilli(), 0));
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }
}
