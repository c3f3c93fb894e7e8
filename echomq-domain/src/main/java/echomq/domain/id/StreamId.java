package echomq.domain.id;

import java.time.Instant;
import java.util.Objects;

/**
 * A Redis stream entry id {@code <ms>-<seq>}: the Unix millisecond of the entry and a sequence
 * inside it. Ordered by {@code (ms, seq)}, which is the order Redis keeps entries in.
 *
 * <p>Jedis' {@code StreamEntryID} is mutable and parses loosely; this type is the one the domain
 * trusts. {@code StreamId.parse("1700000000000-7").seq() == 7}.
 *
 * @param ms  the Unix millisecond, {@code >= 0}
 * @param seq the sequence inside the millisecond, {@code >= 0}
 */
public record StreamId(long ms, long seq) implements Comparable<StreamId> {

    /** The largest 22-bit tail (node|seq of a snowflake): the last id of a millisecond a window reads. */
    public static final long MAX_SNOWFLAKE_TAIL = 0x3FFFFFL;

    /** The smallest id there is, {@code 0-0}. */
    public static final StreamId MIN = new StreamId(0, 0);

    /** The largest id this type can hold, {@code Long.MAX_VALUE-Long.MAX_VALUE}. */
    public static final StreamId MAX = new StreamId(Long.MAX_VALUE, Long.MAX_VALUE);

    /**
     * Checks the parts.
     *
     * @param ms  the Unix millisecond, {@code >= 0}
     * @param seq the sequence inside it, {@code >= 0}
     * @throws IllegalArgumentException when either part is negative
     */
    public StreamId {
        if (ms < 0 || seq < 0) {
            throw new IllegalArgumentException(
                    "stream id parts must be >= 0, got ms=" + ms + " seq=" + seq);
        }
    }

    /**
     * The id {@code <ms>-<seq>}: {@code StreamId.of(5, 0)} is {@code 5-0}.
     *
     * @param ms  the Unix millisecond, {@code >= 0}
     * @param seq the sequence inside it, {@code >= 0}
     * @return the id
     * @throws IllegalArgumentException when either part is negative
     */
    public static StreamId of(long ms, long seq) {
        return new StreamId(ms, seq);
    }

