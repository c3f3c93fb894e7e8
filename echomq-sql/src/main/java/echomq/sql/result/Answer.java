package echomq.sql.result;

import io.vavr.collection.List;

import java.util.Objects;

/**
 * What a query answers: its columns (names and types) and its rows, each a list of {@link Value}s
 * in the columns' order.
 * <pre>{@code
 * Answer a = sql.query("SELECT window_start, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(_time), "
 *         + "INTERVAL '1' MINUTE)) GROUP BY window_start, window_end");
 * a.columns();             // [Column[name=window_start, type=TIMESTAMP_LTZ], Column[name=n, type=BIGINT]]
 * a.rows().head().get(1);  // Whole[value=3]
 * }</pre>
 *
 * @param columns the columns
 * @param rows    the rows, each as long as the columns
 */
public record Answer(List<Column> columns, List<List<Value>> rows) {
    /**
     * Checks that every row has a value per column.
     *
     * @param columns the columns
     * @param rows    the rows
     * @throws IllegalArgumentException naming a row of another width
     */
    public Answer {
        Objects.requireNonNull(columns, "columns");
        Objects.requireNonNull(rows, "rows");
        for (List<Value> r : rows) {
            if (r.size() != columns.size()) {
                throw new IllegalArgumentException("a row of " + r.size() + " values under " + columns.size() + " columns");
            }
        }
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
