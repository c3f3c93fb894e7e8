package echomq.cli.command;

import echomq.domain.stream.StreamKey;
import echomq.domain.window.BucketSpelling;
import echomq.domain.window.Buckets;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/**
 * The text of the options, read and checked without I/O: durations, instants, zones, times of day,
 * buckets, stream keys. Every refusal is a {@link BadArgumentException} naming the option, the text
 * given and what is accepted.
 */
public final class Inputs {

    /** The longest duration any option takes: ten years of days (no instant arithmetic overflows). */
    public static final Duration MAX_DURATION = Duration.ofDays(3650);
    /** The first instant a window may reach: a stream id counts milliseconds from the epoch. */
    public static final Instant FIRST = Instant.EPOCH;
    /** The last instant a window may reach. */
    public static final Instant LAST = LocalDate.of(9999, 12, 31).atTime(LocalTime.MAX).toInstant(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS);

    private Inputs() {
    }

    /**
     * A duration above zero: {@code 90s}, {@code 5m}, {@code 1h}, {@code 1d}, {@code 250ms} or
     * ISO-8601 ({@code PT1H30M}), at most {@link #MAX_DURATION}.
     *
     * @param option the option, for the message ({@code --since})
     * @param text   the text
     * @return the duration
     * @throws BadArgumentException naming the option and the text
     */
    public static Duration duration(String option, String text) {
        Duration d = within(option, text, "1ms");
        if (d.isZero()) {
            throw new BadArgumentException(option + " must be above zero, got \"" + text.trim() + "\"");
        }
        return d;
    }

    /**
     * A duration from zero: as {@link #duration(String, String)}, {@code 0s} accepted.
     *
     * @param option the option, for the message
     * @param text   the text
     * @return the duration
     * @throws BadArgumentException naming the option and the text
     */
    public static Duration durationOrZero(String option, String text) {
        return within(option, text, "0s");
    }

    /** A duration from zero to {@link #MAX_DURATION}, the message of one out of range naming {@code least} as its lower end. */
    private static Duration within(String option, String text, String least) {
        if (text == null || text.isBlank()) {
            throw new BadArgumentException(option + " must not be empty: give a duration such as 90s, 5m, 1h or 1d");
        }
        String t = text.trim();
        Duration d;
        try {
            d = echomq.domain.window.Durations.parse(t);
        } catch (IllegalArgumentException notADuration) {
            throw new BadArgumentException(option + " " + notADuration.getMessage());
        }
        if (d.isNegative() || d.compareTo(MAX_DURATION) > 0) {
            throw new BadArgumentException(option + " \"" + shown(t) + "\" is out of range: give a duration from " + least + " to 3650d");
        }
        return d;
    }

    /**
     * A zone: UTC when not given.
     *
     * @param text a zone id ({@code Europe/Berlin}, {@code UTC}, {@code +02:00}), or null for UTC
     * @return the zone
     * @throws BadArgumentException naming an unknown zone
     */
    public static ZoneId zone(String text) {
        if (text == null) {
            return ZoneOffset.UTC;
        }
        try {
            return ZoneId.of(text.trim());
        } catch (DateTimeException unknown) {
            throw new BadArgumentException("--zone \"" + shown(text) + "\" is not a known time zone: give one such as UTC, "
                    + "Europe/Berlin or +02:00");
        }
    }

    /**
     * A time of day, {@code HH:MM} or {@code HH:MM:SS}: midnight when not given.
     *
     * @param text the time, or null
     * @return the time
     * @throws BadArgumentException naming the text
     */
    public static LocalTime timeOfDay(String text) {
        if (text == null) {
            return LocalTime.MIDNIGHT;
        }
        try {
            return BucketSpelling.dayStart(text);
        } catch (IllegalArgumentException notATime) {
            throw new BadArgumentException("--day-starts " + notATime.getMessage());
        }
    }

    /**
     * An instant: ISO-8601 with an offset ({@code 2026-12-07T10:00:00Z}, {@code …+01:00}), a local
     * date-time in {@code zone} ({@code 2026-12-07T10:00}), or a date in {@code zone}: its first
     * millisecond (from {@code dayStarts}) for a start, its last for an end. Whole milliseconds.
     *
     * @param option    the option, for the message
     * @param text      the text
     * @param zone      the zone of a local date or date-time
     * @param dayStarts when a day starts, for a date
     * @param end       whether the instant ends a range (a date is then its last millisecond)
     * @return the instant, from {@link #FIRST} to {@link #LAST}
     * @throws BadArgumentException naming the option and the text
     */
    public static Instant instant(String option, String text, ZoneId zone, LocalTime dayStarts, boolean end) {
        if (text == null || text.isBlank()) {
            throw new BadArgumentException(option + " must not be empty: give an instant such as 2026-12-07T10:00:00Z");
        }
        String t = text.trim();
        Instant i;
        try {
            i = parseInstant(t, zone, dayStarts, end, option);
        } catch (java.time.DateTimeException beyondTheCalendar) {
            // a date Java parses but cannot move by a day or place in a zone (year 999999999)
            throw new BadArgumentException(option + " \"" + shown(t) + "\" is out of range: give an instant from 1970-01-01 to 9999-12-31");
        }
        if (i.isBefore(FIRST) || i.isAfter(LAST)) {
            throw new BadArgumentException(option + " \"" + shown(t) + "\" is out of range: give an instant from 1970-01-01 to 9999-12-31");
        }
        return i.truncatedTo(ChronoUnit.MILLIS);
    }

