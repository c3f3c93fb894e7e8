package echomq.domain.window;

import echomq.domain.id.StreamId;

import io.vavr.collection.List;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.DayOfWeek;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.time.zone.ZoneOffsetTransition;
import java.util.Objects;

/**
 * How a range of time is cut into buckets: the pure math of a series, with no I/O. A bucket is a
 * {@link Window.Closed} of whole milliseconds, so a series reads exactly the ids of its buckets.
 * <ul>
 *   <li>{@link #tumbling} buckets {@code [o + k·size, o + (k+1)·size)} tile time: every millisecond
 *       lies in exactly one;</li>
 *   <li>{@link #hopping} buckets {@code [o + k·advance, o + k·advance + size)} overlap: a
 *       millisecond lies in {@code size / advance} of them when {@code advance} divides {@code size};</li>
 *   <li>{@link #cumulate} buckets grow: each max bucket {@code [o + k·max, o + (k+1)·max)} is cut into steps, and
 *       its windows are {@code [start, start + j·step)} for {@code j = 1 … max / step}, each step's growing window
 *       of the max bucket it lies in (Flink's {@code CUMULATE}); a millisecond lies in every window of its max
 *       bucket from its own step on;</li>
 *   <li>{@link #calendar} buckets are the days, ISO weeks (from Monday), months or years of a zone,
 *       from local midnight or {@link #startingAt} a local time; across a DST change a day is 23 or
 *       25 hours, and a start time the clocks skip that day starts the bucket at the instant they
 *       jump to.</li>
 * </ul>
 * The origin {@code o} of tumbling, hopping and cumulating buckets is the epoch unless {@link #alignedTo} says
 * otherwise.
 * <pre>{@code
 * Buckets.tumbling(Duration.ofMinutes(1)).over(Window.closed(t0, t1));      // one per minute, clipped
 * Buckets.calendar(ChronoUnit.DAYS, ZoneId.of("Europe/Berlin"))
 *        .startingAt(LocalTime.of(5, 0)).over(Window.closed(t0, t1));       // days from 05:00 local
 * }</pre>
 */
public sealed interface Buckets permits Buckets.Tumbling, Buckets.Hopping, Buckets.Cumulate, Buckets.Calendar {

    /** The most buckets one range may be cut into: a larger series is refused before anything is read. */
    int MAX_BUCKETS = 100_000;

    /**
     * Tumbling buckets of {@code size}, aligned to the epoch.
     *
     * @param size the length of each bucket, a positive whole number of milliseconds
     * @return the buckets
     * @throws IllegalArgumentException when {@code size} is not positive or not whole milliseconds
     */
    static Tumbling tumbling(Duration size) {
        return new Tumbling(size, Instant.EPOCH);
    }

    /**
     * Hopping buckets of {@code size} every {@code advance}, aligned to the epoch.
     *
     * @param size    the length of each bucket, a positive whole number of milliseconds
     * @param advance the distance between the starts of two buckets, {@code 0 < advance <= size}
     * @return the buckets
     * @throws IllegalArgumentException when either is not positive or not whole milliseconds, or {@code advance > size}
     */
    static Hopping hopping(Duration size, Duration advance) {
        return new Hopping(size, advance, Instant.EPOCH);
    }

    /**
     * Cumulating buckets: each max bucket of {@code max}, aligned to the epoch, answered as the growing
     * window of each of its steps of {@code step}, {@code [start, start + step)}, {@code [start, start + 2·step)},
     * … up to the whole max bucket: "each hour of today so far".
     * <pre>{@code
     * Buckets.cumulate(Duration.ofHours(1), Duration.ofDays(1)).over(today);   // [00:00, 01:00), [00:00, 02:00), …
     * }</pre>
     *
     * @param step the growth of each window, a positive whole number of milliseconds
     * @param max  the length of the max bucket, a whole number of steps
     * @return the buckets
     * @throws IllegalArgumentException when either is not positive or not whole milliseconds, or {@code max} is
     *                                  not a whole number of steps
     */
    static Cumulate cumulate(Duration step, Duration max) {
        return new Cumulate(step, max, Instant.EPOCH);
    }

