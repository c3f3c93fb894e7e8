package echomq.sql.plan;

import echomq.domain.eventtime.EventTime;
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
 * the limit; and the event time it reads by, if any.
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
 * @param eventTime    the declared event time, when the query uses it (windows by {@code DESCRIPTOR(ts)}, or a
 *                     predicate on {@code ts}): only the entries on time by its rule are answered, the others counted
 */
public record Plan(TableName table, Shape shape, Option<Condition> rowFilter, Option<Condition> windowFilter, List<RowBound> lower,
                   List<RowBound> upper, List<String> keys, Measures measures, List<Column> columns, List<ColumnSource> cells,
                   Option<TopN> topN, List<Sort> order, Option<Long> limit, Option<EventTime> eventTime) implements Planned {
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
     * @param eventTime    the event time used, if any
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
        Objects.requireNonNull(eventTime, "eventTime");
        if (columns.size() != cells.size()) {
            throw new IllegalArgumentException("a plan reads one cell per column");
        }
    }

    /**
     * Whether it reads through {@link EventTime#over}, its range of event times, its entries in event-time
     * order ({@code FIRST_VALUE} the earliest event): windows by event time ({@code DESCRIPTOR(ts)}), or an
     * aggregate without windows that bounds {@code ts}. Otherwise its range is of the ids' times (the
     * rows themselves keep their ids; a bound on {@code ts} is widened to the ids it reaches).
     *
     * @return true for a read by event time
     */
    public boolean readsByEventTime() {
        return eventTime.isDefined() && shape.match(w -> w.time().eventTime().isDefined(), () -> true, rows -> false);
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
