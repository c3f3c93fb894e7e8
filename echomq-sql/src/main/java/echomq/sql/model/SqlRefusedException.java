package echomq.sql.model;

import java.util.Objects;

/**
 * A query refused before anything is read: malformed, or outside the subset this module answers. The
 * message names the construct, where it stands and what is supported instead; the command line exits 2
 * for it, as for any bad input ({@link IllegalArgumentException}).
 * <pre>{@code
 * // line 1, column 20: JOIN is not supported: a query reads one stream. Supported: …
 * }</pre>
 */
public final class SqlRefusedException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** What every refusal of an unsupported construct ends with: the subset, in one line. */
    public static final String SUPPORTED = "supported: SELECT … FROM a stream or TABLE(TUMBLE|HOP|CUMULATE|SESSION(TABLE stream …)) "
            + "[WHERE …] [GROUP BY window_start, window_end[, keys]] [ORDER BY …] [LIMIT n], window top-N by ROW_NUMBER(), "
            + "and INSERT INTO `key` SELECT … (see docs/13-sql.md)";

    /** The construct refused, as a reader would name it. */
    private final String construct;
    /** Where it stands. */
    private final Position at;

    /**
     * A refusal.
     *
     * @param construct the construct, e.g. {@code JOIN}
     * @param at        where it stands
     * @param why       what is wrong and what to write instead
     */
    public SqlRefusedException(String construct, Position at, String why) {
        super((at.equals(Position.NONE) ? "" : at + ": ") + Objects.requireNonNull(construct, "construct") + " " + Objects.requireNonNull(why, "why"));
        this.construct = construct;
        this.at = Objects.requireNonNull(at, "at");
    }

    /**
     * A construct outside the subset: its message ends with {@link #SUPPORTED}.
     *
     * @param construct the construct, e.g. {@code JOIN}
     * @param at        where it stands
     * @param why       why it is not answered, e.g. {@code "is not supported: a query reads one stream"}
     * @return the refusal
     */
    public static SqlRefusedException unsupported(String construct, Position at, String why) {
        return new SqlRefusedException(construct, at, why + ". " + Character.toUpperCase(SUPPORTED.charAt(0)) + SUPPORTED.substring(1));
    }

    /**
     * The construct refused.
     *
     * @return e.g. {@code JOIN}
     */
    public String construct() {
        return construct;
    }

    /**
     * Where it stands.
     *
     * @return the position
     */
    public Position at() {
        return at;
    }
}
