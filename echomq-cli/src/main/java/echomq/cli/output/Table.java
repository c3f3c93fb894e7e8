package echomq.cli.output;

import io.vavr.collection.List;

import java.util.Objects;

/**
 * What the table and CSV formats show of an answer: named columns and rows of values, one per
 * column. A column whose values are all numbers (or none) is right-aligned in the table.
 *
 * @param columns the columns' names, in order
 * @param rows    the rows, each with one value per column
 */
public record Table(List<String> columns, List<List<Cell>> rows) {

    /**
     * A table.
     *
     * @param columns the columns' names, in order
     * @param rows    the rows, each with one value per column
     * @throws IllegalArgumentException when a row has another number of values than there are columns
     */
    public Table {
        Objects.requireNonNull(columns, "columns");
        Objects.requireNonNull(rows, "rows");
        for (List<Cell> r : rows) {
            if (r.size() != columns.size()) {
                throw new IllegalArgumentException("a row of " + r.size() + " values under " + columns.size() + " columns");
            }
        }
    }

    /**
     * Whether column {@code i} holds numbers only (none counts as a number): it is right-aligned.
     *
     * @param i the column's index
     * @return whether it is numeric
     */
    public boolean numeric(int i) {
        return rows.forAll(r -> r.get(i) instanceof Cell.Number || r.get(i) instanceof Cell.None)
                && rows.exists(r -> r.get(i) instanceof Cell.Number);
    }
}