    private static Instant parseInstant(String t, ZoneId zone, LocalTime dayStarts, boolean end, String option) {
        Instant i;
        try {
            i = OffsetDateTime.parse(t).toInstant();
        } catch (DateTimeParseException notWithOffset) {
            try {
                i = LocalDateTime.parse(t).atZone(zone).toInstant();
            } catch (DateTimeParseException notLocal) {
                try {
                    LocalDate day = LocalDate.parse(t);
                    i = end ? day.plusDays(1).atTime(dayStarts).atZone(zone).toInstant().minusMillis(1)
                            : day.atTime(dayStarts).atZone(zone).toInstant();
                } catch (DateTimeParseException notADate) {
                    throw new BadArgumentException(option + " \"" + shown(t) + "\" is not an instant (2026-12-07T10:00:00Z), "
                            + "a date-time (2026-12-07T10:00) or a date (2026-12-07) in --zone");
                }
            }
        }
        return i;
    }

    /**
     * How a series is cut: {@code 1d} a calendar day in {@code zone} from {@code dayStarts},
     * {@code 1w} an ISO week (from Monday), {@code 1mo} a month; any other duration tumbling buckets
     * of it, aligned to the epoch.
     *
     * @param text      the bucket
     * @param zone      the calendar's zone
     * @param dayStarts when a calendar day starts
     * @param startsGiven whether {@code --day-starts} was given (it is refused for tumbling buckets)
     * @return the buckets
     * @throws BadArgumentException naming the bucket
     */
    public static Buckets buckets(String text, ZoneId zone, LocalTime dayStarts, boolean startsGiven) {
        String t = text == null ? "" : text.trim();
        if (BucketSpelling.calendar(t).isDefined()) {
            return BucketSpelling.parse(t, zone, dayStarts);
        }
        if (startsGiven) {
            throw new BadArgumentException("--day-starts is for calendar buckets (1d, 1w, 1mo), not for --bucket \"" + shown(t) + "\"");
        }
        duration("--bucket", t); // the option's own range and words
        return BucketSpelling.parse(t, zone, dayStarts);
    }

    /**
     * Cumulating buckets ({@code --cumulate step --bucket max}): each max bucket, a fixed duration, grows by
     * {@code step}; the max buckets are aligned to {@code dayStarts} in {@code zone} (on the day after the epoch's,
     * then every {@code max}: a day of a zone with summer time is 24 hours here).
     *
     * @param step     {@code --cumulate}
     * @param max      {@code --bucket}
     * @param zone     the zone the max buckets are aligned in
     * @param dayStarts the local time a max bucket starts at
     * @return the buckets
     * @throws BadArgumentException naming the option that is wrong (a max bucket not a whole number of steps)
     */
    public static Buckets cumulate(String step, String max, ZoneId zone, LocalTime dayStarts) {
        Duration s = duration("--cumulate", step);
        Duration m = duration("--bucket", max);
        if (m.toMillis() % s.toMillis() != 0) {
            throw new BadArgumentException("--bucket " + shown(max.trim()) + " is not a whole number of --cumulate " + shown(step.trim())
                    + " steps: give a step that divides it (--cumulate 1h --bucket 1d)");
        }
        // the day after the epoch's: the first day start of any zone that a stream id can hold
        Instant origin = LocalDate.EPOCH.plusDays(1).atTime(dayStarts).atZone(zone).toInstant();
        return Buckets.cumulate(s, m).alignedTo(origin);
    }

    /**
     * A stream under any existing key ({@code orders}, {@code shop:{eu}:orders}).
     *
     * @param text the key
     * @return the stream key
     * @throws BadArgumentException naming the key and what is wrong with it
     */
    public static StreamKey stream(String text) {
        try {
            return StreamKey.existing(text);
        } catch (IllegalArgumentException bad) {
            throw new BadArgumentException("--stream: " + bad.getMessage());
        }
    }

    /**
     * A number from 1.
     *
     * @param option the option, for the message
     * @param n      the number
     * @return {@code n}
     * @throws BadArgumentException when it is below 1
     */
    public static int positive(String option, int n) {
        if (n < 1) {
            throw new BadArgumentException(option + " must be 1 or more, got " + n);
        }
        return n;
    }

    /** {@code text} cut to 40 characters, for a message. */
    static String shown(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "…" : text;
    }
}