    /**
     * Calendar buckets of {@code unit} in {@code zone}, from local midnight.
     *
     * @param unit {@link ChronoUnit#DAYS}, {@link ChronoUnit#WEEKS} (ISO, from Monday),
     *             {@link ChronoUnit#MONTHS} or {@link ChronoUnit#YEARS}
     * @param zone the zone whose calendar and clock changes the buckets follow
     * @return the buckets
     * @throws IllegalArgumentException when {@code unit} is another unit
     */
    static Calendar calendar(ChronoUnit unit, ZoneId zone) {
        return new Calendar(unit, zone, LocalTime.MIDNIGHT);
    }

    /**
     * The same buckets with their origin at {@code origin}: tumbling and hopping buckets only.
     *
     * @param origin the start of one bucket
     * @return the buckets aligned to it
     * @throws IllegalArgumentException on calendar buckets, or when {@code origin} has no stream id
     */
    Buckets alignedTo(Instant origin);

    /**
     * The same buckets, each starting at {@code time} local time: calendar buckets only.
     *
     * @param time the local time each bucket starts at
     * @return the buckets
     * @throws IllegalArgumentException on tumbling or hopping buckets, or when {@code time} is not whole milliseconds
     */
    Buckets startingAt(LocalTime time);

    /**
     * This cutting of {@code range}: the window of a series over a closed range.
     *
     * @param range the range
     * @return the bucketed window
     */
    default Bucketed within(Window.Closed range) {
        return new Bucketed(range, this);
    }

    /**
     * This cutting of the last {@code range.length()}, {@code [now - length, now]} at each read.
     *
     * @param range the sliding range (its panes do not matter: the buckets are the panes)
     * @return the bucketed window
     */
    default Bucketed within(Window.Sliding range) {
        return new Bucketed(range, this);
    }

    /**
     * Every bucket that overlaps {@code range}, clipped to it, in time order: each is
     * {@code [max(start, t0), min(end − 1 ms, t1)]} in whole milliseconds.
     *
     * @param range the range to cut
     * @return the buckets, at least one
     * @throws IllegalArgumentException when the range would hold more than {@link #MAX_BUCKETS} buckets
     */
    List<Window.Closed> over(Window.Closed range);

    /**
     * How many buckets {@link #over} cuts {@code range} into, counted without cutting them: what a
     * caller checks against {@link #MAX_BUCKETS} before anything is read. For calendar buckets it is
     * the periods the range spans, the buckets themselves but for a day a zone skipped whole.
     * {@code Buckets.tumbling(Duration.ofMinutes(1)).count(Window.closed(t, t.plusSeconds(3600)))} is 61 for {@code t} on a minute.
     *
     * @param range the range to count
     * @return at least {@code over(range).size()}, and as many but for skipped days; {@code Long.MAX_VALUE} past a {@code long}
     */
    long count(Window.Closed range);

    /**
     * Whether these buckets tile time (every millisecond in exactly one): what a closing
     * subscription needs, since "after the last bucket handed out" is then one instant.
     *
     * @return true for tumbling and calendar buckets, false for hopping and cumulating ones
     */
    boolean tilesTime();

    /**
     * A length every bucket's is at least, and for buckets that tile time more than half the longest
     * one's: how far a range must reach to hold {@code n} whole buckets ({@code n + 1} of it suffice).
     *
     * @return the size of tumbling and hopping buckets (their {@link #length()}, as for any kind of
     *         one length); the step of cumulating ones (their first window); 22 hours for days (a DST
     *         day is 23 or 25), 6 days for weeks, 27 for months, 364 for years
     */
    default Duration shortest() {
        // a kind without one length (cumulating, calendar) answers for itself
        return length().getOrElseThrow(() -> new IllegalStateException(this + " has no one length: it answers shortest() itself"));
    }

    /**
     * The one length all these buckets have, when they have one.
     *
     * @return the size of tumbling and hopping buckets, none for cumulating ones (they grow) and calendar ones
     */
    Option<Duration> length();

