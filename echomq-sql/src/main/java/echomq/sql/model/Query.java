package echomq.sql.model;

import io.vavr.collection.List;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * One {@code SELECT} as written, its parts checked for form only (what they mean is the plan's to
 * check): the source, the items, {@code WHERE}, {@code GROUP BY}, {@code ORDER BY} and {@code LIMIT}.
 *
 * @param from    what it selects from
 * @param select  the items, in order
 * @param where   the condition, if any
 * @param groupBy the grouping columns, in order
 * @param orderBy the order of the answer
 * @param limit   the most rows, if given
 * @param at      where the {@code SELECT} stands
 */
public record Query(Source from, List<SelectItem> select, Option<Condition> where, List<Operand> groupBy,
                    List<OrderKey> orderBy, Option<Long> limit, Position at) {
    /**
     * Checks the parts.
     *
     * @param from    the source
     * @param select  at least one item
     * @param where   the condition
     * @param groupBy the grouping columns
     * @param orderBy the order
     * @param limit   not negative
     * @param at      the position
     */
    public Query {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(select, "select");
        Objects.requireNonNull(where, "where");
        Objects.requireNonNull(groupBy, "groupBy");
        Objects.requireNonNull(orderBy, "orderBy");
        Objects.requireNonNull(limit, "limit");
        Objects.requireNonNull(at, "at");
        if (select.isEmpty()) {
            throw new IllegalArgumentException("a SELECT selects something");
        }
        if (limit.exists(n -> n < 0)) {
            throw new SqlRefusedException("LIMIT " + limit.get(), at, "is negative");
        }
    }

    /**
     * Whether it aggregates: an aggregate among its items, or a {@code GROUP BY}.
     *
     * @return true for an aggregate query
     */
    public boolean aggregates() {
        return !groupBy.isEmpty() || select.exists(i -> i instanceof SelectItem.Aggregate);
    }
}
