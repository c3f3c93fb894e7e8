package echomq.sql.plan;

import echomq.sketches.Aggregates;
import echomq.sql.model.Condition;
import echomq.sql.model.TableName;
import echomq.sql.model.Windows;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * {@code INSERT INTO target SELECT …} checked and planned: a rollup of the source's tumbling windows
 * into the target stream, with the library's folds (so a rollup of the rollup is the library's too).
 *
 * @param table     the stream rolled up
 * @param target    the stream written
 * @param windows   the tumbling windows
 * @param rowFilter the rows folded (all when none)
 * @param folds     the library's folds each window is written as
 */
public record InsertPlan(TableName table, TableName target, Windows.Tumble windows, Option<Condition> rowFilter, Aggregates folds)
        implements Planned {
    /**
     * Checks the parts.
     *
     * @param table     the source
     * @param target    the target, another stream
     * @param windows   the windows
     * @param rowFilter the row predicate
     * @param folds     the folds
     */
    public InsertPlan {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(windows, "windows");
        Objects.requireNonNull(rowFilter, "rowFilter");
        Objects.requireNonNull(folds, "folds");
    }
}
