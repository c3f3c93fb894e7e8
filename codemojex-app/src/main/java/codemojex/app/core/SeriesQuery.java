package codemojex.app.core;

import echomq.domain.window.BucketSpelling;
import echomq.domain.window.Bucketed;
import echomq.domain.window.Buckets;
import echomq.domain.window.Window;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a series asks for, read from text and checked in one pure place (no I/O, the instant given):
 * the feed's series ({@code since}, {@code bucket}) and the openings' calendar series ({@code from},
 * {@code to}, {@code bucket}, {@code zone}, {@code dayStarts}). Every refusal is a
 * {@link BadInputException} naming the field and what it accepts, so the HTTP route and the CLI
 * only map it; nothing too large for {@link Buckets#MAX_BUCKETS} gets through.
 */
public final class SeriesQuery {

    /** The feed series' buckets, by name. */
    public static final List<String> FEED_BUCKET_NAMES = List.of("1m", "5m", "15m", "1h", "1d");

    /** The feed series' buckets. */
    public static final List<Duration> FEED_BUCKETS = FEED_BUCKET_NAMES.stream().map(n -> DurationFields.parse("bucket", n)).toList();

    /** The openings series' calendar buckets, by name: a day, an ISO week (from Monday), a month. */
    public static final List<String> CALENDAR_BUCKET_NAMES = BucketSpelling.CALENDAR.toJavaList();

    /** The first and last dates a calendar series may reach. */
    public static final LocalDate FIRST_DATE = Dates.FIRST;
    public static final LocalDate LAST_DATE = Dates.LAST;

    /** How many days the openings series covers when {@code from} is left out: {@code to}'s day and the 29 before. */
    public static final int DEFAULT_DAYS = 30;


    private SeriesQuery() {
    }

    /**
     * The feed's series: tumbling buckets of {@code bucket} over the last {@code since}.
     *
     * @param since  one of the feed's windows ({@link FeedWindow#LENGTHS})
     * @param bucket one of {@code accepted}, at most {@code since}
     */
    public record Feed(Duration since, Duration bucket) {
        public Feed {
            Objects.requireNonNull(since, "since");
            Objects.requireNonNull(bucket, "bucket");
        }

        /** The sliding range cut into buckets: {@code [now - since, now]} at each read. */
        public Bucketed window() {
            return Buckets.tumbling(bucket).within(Window.last(since));
        }
    }

    /**
     * The openings' series: calendar buckets of {@code unit} in {@code zone} starting at
     * {@code dayStarts}, over {@code [from, to]} (both included, whole milliseconds).
     *
     * @param from      the range's first millisecond
     * @param to        its last
     * @param bucket    the bucket's name ({@code 1d}, {@code 1w}, {@code 1mo})
     * @param unit      the calendar unit it names
     * @param zone      the zone whose calendar the buckets follow
     * @param dayStarts the local time each bucket starts at
     */
    public record Openings(Instant from, Instant to, String bucket, ChronoUnit unit, ZoneId zone, LocalTime dayStarts) {
        public Openings {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(bucket, "bucket");
            Objects.requireNonNull(unit, "unit");
            Objects.requireNonNull(zone, "zone");
            Objects.requireNonNull(dayStarts, "dayStarts");
        }

        /** The buckets. */
        public Buckets buckets() {
            return Buckets.calendar(unit, zone).startingAt(dayStarts);
        }

        /** The closed range cut into those buckets. */
        public Bucketed window() {
            return buckets().within(Window.closed(from, to));
        }
    }

    /**
     * The feed's series asked for by {@code since} (default {@code 1h}) and {@code bucket}
     * (default {@code defaultBucket}), the bucket one of {@code accepted}.
     *
     * @throws BadInputException naming {@code since} or {@code bucket}
     */
    public static Feed feed(String since, String bucket, Duration defaultBucket, List<Duration> accepted) {
        Duration s = FeedWindow.parse(since).length();
        Duration b = null;
        try {
            b = blank(bucket) ? defaultBucket : DurationFields.parse("bucket", bucket);
        } catch (BadInputException notADuration) {
            // not a duration, or out of every duration's range: refused below, by the list of what is accepted
        }
        if (b == null || !accepted.contains(b)) {
            throw new BadInputException("bucket", "bucket must be one of " + names(accepted) + ", got " + shown(bucket));
        }
        if (b.compareTo(s) > 0) {
            throw new BadInputException("bucket", "bucket " + DurationFields.format(b) + " is longer than since " + DurationFields.format(s)
                    + ": give a bucket of at most " + DurationFields.format(s));
        }
        // a sliding range of s holds at most ceil(s / b) + 1 buckets of b, wherever "now" falls: counted, none cut
        if ((s.toMillis() + b.toMillis() - 1) / b.toMillis() + 1 > Buckets.MAX_BUCKETS) {
            throw new BadInputException("bucket", "since " + DurationFields.format(s) + " in buckets of " + DurationFields.format(b)
                    + " is more than " + Buckets.MAX_BUCKETS + " buckets: give a longer bucket");
        }
        return new Feed(s, b);
    }

    /** {@link #feed(String, String, Duration, List)} with the feed's own buckets, {@code 1m} by default. */
    public static Feed feed(String since, String bucket) {
        return feed(since, bucket, Duration.ofMinutes(1), FEED_BUCKETS);
    }

    /** The feed's buckets and {@code extra} (the live chart's, when it is another), in order of length. */
    public static List<Duration> feedBuckets(Duration extra) {
        return Stream.concat(FEED_BUCKETS.stream(), Stream.of(extra)).distinct().sorted().toList();
    }

    /**
     * The openings' series asked for. {@code from} and {@code to} are each an ISO date
     * ({@code 2026-12-01}: that calendar day in {@code zone}, from {@code dayStarts}; {@code from}
     * its first millisecond, {@code to} its last) or an ISO instant ({@code 2026-12-01T05:00:00Z},
     * taken as is, to the millisecond), from 1970-01-01 to 9999-12-31. Defaults: {@code to} today
     * in the zone at {@code now}, {@code from} the 30th day back to {@code to}'s, {@code bucket}
     * {@code 1d}, {@code zone} UTC, {@code dayStarts} 00:00.
     *
     * @throws BadInputException naming {@code zone}, {@code dayStarts}, {@code bucket}, {@code from} or {@code to}
     */
    public static Openings openings(String from, String to, String bucket, String zone, String dayStarts, Instant now) {
        ZoneId z = zone(zone);
        LocalTime starts = dayStarts(dayStarts);
        String b = blank(bucket) ? "1d" : bucket.trim();
        ChronoUnit unit = BucketSpelling.calendar(b).getOrElseThrow(() -> new BadInputException("bucket", "bucket must be one of "
                + String.join(", ", CALENDAR_BUCKET_NAMES) + ", got " + shown(bucket)));
        Instant end = blank(to) ? lastMilli(dayOf(now, z, starts), z, starts) : bound("to", to, z, starts, false);
        Instant start;
        if (blank(from)) {
            LocalDate last = dayOf(end, z, starts);
            LocalDate first = last.minusDays(DEFAULT_DAYS - 1);
            start = firstMilli(first.isBefore(FIRST_DATE) ? FIRST_DATE : first, z, starts);
        } else {
            start = bound("from", from, z, starts, true);
        }
        if (end.isBefore(start)) {
            throw new BadInputException("to", "to " + end + " is before from " + start + ": give a to at or after from");
        }
        Openings q = new Openings(start, end, b, unit, z, starts);
        if (q.window().count(now) > Buckets.MAX_BUCKETS) { // counted, none cut: refused here, before anything is read
            throw new BadInputException("to", "from " + start + " to " + end + " in buckets of " + b + " is over the limit of "
                    + Buckets.MAX_BUCKETS + " buckets: give a shorter range or a longer bucket");
        }
        return q;
    }

    /**
     * The day {@code i} falls in, in {@code zone}, days starting at {@code starts}: before 02:30 on the
     * 7th, a day from 02:30 is still the 6th's (its calendar date would be a day not yet begun).
     */
    static LocalDate dayOf(Instant i, ZoneId zone, LocalTime starts) {
        LocalDateTime local = LocalDateTime.ofInstant(i, zone);
        return local.toLocalTime().isBefore(starts) ? local.toLocalDate().minusDays(1) : local.toLocalDate();
    }

    /** {@code text} a zone, UTC when blank. */
    static ZoneId zone(String text) {
        return Dates.zone("zone", text);
    }

    /** {@code text} a local time {@code HH:mm} or {@code HH:mm:ss}, midnight when blank. */
    static LocalTime dayStarts(String text) {
        if (blank(text)) {
            return LocalTime.MIDNIGHT;
        }
        try {
            return BucketSpelling.dayStart(text);
        } catch (IllegalArgumentException notATime) {
            throw new BadInputException("dayStarts", "dayStarts " + shown(text) + " is not a time of day 00:00..23:59:59 such as 05:00");
        }
    }

    /** A date or an instant, within 1970-01-01..9999-12-31: the first millisecond of a {@code from} date, the last of a {@code to}. */
    private static Instant bound(String field, String text, ZoneId zone, LocalTime starts, boolean first) {
        String t = text.trim();
        String accepts = field + " must be a date such as 2026-12-01 or an instant such as 2026-12-01T05:00:00Z, from "
                + FIRST_DATE + " to " + LAST_DATE;
        try {
            if (t.indexOf('T') < 0 && t.indexOf('t') < 0) {
                LocalDate d = Dates.parse(field, t);
                return first ? firstMilli(d, zone, starts) : lastMilli(d, zone, starts);
            }
            return Instants.parse(field, t).truncatedTo(ChronoUnit.MILLIS);
        } catch (BadInputException e) {
            throw new BadInputException(field, accepts + ", got " + shown(text));
        }
    }

    /**
     * The instant day {@code d}'s bucket starts, as {@link Buckets.Calendar#startOf} cuts days (the
     * jump when the clocks skip {@code starts}, the earlier instant when it comes twice). Never
     * before the epoch, never after {@link #LAST_MILLI}: a day at either end of the dates served, in
     * a zone far from UTC, is clipped to the instants served (an answer never names an instant a
     * request could not send back).
     */
    static Instant firstMilli(LocalDate d, ZoneId zone, LocalTime starts) {
        return served(startOf(d, zone, starts));
    }

    /** The last millisecond of day {@code d}'s bucket: a millisecond before the next day's starts (at most {@link #LAST_MILLI}). */
    static Instant lastMilli(LocalDate d, ZoneId zone, LocalTime starts) {
        return served(startOf(d.plusDays(1), zone, starts).minusMillis(1));
    }

    private static Instant startOf(LocalDate d, ZoneId zone, LocalTime starts) {
        return Buckets.calendar(ChronoUnit.DAYS, zone).startingAt(starts).startOf(d);
    }

    /** {@code at} clipped to the instants served, from the epoch to {@link #LAST_MILLI}. */
    private static Instant served(Instant at) {
        return at.isBefore(Instant.EPOCH) ? Instant.EPOCH : at.isAfter(LAST_MILLI) ? LAST_MILLI : at;
    }

    /** The last whole millisecond of the instants served ({@link Instants#MAX}). */
    static final Instant LAST_MILLI = Instants.MAX.truncatedTo(ChronoUnit.MILLIS);

    private static String names(List<Duration> ds) {
        return ds.stream().map(DurationFields::format).collect(Collectors.joining(", "));
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static String shown(String s) {
        return Bounded.shown(s);
    }
}
