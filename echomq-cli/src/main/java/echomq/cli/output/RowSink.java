package echomq.cli.output;

import io.vavr.collection.List;

/**
 * Where a command that follows a stream ({@code tail}) writes each row as it comes: a table row (the
 * header first), a CSV line, or one JSON document on a line of its own (JSON lines), flushed at once.
 */
public interface RowSink {

    /**
     * Writes one row.
     *
     * @param document the row as a JSON document
     * @param cells    the row's values, one per column
     */
    void row(Cell.Obj document, List<Cell> cells);
}
