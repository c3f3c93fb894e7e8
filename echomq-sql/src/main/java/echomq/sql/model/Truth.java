package echomq.sql.model;

/**
 * SQL's three-valued logic: a comparison with NULL is {@code UNKNOWN}, and {@code WHERE} keeps a row
 * only when its condition is {@code TRUE}.
 * <pre>{@code
 * Truth.UNKNOWN.and(Truth.FALSE);   // FALSE
 * Truth.UNKNOWN.not();              // UNKNOWN
 * }</pre>
 */
public enum Truth {
    /** True. */
    TRUE,
    /** False. */
    FALSE,
    /** Neither: a NULL was compared. */
    UNKNOWN;

    /**
     * A Java boolean as a truth.
     *
     * @param b the boolean
     * @return TRUE or FALSE
     */
    public static Truth of(boolean b) {
        return b ? TRUE : FALSE;
    }

    /**
     * SQL's AND.
     *
     * @param other the other operand
     * @return FALSE if either is, else UNKNOWN if either is, else TRUE
     */
    public Truth and(Truth other) {
        if (this == FALSE || other == FALSE) {
            return FALSE;
        }
        return this == UNKNOWN || other == UNKNOWN ? UNKNOWN : TRUE;
    }

    /**
     * SQL's OR.
     *
     * @param other the other operand
     * @return TRUE if either is, else UNKNOWN if either is, else FALSE
     */
    public Truth or(Truth other) {
        if (this == TRUE || other == TRUE) {
            return TRUE;
        }
        return this == UNKNOWN || other == UNKNOWN ? UNKNOWN : FALSE;
    }

    /**
     * SQL's NOT.
     *
     * @return the opposite; UNKNOWN stays
     */
    public Truth not() {
        return this == TRUE ? FALSE : this == FALSE ? TRUE : UNKNOWN;
    }
}
