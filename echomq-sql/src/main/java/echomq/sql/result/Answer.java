package echomq.sql.result;

import echomq.domain.eventtime.LeftOut;
import io.vavr.collection.List;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * What a query answers: its columns (names and types) and its rows, each a list of {@link Value}s
 * in the columns' order; and, for a query by the declared event time, how many entries its rule left
 * out (late, early, untimed: in no row, and not dropped in silence).
 * <pre>{@code
 * Answer a = sql.query("SELECT window_start, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(_time), "
 *         + "INTERVAL '1' MINUTE)) GROUP BY window_start, window_end");
 * a.columns();             // [Column[name=window_start, type=TIMESTAMP_LTZ], Column[name=n, type=BIGINT]]
 * a.rows().head().get(1);  // Whole[value=3]
 * }</pre>
 *
 * @param columns the columns
 * @param rows    the rows, each as long as the columns
 * @param leftOut what the event time's rule left out of the entries read; none for a query that does not use event time
 */
public record Answer(List<Column> columns, List<List<Value>> rows, Option<LeftOut> leftOut) {
    /**
     * Checks that every row has a value per column.
     *
     * @param columns the columns
     * @param rows    the rows
     * @param leftOut the entries left out, if by event time
     * @throws IllegalArgumentException naming a row of another width
     */
    public Answer {
        Objects.requireNonNull(columns, "columns");
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(leftOut, "leftOut");
        for (List<Value> r : rows) {
            if (r.size() != columns.size()) {
                throw new IllegalArgumentException("a row of " + r.size() + " values under " + columns.size() + " columns");
            }
        }
    }

    /**
     * An answer of a query by the ids' time.
     *
     * @param columns the columns
     * @param rows    the rows, each as long as the columns
     * @throws IllegalArgumentException naming a row of another width
     */
    public Answer(List<Column> columns, List<List<Value>> rows) {
        this(columns, rows, Option.none());
    }

    /**
     * The same answer, by event time, with what the rule left out.
     *
     * @param counts the entries left out
     * @return the answer
     */
    public Answer withLeftOut(LeftOut counts) {
        return new Answer(columns, rows, Option.some(counts));
    }

    /**
     * The column names, in order.
     *
     * @return the names
     */
    public List<String> names() {
        return columns.map(Column::name);
    }
}
