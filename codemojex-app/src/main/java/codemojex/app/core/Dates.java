package codemojex.app.core;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.regex.Pattern;

/**
 * Calendar dates as ISO-8601 text ({@code 2026-12-02}), from {@link #FIRST} to {@link #LAST}, and
 * the time zones they are read in: the one parser of every date the app reads. A refusal is a
 * {@link BadInputException} naming the field, the text and the range.
 */
public final class Dates {

    /** The first date accepted: the epoch's. */
    public static final LocalDate FIRST = LocalDate.of(1970, 1, 1);

    /** The last date accepted. */
    public static final LocalDate LAST = LocalDate.of(9999, 12, 31);

    private static final Pattern DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
    private static final String RANGE = "from " + FIRST + " to " + LAST;

    private Dates() {
    }

    /**
     * {@code text}, an ISO date from {@link #FIRST} to {@link #LAST}.
     *
     * @throws BadInputException naming {@code field} when it is empty, not a date, or out of range
     */
    public static LocalDate parse(String field, String text) {
        if (Bounded.blank(text)) {
            throw new BadInputException(field, field + " must not be empty: give a date such as 2026-12-02, " + RANGE);
        }
        String t = text.trim();
        LocalDate d = null;
        if (DATE.matcher(t).matches()) {
            try {
                d = LocalDate.parse(t);
            } catch (DateTimeException e) {
                d = null;
            }
        } else if (t.matches("[+-]?[0-9]{1,10}-[0-9]{2}-[0-9]{2}")) {
            throw new BadInputException(field, field + " " + Bounded.shown(text) + " is out of range: give a date " + RANGE);
        }
        if (d == null) {
            throw new BadInputException(field, field + " " + Bounded.shown(text) + " is not a date such as 2026-12-02, " + RANGE);
        }
        return requireWithin(field, d);
    }

    /** {@code d} itself when it lies in [{@link #FIRST}, {@link #LAST}]; refused naming {@code field} otherwise. */
    public static LocalDate requireWithin(String field, LocalDate d) {
        if (d.isBefore(FIRST) || d.isAfter(LAST)) {
            throw new BadInputException(field, field + " " + Bounded.shown(d.toString()) + " is out of range: give a date " + RANGE);
        }
        return d;
    }

    /**
     * {@code text}, a time zone ({@code UTC}, {@code Europe/Berlin}, {@code +02:00}); UTC when blank.
     *
     * @throws BadInputException naming {@code field} otherwise
     */
    public static ZoneId zone(String field, String text) {
        if (Bounded.blank(text)) {
            return ZoneId.of("UTC");
        }
        try {
            return ZoneId.of(text.trim());
        } catch (DateTimeException e) {
            throw new BadInputException(field, field + " " + Bounded.shown(text) + " is not a time zone such as UTC or Europe/Berlin");
        }
    }
}
