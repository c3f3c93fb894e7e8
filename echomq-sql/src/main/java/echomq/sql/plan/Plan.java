package echomq.sql.plan;

import echomq.sql.fold.Measures;
import echomq.sql.model.Condition;
import echomq.sql.model.TableName;
import echomq.sql.result.Column;
import io.vavr.collection.List;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * A query checked and planned, before anything is read: the stream, how its rows are read and
 * grouped, the row and window predicates, the ends of the id range (from the time predicates), the
 * aggregates' fold, the answer's columns and where each comes from, the window top-N, the order and
 * the limit.
 *
 * @param table        the stream
 * @param shape        how rows are read
 * @param rowFilter    the predicate on rows ({@code WHERE} less the window predicates)
 * @param windowFilter the predicate on windows ({@code window_start}, {@code window_end}, {@code window_time})
 * @param lower        the lower ends of the range read (the greatest wins)
 * @param upper        the upper ends (the least wins)
 * @param keys         the {@code GROUP BY} fields
 * @param measures     the aggregates' fold
 * @param columns      the columns of the aggregate (or of the rows)
 * @param cells        where each column comes from
 * @param topN         the window top-N over them, if any
 * @param order        the order of the answer, over its columns
 * @param limit        the most rows answered
 */
public record Plan(TableName table, Shape shape, Option<Condition> rowFilter, Option<Condition> windowFilter, List<RowBound> lower,
                   List<RowBound> upper, List<String> keys, Measures measures, List<Column> columns, List<Cell> cells,
                   Option<TopN> topN, List<Sort> order, Option<Long> limit) implements Planned {
    /**
     * Checks the parts.
     *
     * @param table        the stream
     * @param shape        how rows are read
     * @param rowFilter    the row predicate
     * @param windowFilter the window predicate
     * @param lower        lower ends
     * @param upper        upper ends
     * @param keys         the group fields
     * @param measures     the aggregates' fold
     * @param columns      the columns
     * @param cells        one per column
     * @param topN         the top-N
     * @param order        the order
     * @param limit        the limit
     */
    public Plan {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(rowFilter, "rowFilter");
        Objects.requireNonNull(windowFilter, "windowFilter");
        Objects.requireNonNull(lower, "lower");
        Objects.requireNonNull(upper, "upper");
        Objects.requireNonNull(keys, "keys");
        Objects.requireNonNull(measures, "measures");
        Objects.requireNonNull(columns, "columns");
        Objects.requireNonNull(cells, "cells");
        Objects.requireNonNull(topN, "topN");
        Objects.requireNonNull(order, "order");
        Objects.requireNonNull(limit, "limit");
        if (columns.size() != cells.size()) {
            throw new IllegalArgumentException("a plan reads one cell per column");
        }
    }

    /**
     * The answer's columns: the top-N's when there is one. Empty for {@code SELECT *} of rows, whose
     * columns are the fields the rows read have.
     *
     * @return the columns
     */
    public List<Column> answerColumns() {
        return topN.map(TopN::columns).getOrElse(columns);
    }
}
