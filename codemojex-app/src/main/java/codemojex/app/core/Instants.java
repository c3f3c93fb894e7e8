package codemojex.app.core;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Instants as ISO-8601 text ({@code 2026-12-02T10:00:00Z}), from {@link #MIN} to {@link #MAX}: the
 * range stream ids can hold and the calendar dates {@link Dates} accepts. The one parser of every
 * instant the app reads; a refusal is a {@link BadInputException} naming the field, the text and the range.
 */
public final class Instants {

    /** The first instant accepted: the epoch, the first stream id's millisecond. */
    public static final Instant MIN = Instant.EPOCH;

    /** The last instant accepted: the last nanosecond of {@link Dates#LAST}, UTC. */
    public static final Instant MAX = Instant.parse("9999-12-31T23:59:59.999999999Z");

    private static final String RANGE = "from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z";

    private Instants() {
    }

    /**
     * {@code text}, an ISO-8601 instant from {@link #MIN} to {@link #MAX}.
     *
     * @throws BadInputException naming {@code field} when it is empty, not an instant, or out of range
     */
    public static Instant parse(String field, String text) {
        if (Bounded.blank(text)) {
            throw new BadInputException(field, field + " must not be empty: give an instant such as 2026-12-02T10:00:00Z, " + RANGE);
        }
        Instant i;
        try {
            i = Instant.parse(text.trim());
        } catch (DateTimeException e) {
            throw new BadInputException(field, field + " " + Bounded.shown(text) + " is not an instant such as 2026-12-02T10:00:00Z, "
                    + RANGE);
        }
        return requireWithin(field, i, text);
    }

    /** {@code i} itself when it lies in [{@link #MIN}, {@link #MAX}]; refused naming {@code field} otherwise. */
    public static Instant requireWithin(String field, Instant i) {
        return requireWithin(field, Objects.requireNonNull(i, field), i.toString());
    }

    private static Instant requireWithin(String field, Instant i, String text) {
        if (i.isBefore(MIN) || i.isAfter(MAX)) {
            throw new BadInputException(field, field + " " + Bounded.shown(text) + " is out of range: give an instant " + RANGE);
        }
        return i;
    }

    /** A closed range of instants, {@code from <= to}. */
    public record Range(Instant from, Instant to) {
        public Range {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
        }
    }

    /**
     * The range {@code [from, to]} asked for by two optional texts: {@code to} defaults to {@code now},
     * {@code from} to {@code span} before {@code to} (never before {@link #MIN}).
     *
     * @throws BadInputException naming the field at fault: the one given that is malformed or out of
     *                           range; when {@code from} is after {@code to}, {@code to} if it was
     *                           given (as {@link SeriesQuery} does), {@code from} if {@code to} is the default
     */
    public static Range range(String from, String to, Instant now, Duration span) {
        Instant end = Bounded.blank(to) ? requireWithin("to", now) : parse("to", to);
        Instant start;
        if (Bounded.blank(from)) {
            start = end.minus(span).isBefore(MIN) ? MIN : end.minus(span);
        } else {
            start = parse("from", from);
        }
        if (start.isAfter(end)) {
            if (Bounded.blank(to)) {
                throw new BadInputException("from", "from " + start + " is after to " + end + " (now): give a from at or before to");
            }
            throw new BadInputException("to", "to " + end + " is before from " + start + ": give a to at or after from");
        }
        return new Range(start, end);
    }
}
