package echomq.domain.window;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as a person spells them on a command line or in a property: {@code 250ms}, {@code 90s},
 * {@code 5m}, {@code 1h}, {@code 1d}, or ISO-8601 ({@code PT1H30M}). One parser, so that a bucket
 * length, a window's length and a gap read alike everywhere; each caller checks its own range.
 * <pre>{@code
 * Durations.parse("15m");      // PT15M
 * Durations.parse("PT1H30M");  // PT1H30M
 * Durations.parse("1.5h");     // IllegalArgumentException: "1.5h" is not a duration such as 90s, 5m, 1h, 1d or PT1H30M
 * }</pre>
 */
public final class Durations {

    private static final Pattern SHORT = Pattern.compile("([0-9]{1,12})(ms|s|m|h|d)");

    private Durations() {
    }

    /**
     * The duration {@code text} spells, in whole milliseconds (an ISO-8601 one may be negative: the
     * caller checks its range).
     *
     * @param text e.g. {@code 90s}, {@code 5m}, {@code 1h}, {@code 1d}, {@code 250ms}, {@code PT1H30M}
     * @return the duration
     * @throws IllegalArgumentException naming the text when it spells no duration, or one with a part
     *                                  of a millisecond
     */
    public static Duration parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("no duration given: write one such as 90s, 5m, 1h or 1d");
        }
        String t = text.trim();
        String shown = t.length() > 40 ? t.substring(0, 40) + "…" : t;
        Duration d;
        try {
            Matcher m = SHORT.matcher(t);
            if (m.matches()) {
                long n = Long.parseLong(m.group(1)); // twelve digits at most: no unit overflows
                d = switch (m.group(2)) {
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    default -> Duration.ofDays(n);
                };
            } else {
                d = Duration.parse(t);
            }
        } catch (DateTimeParseException | ArithmeticException notADuration) {
            throw new IllegalArgumentException("\"" + shown + "\" is not a duration such as 90s, 5m, 1h, 1d or PT1H30M", notADuration);
        }
        if (d.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException("\"" + shown + "\" is not whole milliseconds");
        }
        return d;
    }
}
