package echomq.domain.window;

import io.vavr.collection.List;
import io.vavr.control.Option;

import java.time.LocalTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Buckets as a person spells them on a command line, in a query parameter or in a property: a
 * duration ({@code 15m}, {@code 1h}: tumbling buckets aligned to the epoch, read by
 * {@link Durations}) or a calendar unit ({@code 1d}, {@code 1w} ISO weeks from Monday, {@code 1mo}) of
 * a zone, starting at a time of day. The one reading of these spellings: the command line, the app
 * and the starter parse through it, each checking its own range.
 * <pre>{@code
 * BucketSpelling.parse("15m", ZoneOffset.UTC, LocalTime.MIDNIGHT);        // Tumbling[size=PT15M]
 * BucketSpelling.parse("1mo", ZoneId.of("Europe/Berlin"), LocalTime.of(5, 0)); // months of Berlin from 05:00
 * BucketSpelling.calendar("1w");                                          // Some(WEEKS)
 * BucketSpelling.dayStart("05:30");                                       // 05:30
 * }</pre>
 */
public final class BucketSpelling {

    /** The spellings of calendar buckets: a day, an ISO week (from Monday), a month. */
    public static final List<String> CALENDAR = List.of("1d", "1w", "1mo");

    private static final List<ChronoUnit> UNITS = List.of(ChronoUnit.DAYS, ChronoUnit.WEEKS, ChronoUnit.MONTHS);

    private static final Pattern TIME_OF_DAY = Pattern.compile("([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?");

    private BucketSpelling() {
    }

    /**
     * The calendar unit {@code text} spells, if it spells one.
     *
     * @param text e.g. {@code 1d}, {@code 1w}, {@code 1mo} (surrounding white space ignored)
     * @return the unit, none for any other text
     */
    public static Option<ChronoUnit> calendar(String text) {
        int i = text == null ? -1 : CALENDAR.indexOf(text.trim());
        return i < 0 ? Option.none() : Option.some(UNITS.get(i));
    }

    /**
     * The buckets {@code text} spells: calendar buckets of {@code zone} from {@code dayStarts} for
     * {@code 1d}, {@code 1w}, {@code 1mo}; else tumbling buckets of the duration it spells.
     *
     * @param text      the spelling
     * @param zone      the zone of calendar buckets
     * @param dayStarts the time of day calendar buckets start at
     * @return the buckets
     * @throws IllegalArgumentException naming the text when it spells neither, or a duration not above zero
     */
    public static Buckets parse(String text, ZoneId zone, LocalTime dayStarts) {
        Objects.requireNonNull(zone, "zone");
        Objects.requireNonNull(dayStarts, "dayStarts");
        Option<ChronoUnit> unit = calendar(text);
        if (unit.isDefined()) {
            return Buckets.calendar(unit.get(), zone).startingAt(dayStarts);
        }
        java.time.Duration size;
        try {
            size = Durations.parse(text);
        } catch (IllegalArgumentException notADuration) {
            throw new IllegalArgumentException(notADuration.getMessage() + ", nor one of " + CALENDAR.mkString(", "), notADuration);
        }
        if (size.isNegative() || size.isZero()) {
            throw new IllegalArgumentException("a bucket of \"" + text.trim() + "\" is not above zero");
        }
        return Buckets.tumbling(size);
    }

    /**
     * A time of day calendar buckets start at: {@code HH:MM} or {@code HH:MM:SS}.
     *
     * @param text e.g. {@code 05:00} (surrounding white space ignored)
     * @return the time
     * @throws IllegalArgumentException naming the text when it is not a time of day 00:00..23:59:59
     */
    public static LocalTime dayStart(String text) {
        String t = text == null ? "" : text.trim();
        if (!TIME_OF_DAY.matcher(t).matches()) {
            throw new IllegalArgumentException("\"" + (t.length() > 40 ? t.substring(0, 40) + "…" : t)
                    + "\" is not a time of day 00:00..23:59:59 such as 05:00");
        }
        return LocalTime.parse(t);
    }
}
