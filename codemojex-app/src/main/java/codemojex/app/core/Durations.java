package codemojex.app.core;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people type them: {@code 90s}, {@code 15m}, {@code 1h}, {@code 7d}, or ISO-8601 {@code PT1H}. */
public final class Durations {

    private static final Pattern SHORT = Pattern.compile("([0-9]{1,9})(ms|s|m|h|d)");

    private Durations() {
    }

    public static Duration parse(String field, String text) {
        if (text == null || text.isBlank()) {
            throw new BadInputException(field, field + " must not be empty: give a duration such as 90s, 15m, 1h or 7d");
        }
        String t = text.trim();
        Matcher m = SHORT.matcher(t);
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            };
        }
        try {
            return Duration.parse(t);
        } catch (DateTimeParseException e) {
            throw new BadInputException(field, field + " \"" + (t.length() > 40 ? t.substring(0, 40) + "…" : t)
                    + "\" is not a duration such as 90s, 15m, 1h, 7d or PT1H");
        }
    }

    /** {@code d} as this parser reads it back: {@code 90m} is {@code 1h30m}, shown as the largest exact unit, {@code 90m}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
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
