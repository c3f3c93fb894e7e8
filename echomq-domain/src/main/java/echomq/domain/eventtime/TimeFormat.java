package echomq.domain.eventtime;

import io.vavr.collection.List;
import io.vavr.control.Option;

import java.time.DateTimeException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;

/**
 * How an entry writes its event time, each format owning its reading: milliseconds or seconds since
 * the epoch ({@code 1733570000123}, {@code 1733570000}, {@code 1733570000.5}), or an ISO-8601 instant
 * with an offset ({@code 2026-12-07T10:59:58Z}, {@code …+01:00}). A text that is none of its format
 * (a blank, a sign, a space, a number out of the id range, a local time without an offset) is no time:
 * the entry is {@link Timing.Untimed untimed}. Times are read to the millisecond, rounded down.
 * <pre>{@code
 * TimeFormat.EPOCH_SECONDS.millis("1733570000.25");   // Some(1733570000250)
 * TimeFormat.ISO_8601.millis("2026-12-07T10:59:58Z");  // Some(1796641198000)
 * TimeFormat.EPOCH_MILLIS.millis("12e3");              // None
 * TimeFormat.spelled("iso");                           // ISO_8601
 * }</pre>
 */
public enum TimeFormat {

    /** Whole milliseconds since the epoch, ASCII digits. */
    EPOCH_MILLIS("ms") {
        @Override
        public Option<Long> millis(String text) {
            return digits(text, 0, text.length());
        }
    },

    /** Seconds since the epoch, ASCII digits, with up to nine decimals after a point (read to the millisecond, rounded down). */
    EPOCH_SECONDS("s") {
        @Override
        public Option<Long> millis(String text) {
            int point = text.indexOf('.');
            int end = point < 0 ? text.length() : point;
            Option<Long> seconds = digits(text, 0, end);
            if (seconds.isEmpty() || seconds.get() > LATEST / 1000) {
                return Option.none();
            }
            long ms = 0;
            if (point >= 0) {
                int decimals = text.length() - point - 1;
                if (decimals < 1 || decimals > 9 || digits(text, point + 1, text.length()).isEmpty()) {
                    return Option.none();
                }
                for (int i = 0; i < 3; i++) {
                    ms = ms * 10 + (point + 1 + i < text.length() ? text.charAt(point + 1 + i) - '0' : 0);
                }
            }
            long total = seconds.get() * 1000 + ms;
            return total > LATEST ? Option.none() : Option.some(total);
        }
    },

    /** An ISO-8601 instant with an offset: {@code 2026-12-07T10:59:58.123Z}, {@code 2026-12-07T11:59:58+01:00}. */
    ISO_8601("iso") {
        @Override
        public Option<Long> millis(String text) {
            if (text.length() > 64) {
                return Option.none();
            }
            try {
                long ms = OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant().toEpochMilli();
                return ms < 0 || ms > LATEST ? Option.none() : Option.some(ms);
            } catch (DateTimeException | ArithmeticException notAnInstant) {
                return Option.none();
            }
        }
    };

    /**
     * The latest event time a stream can carry: the last millisecond of year 9999, far below the id
     * space's end, so that {@code e + L} never overflows.
     */
    public static final long LATEST = 253_402_300_799_999L;

    private final String spelling;

    TimeFormat(String spelling) {
        this.spelling = spelling;
    }

    /**
     * The event time {@code text} writes, in milliseconds since the epoch.
     *
     * @param text the field's value
     * @return the time, from 0 to {@link #LATEST}; none when the text is no time of this format
     */
    public abstract Option<Long> millis(String text);

    /**
     * How the command line spells it.
     *
     * @return {@code ms}, {@code s} or {@code iso}
     */
    public String spelling() {
        return spelling;
    }

    /**
     * The format spelled {@code text}.
     *
     * @param text {@code ms}, {@code s} or {@code iso}
     * @return the format
     * @throws IllegalArgumentException naming the text and the spellings
     */
    public static TimeFormat spelled(String text) {
        String t = text == null ? "" : text.trim();
        return List.of(values()).find(f -> f.spelling.equals(t)).getOrElseThrow(() -> new IllegalArgumentException(
                "\"" + (t.length() > 40 ? t.substring(0, 40) + "…" : t) + "\" is not a time format: give ms (epoch milliseconds), "
                        + "s (epoch seconds) or iso (ISO-8601 with an offset)"));
    }

    /** The number the ASCII digits of {@code text[from, to)} write, none when any is not one or it is past {@link #LATEST}. */
    private static Option<Long> digits(String text, int from, int to) {
        if (to <= from || to - from > 15) {
            return Option.none();
        }
        long n = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return Option.none();
            }
            n = n * 10 + (c - '0');
        }
        return n > LATEST ? Option.none() : Option.some(n);
    }
}