    /**
     * Tumbling panes every bucket is a whole number of, when those are fewer reads than the buckets:
     * a hopping bucket is its panes of {@code gcd(size, advance)} combined, a cumulating one its steps,
     * so an entry is folded once however many buckets hold it.
     *
     * @return the panes of hopping buckets, the steps of cumulating ones; none for tumbling and calendar ones
     *         (they are their own panes)
     */
    Option<Tumbling> panes();

    /**
     * Buckets that tile time in steps of {@code size} from {@code origin}.
     *
     * @param size   the length of each bucket
     * @param origin the start of one bucket
     */
    record Tumbling(Duration size, Instant origin) implements Buckets {
        /**
         * Checks the size and the origin.
         *
         * @param size   a positive whole number of milliseconds
         * @param origin the start of one bucket, with a stream id
         * @throws IllegalArgumentException naming the bad value
         */
        public Tumbling {
            BucketSteps.millis("bucket size", size);
            Objects.requireNonNull(origin, "origin");
            StreamId.epochMilli(origin);
        }

        @Override
        public Tumbling alignedTo(Instant origin) {
            return new Tumbling(size, origin);
        }

        @Override
        public Buckets startingAt(LocalTime time) {
            throw new IllegalArgumentException("startingAt(" + time + ") applies to calendar buckets, not to tumbling buckets of "
                    + size + "; use alignedTo");
        }

        @Override
        public List<Window.Closed> over(Window.Closed range) {
            return BucketSteps.of(size, size, origin).over(range, this);
        }

        @Override
        public long count(Window.Closed range) {
            return BucketSteps.of(size, size, origin).count(range);
        }

        @Override
        public boolean tilesTime() {
            return true;
        }

        @Override
        public Option<Duration> length() {
            return Option.some(size);
        }

        @Override
        public Option<Tumbling> panes() {
            return Option.none();
        }
    }

    /**
     * Buckets of {@code size} starting every {@code advance} from {@code origin}.
     *
     * @param size    the length of each bucket
     * @param advance the distance between two starts, at most {@code size}
     * @param origin  the start of one bucket
     */
    record Hopping(Duration size, Duration advance, Instant origin) implements Buckets {
        /**
         * Checks the size, the advance and the origin.
         *
         * @param size    a positive whole number of milliseconds
         * @param advance a positive whole number of milliseconds, at most {@code size}
         * @param origin  the start of one bucket, with a stream id
         * @throws IllegalArgumentException naming the bad value
         */
        public Hopping {
            long s = BucketSteps.millis("bucket size", size);
            long a = BucketSteps.millis("bucket advance", advance);
            if (a > s) {
                throw new IllegalArgumentException("bucket advance " + advance + " is longer than the bucket size " + size);
            }
            Objects.requireNonNull(origin, "origin");
            StreamId.epochMilli(origin);
        }

        @Override
        public Hopping alignedTo(Instant origin) {
            return new Hopping(size, advance, origin);
        }

        @Override
        public Buckets startingAt(LocalTime time) {
            throw new IllegalArgumentException("startingAt(" + time + ") applies to calendar buckets, not to hopping buckets of "
                    + size + " every " + advance + "; use alignedTo");
        }

        @Override
        public List<Window.Closed> over(Window.Closed range) {
            return BucketSteps.of(size, advance, origin).over(range, this);
        }

        @Override
        public long count(Window.Closed range) {
            return BucketSteps.of(size, advance, origin).count(range);
        }

        @Override
        public boolean tilesTime() {
            return false; // they overlap
        }

        @Override
        public Option<Duration> length() {
            return Option.some(size);
        }

        @Override
        public Option<Tumbling> panes() {
            return Option.some(new Tumbling(Duration.ofMillis(gcd(size.toMillis(), advance.toMillis())), origin));
        }

        private static long gcd(long x, long y) {
            return y == 0 ? x : gcd(y, x % y);
        }
    }

