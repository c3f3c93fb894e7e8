package echomq.sql.result;

/**
 * The type of an answer's column, named as Flink names it: what a caller reads a {@link Value} of the
 * column as.
 * <pre>{@code
 * SqlType.DECIMAL.sql();        // "DECIMAL"
 * SqlType.TIMESTAMP_LTZ.sql();  // "TIMESTAMP_LTZ(3)"
 * }</pre>
 */
public enum SqlType {
    /** Text: a field, the entry id, a group key, {@code FIRST_VALUE} of a field. */
    STRING("STRING"),
    /** A whole number: counts. */
    BIGINT("BIGINT"),
    /** An exact decimal: sums, minima, maxima, averages of fields read as numbers. */
    DECIMAL("DECIMAL"),
    /** A double: standard deviations, variances, percentiles, and aggregates of {@code CAST(f AS DOUBLE)}. */
    DOUBLE("DOUBLE"),
    /** An instant to the millisecond: {@code _time}, {@code window_start}, {@code window_end}, {@code window_time}. */
    TIMESTAMP_LTZ("TIMESTAMP_LTZ(3)");

    private final String sql;

    SqlType(String sql) {
        this.sql = sql;
    }

    /**
     * The type as SQL spells it.
     *
     * @return e.g. {@code TIMESTAMP_LTZ(3)}
     */
    public String sql() {
        return sql;
    }
}
