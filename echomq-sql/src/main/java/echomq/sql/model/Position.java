package echomq.sql.model;

/**
 * Where a construct stands in the query's text, as a person counts: line and column from 1.
 * <pre>{@code
 * new Position(1, 22).toString();   // "line 1, column 22"
 * }</pre>
 *
 * @param line   the line, from 1
 * @param column the column, from 1
 */
public record Position(int line, int column) {

    /** Where nothing was written: a construct the query left out. */
    public static final Position NONE = new Position(0, 0);

    /**
     * Checks the numbers.
     *
     * @param line   at least 0 (0 only for {@link #NONE})
     * @param column at least 0
     * @throws IllegalArgumentException for a negative number
     */
    public Position {
        if (line < 0 || column < 0) {
            throw new IllegalArgumentException("a position is line 1.. and column 1.., not " + line + ":" + column);
        }
    }

    @Override
    public String toString() {
        return line == 0 ? "the query" : "line " + line + ", column " + column;
    }
}