    /**
     * Cumulating buckets: the max buckets of {@code max} from {@code origin}, each answered as the growing
     * window of each of its steps of {@code step}.
     *
     * @param step   the growth of each window
     * @param max    the length of a max bucket, a whole number of steps
     * @param origin the start of one max bucket
     */
    record Cumulate(Duration step, Duration max, Instant origin) implements Buckets {
        /**
         * Checks the step, the max bucket and the origin.
         *
         * @param step   a positive whole number of milliseconds
         * @param max    a positive whole number of milliseconds, a whole number of steps
         * @param origin the start of one max bucket, with a stream id
         * @throws IllegalArgumentException naming the bad value
         */
        public Cumulate {
            long s = BucketSteps.millis("cumulate step", step);
            long m = BucketSteps.millis("cumulate max bucket", max);
            if (m % s != 0) {
                throw new IllegalArgumentException("cumulate max bucket " + max + " is not a whole number of steps of " + step);
            }
            Objects.requireNonNull(origin, "origin");
            StreamId.epochMilli(origin);
        }

        @Override
        public Cumulate alignedTo(Instant origin) {
            return new Cumulate(step, max, origin);
        }

        @Override
        public Buckets startingAt(LocalTime time) {
            throw new IllegalArgumentException("startingAt(" + time + ") applies to calendar buckets, not to cumulating buckets of "
                    + step + " up to " + max + "; use alignedTo");
        }

        @Override
        public List<Window.Closed> over(Window.Closed range) {
            return steps().over(range, this);
        }

        @Override
        public long count(Window.Closed range) {
            return steps().count(range);
        }

        @Override
        public boolean tilesTime() {
            return false; // each window holds the ones before it in its max bucket
        }

        @Override
        public Duration shortest() {
            return step;
        }

        @Override
        public Option<Duration> length() {
            return Option.none(); // they grow from a step to the max bucket
        }

        @Override
        public Option<Tumbling> panes() {
            return Option.some(new Tumbling(step, origin));
        }

        private CumulateSteps steps() {
            return new CumulateSteps(step.toMillis(), max.toMillis(), origin.toEpochMilli());
        }
    }

    /**
     * The calendar {@code unit}s of {@code zone}, each starting at {@code start} local time.
     *
     * @param unit  DAYS, WEEKS, MONTHS or YEARS
     * @param zone  the zone
     * @param start the local time each bucket starts at
     */
    record Calendar(ChronoUnit unit, ZoneId zone, LocalTime start) implements Buckets {

        private static final List<ChronoUnit> UNITS = List.of(ChronoUnit.DAYS, ChronoUnit.WEEKS, ChronoUnit.MONTHS, ChronoUnit.YEARS);

        /**
         * Checks the unit, the zone and the start time.
         *
         * @param unit  DAYS, WEEKS, MONTHS or YEARS
         * @param zone  the zone
         * @param start the local time each bucket starts at, whole milliseconds
         * @throws IllegalArgumentException for another unit or a start time finer than milliseconds
         */
        public Calendar {
            Objects.requireNonNull(unit, "unit");
            Objects.requireNonNull(zone, "zone");
            Objects.requireNonNull(start, "start");
            if (!UNITS.contains(unit)) {
                throw new IllegalArgumentException("calendar unit " + unit + " is not one of " + UNITS.mkString(", "));
            }
            if (start.getNano() % 1_000_000 != 0) {
                throw new IllegalArgumentException("bucket start time " + start + " is not a whole number of milliseconds");
            }
        }

        @Override
        public Buckets alignedTo(Instant origin) {
            throw new IllegalArgumentException("alignedTo(" + origin + ") applies to tumbling and hopping buckets, not to calendar "
                    + unit + " in " + zone + "; use startingAt");
        }

        @Override
        public Calendar startingAt(LocalTime time) {
            return new Calendar(unit, zone, time);
        }