    /**
     * Parses {@code "<ms>-<seq>"} strictly: two runs of ASCII digits joined by one dash, each at most
     * {@code Long.MAX_VALUE}. No sign, no spaces, no non-ASCII digits, no missing part.
     * <pre>{@code
     * StreamId.parse("1700000000000-7");   // 1700000000000-7
     * StreamId.parse("1700000000000");     // IllegalArgumentException: no '-' between <ms> and <seq>
     * }</pre>
     *
     * @param text the wire form
     * @return the id
     * @throws IllegalArgumentException quoting the bad text
     */
    public static StreamId parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("stream id must not be null");
        }
        int dash = text.indexOf('-');
        if (dash < 0) {
            throw bad(text, "no '-' between <ms> and <seq>");
        }
        long ms = parsePart(text, 0, dash, "ms");
        long seq = parsePart(text, dash + 1, text.length(), "seq");
        return new StreamId(ms, seq);
    }

    private static long parsePart(String text, int from, int to, String part) {
        if (from == to) {
            throw bad(text, "missing <" + part + ">");
        }
        if (to - from > 19) {
            throw bad(text, "<" + part + "> beyond " + Long.MAX_VALUE);
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            // Long.parseLong would accept '+' and non-ASCII digits such as U+FF11: check ASCII ourselves.
            if (c < '0' || c > '9') {
                throw bad(text, "<" + part + "> has a non-digit " + describe(c));
            }
            int digit = c - '0';
            if (value > (Long.MAX_VALUE - digit) / 10) {
                throw bad(text, "<" + part + "> beyond " + Long.MAX_VALUE);
            }
            value = value * 10 + digit;
        }
        return value;
    }

    private static String describe(char c) {
        return c >= 0x20 && c < 0x7f ? "'" + c + "'" : String.format("U+%04X", (int) c);
    }

    private static IllegalArgumentException bad(String text, String why) {
        String shown = text.length() > 64 ? text.substring(0, 64) + "…(" + text.length() + " chars)" : text;
        return new IllegalArgumentException("invalid stream id \"" + shown + "\": " + why);
    }

    /**
     * The first id of the instant's millisecond, {@code <ms>-0}: a window's lower bound.
     *
     * @param t the instant
     * @return {@code <t ms>-0}
     * @throws IllegalArgumentException for an instant before 1970 or beyond a {@code long} of milliseconds
     */
    public static StreamId floor(Instant t) {
        return new StreamId(epochMilli(t), 0);
    }

    /**
     * The last id a snowflake can mint in the instant's millisecond, {@code <ms>-4194303}: a closed
     * window's upper bound ({@code 4194303} is {@link #MAX_SNOWFLAKE_TAIL}, the largest node|seq).
     *
     * @param t the instant
     * @return {@code <t ms>-4194303}
     * @throws IllegalArgumentException for an instant before 1970 or beyond a {@code long} of milliseconds
     */
    public static StreamId ceiling(Instant t) {
        return new StreamId(epochMilli(t), MAX_SNOWFLAKE_TAIL);
    }

    /**
     * The Unix millisecond of an instant, rounded down.
     *
     * @param t the instant
     * @return its Unix millisecond
     * @throws IllegalArgumentException for an instant before 1970 or beyond a {@code long} of milliseconds
     */
    public static long epochMilli(Instant t) {
        Objects.requireNonNull(t, "instant");
        if (t.isBefore(Instant.EPOCH)) {
            throw new IllegalArgumentException("instant " + t + " is before 1970-01-01T00:00:00Z: no stream id maps to it");
        }
        try {
            return t.toEpochMilli();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("instant " + t + " is beyond the largest stream id millisecond", e);
        }
    }

    /**
     * The instant of the entry's millisecond.
     *
     * @return {@code ms} as an instant
     */
    public Instant instant() {
        return Instant.ofEpochMilli(ms);
    }

    /**
     * Whether this is {@link #MAX}, the only id without a successor.
     *
     * @return whether both parts are {@code Long.MAX_VALUE}
     */
    public boolean isMax() {
        return ms == Long.MAX_VALUE && seq == Long.MAX_VALUE;
    }

    /**
     * The smallest id above this one: {@code (ms, seq + 1)}, or {@code (ms + 1, 0)} past the largest
     * sequence. Paging continues from here, so the port stays closed-interval.
     *
     * @return the next id in stream order
     * @throws IllegalStateException on {@link #MAX}
     */
    public StreamId successor() {
        if (seq < Long.MAX_VALUE) {
            return new StreamId(ms, seq + 1);
        }
        if (ms < Long.MAX_VALUE) {
            return new StreamId(ms + 1, 0);
        }
        throw new IllegalStateException("stream id " + this + " is the largest: it has no successor");
    }

    @Override
    public int compareTo(StreamId o) {
        int c = Long.compare(ms, o.ms);
        return c != 0 ? c : Long.compare(seq, o.seq);
    }

    /**
     * Whether this id comes after another in stream order.
     *
     * @param o the other id
     * @return {@code compareTo(o) > 0}
     */
    public boolean isAfter(StreamId o) {
        return compareTo(o) > 0;
    }

    /**
     * Whether this id comes before another in stream order.
     *
     * @param o the other id
     * @return {@code compareTo(o) < 0}
     */
    public boolean isBefore(StreamId o) {
        return compareTo(o) < 0;
    }

    /**
     * The wire form, as {@link #parse} reads it.
     *
     * @return {@code "<ms>-<seq>"}
     */
    @Override
    public String toString() {
        return ms + "-" + seq;
    }
}
