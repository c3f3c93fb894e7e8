package codemojex.app.core;

import echomq.domain.window.Durations;

import java.time.Duration;
import java.util.List;

/**
 * DurationFields as people type them: {@code 90s}, {@code 15m}, {@code 1h}, {@code 7d}, or ISO-8601
 * {@code PT1H}; the one parser of every duration the app reads (HTTP, CLI, serve's settings). Each
 * is bounded: {@code 0s} to {@link #MAX} unless the field says tighter, so no arithmetic on one can
 * overflow; a refusal is a {@link BadInputException} naming the field, the text and the range.
 */
public final class DurationFields {

    /** The longest duration any field accepts: ten years of days. */
    public static final Duration MAX = Duration.ofDays(3650);

    private DurationFields() {
    }

    /** {@code text}, a duration from {@code 0s} to {@link #MAX}. */
    public static Duration parse(String field, String text) {
        return parse(field, text, Duration.ZERO, MAX);
    }

    /**
     * {@code text}, a duration from {@code min} to {@code max} (both included).
     *
     * @throws BadInputException naming {@code field} when it is empty, not a duration, or out of range
     */
    public static Duration parse(String field, String text, Duration min, Duration max) {
        Duration d = unbounded(field, text, "from " + format(min) + " to " + format(max));
        if (d.compareTo(min) < 0 || d.compareTo(max) > 0) {
            throw new BadInputException(field, field + " " + Bounded.shown(text) + " is out of range: give a duration from "
                    + format(min) + " to " + format(max));
        }
        return d;
    }

    /** {@code text} as a duration, any length Java holds; refused when it is none. */
    private static Duration unbounded(String field, String text, String range) {
        if (text == null || text.isBlank()) {
            throw new BadInputException(field, field + " must not be empty: give a duration such as 90s, 15m, 1h or 7d, " + range);
        }
        try {
            return Durations.parse(text); // the library's one reading of a spelled duration
        } catch (IllegalArgumentException e) {
            throw new BadInputException(field, field + " " + Bounded.shown(text) + " is not a duration such as 90s, 15m, 1h, 7d or PT1H, "
                    + range);
        }
    }

    /**
     * {@code text}, one of the durations {@code names} (each as this parser reads it: {@code PT1H} is {@code 1h}).
     *
     * @throws BadInputException naming {@code field}: what it accepts and what was given, as given
     */
    public static Duration oneOf(String field, String text, List<String> names) {
        Duration d = unbounded(field, text, "one of " + String.join(", ", names));
        if (names.stream().noneMatch(n -> parse(field, n).equals(d))) {
            String t = text.trim();
            throw new BadInputException(field, field + " must be one of " + String.join(", ", names) + ", got "
                    + (t.length() > 40 ? t.substring(0, 40) + "…" : t));
        }
        return d;
    }

    /**
     * {@code d} itself, when it lies in {@code [min, max]}: the check of a duration given as a value (serve's settings).
     *
     * @throws BadInputException naming {@code field} otherwise
     */
    public static Duration requireWithin(String field, Duration d, Duration min, Duration max) {
        if (d == null) {
            throw new BadInputException(field, field + " is required, " + range(min, max));
        }
        if (d.compareTo(min) < 0 || d.compareTo(max) > 0) {
            throw new BadInputException(field, field + " " + format(d) + " is out of range: give a duration " + range(min, max));
        }
        return d;
    }

    private static String range(Duration min, Duration max) {
        return "from " + format(min) + " to " + format(max);
    }

    /**
     * {@code d} as this parser reads it back, in the largest exact unit: {@code 90m} stays {@code 90m},
     * {@code 120m} is {@code 2h}. One beyond {@link #MAX} (or negative) is shown as ISO-8601, never an overflow.
     */
    public static String format(Duration d) {
        if (d.isNegative() || d.compareTo(MAX) > 0 || d.getNano() % 1_000_000 != 0) {
            return d.toString();
        }
        long ms = d.toMillis();
        if (ms == 0) {
            return "0s";
        }
        if (ms % 86_400_000 == 0) {
            return ms / 86_400_000 + "d";
        }
        if (ms % 3_600_000 == 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0) {
            return ms / 60_000 + "m";
        }
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }
}