        @Override
        public List<Window.Closed> over(Window.Closed range) {
            long a = StreamId.epochMilli(range.t0());
            long b = StreamId.epochMilli(range.t1());
            LocalDate first = periodOf(a);
            LocalDate last = periodOf(b);
            BucketSteps.limit(periods(first, last), range, this);
            List<Window.Closed> out = List.empty();
            for (LocalDate p = first; !p.isAfter(last); p = next(p)) {
                long s = Math.max(startMs(p), a);
                long e = Math.min(startMs(next(p)) - 1, b);
                if (e >= s) { // a day the zone skipped whole (Pacific/Apia, 2011-12-30) is no bucket
                    out = out.prepend(new Window.Closed(Instant.ofEpochMilli(s), Instant.ofEpochMilli(e)));
                }
            }
            return out.reverse();
        }

        @Override
        public long count(Window.Closed range) {
            return periods(periodOf(StreamId.epochMilli(range.t0())), periodOf(StreamId.epochMilli(range.t1())));
        }

        @Override
        public boolean tilesTime() {
            return true;
        }

        @Override
        public Duration shortest() {
            return switch (unit) {
                case DAYS -> Duration.ofHours(22);   // a day is 23 hours or more: 22 is safe anywhere
                case WEEKS -> Duration.ofDays(6);
                case MONTHS -> Duration.ofDays(27);
                default -> Duration.ofDays(364);
            };
        }

        @Override
        public Option<Duration> length() {
            return Option.none(); // a day may be 23 or 25 hours, a month 28 to 31 days
        }

        @Override
        public Option<Tumbling> panes() {
            return Option.none();
        }

        /** How many periods from {@code first} to {@code last}, both included: at least the buckets. */
        private long periods(LocalDate first, LocalDate last) {
            return switch (unit) {
                case DAYS -> ChronoUnit.DAYS.between(first, last) + 1;
                case WEEKS -> ChronoUnit.DAYS.between(first, last) / 7 + 1;
                case MONTHS -> ChronoUnit.MONTHS.between(first, last) + 1;
                default -> ChronoUnit.YEARS.between(first, last) + 1;
            };
        }

        /** The first local date of the bucket that holds the millisecond {@code ms}. */
        private LocalDate periodOf(long ms) {
            LocalDate date = align(LocalDateTime.ofInstant(Instant.ofEpochMilli(ms), zone).toLocalDate());
            // the bucket of the local date may start after ms (before the day's start time): the one before holds it
            while (startMs(date) > ms) {
                date = previous(date);
            }
            while (startMs(next(date)) <= ms) {
                date = next(date);
            }
            return date;
        }

        private LocalDate align(LocalDate d) {
            return switch (unit) {
                case DAYS -> d;
                case WEEKS -> d.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
                case MONTHS -> d.withDayOfMonth(1);
                default -> d.withDayOfYear(1);
            };
        }

        private LocalDate next(LocalDate p) {
            return p.plus(1, unit);
        }

        private LocalDate previous(LocalDate p) {
            return p.minus(1, unit);
        }

        /**
         * The instant a bucket that begins on local date {@code date} starts: {@link #start()} on that
         * date in the zone, or, when the clocks skip that local time, the instant they jump (not the
         * shifted time {@link ZonedDateTime#of} would give); in an overlap the earlier instant. The one
         * rule of where a calendar bucket starts, for callers that cut ranges by local dates too.
         * <pre>{@code
         * Buckets.calendar(ChronoUnit.DAYS, ZoneId.of("Europe/Berlin")).startingAt(LocalTime.of(2, 30))
         *        .startOf(LocalDate.of(2026, 3, 29));   // 2026-03-29T01:00:00Z: 02:30 does not exist that day
         * }</pre>
         *
         * @param date the local date (for weeks, months and years, the first of its period)
         * @return the instant, which may lie before the epoch for dates near 1970
         */
        public Instant startOf(LocalDate date) {
            LocalDateTime local = Objects.requireNonNull(date, "date").atTime(start);
            ZoneOffsetTransition gap = zone.getRules().getTransition(local);
            if (gap != null && gap.isGap()) {
                return gap.getInstant();
            }
            return ZonedDateTime.of(local, zone).toInstant();
        }

        private long startMs(LocalDate p) {
            return startOf(p).toEpochMilli();
        }
    }
}
