package echomq.cli.output;

import java.util.Objects;

/**
 * A command's answer: the one JSON document ({@code --format json}) and the table that shows the same
 * values ({@code --format table}, {@code --format csv}). Built by the command, written by a
 * {@link Format}; the two are built together so they cannot disagree on a value.
 *
 * @param document the JSON document
 * @param table    the table
 */
public record Report(Cell.Obj document, Table table) {

    /**
     * A report.
     *
     * @param document the JSON document
     * @param table    the table
     */
    public Report {
        Objects.requireNonNull(document, "document");
        Objects.requireNonNull(table, "table");
    }
}
