package echomq.sql.model;

import io.vavr.collection.List;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * One item of a {@code SELECT} list: a column, an aggregate, {@code *}, or {@code ROW_NUMBER() OVER (…)}
 * (in the window top-N pattern only).
 * <pre>{@code
 * new SelectItem.Aggregate(new Aggregation.CountAll(at), Option.some("n"), at).name();   // n
 * }</pre>
 */
public sealed interface SelectItem permits SelectItem.ColumnItem, SelectItem.Aggregate, SelectItem.Star, SelectItem.Rank {

    /**
     * Where it stands.
     *
     * @return the position
     */
    Position at();

    /**
     * Its column's name in the answer: the alias, else the item as written.
     *
     * @return the name
     */
    String name();

    /**
     * A column: a field, {@code _id}, {@code _time}, a window column, or a {@code CAST} of one.
     *
     * @param column the column
     * @param alias  its alias, if any
     * @param at     where it stands
     */
    record ColumnItem(Operand column, Option<String> alias, Position at) implements SelectItem {
        /**
         * Checks the parts.
         *
         * @param column the column
         * @param alias  the alias
         * @param at     the position
         */
        public ColumnItem {
            Objects.requireNonNull(column, "column");
            Objects.requireNonNull(alias, "alias");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String name() {
            return alias.getOrElse(column::shown);
        }
    }

    /**
     * An aggregate.
     *
     * @param aggregation the call
     * @param alias       its alias, if any
     * @param at          where it stands
     */
    record Aggregate(Aggregation aggregation, Option<String> alias, Position at) implements SelectItem {
        /**
         * Checks the parts.
         *
         * @param aggregation the call
         * @param alias       the alias
         * @param at          the position
         */
        public Aggregate {
            Objects.requireNonNull(aggregation, "aggregation");
            Objects.requireNonNull(alias, "alias");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String name() {
            return alias.getOrElse(aggregation::shown);
        }
    }

    /**
     * {@code *}: every column of what is selected from.
     *
     * @param at where it stands
     */
    record Star(Position at) implements SelectItem {
        @Override
        public String name() {
            return "*";
        }
    }

    /**
     * {@code ROW_NUMBER() OVER (PARTITION BY … ORDER BY …) [AS rn]}.
     *
     * @param partition the columns partitioned by
     * @param order     the order within a partition
     * @param alias     its alias, if any
     * @param at        where it stands
     */
    record Rank(List<Operand> partition, List<OrderKey> order, Option<String> alias, Position at) implements SelectItem {
        /**
         * Checks the parts.
         *
         * @param partition the partition columns
         * @param order     the order
         * @param alias     the alias
         * @param at        the position
         */
        public Rank {
            Objects.requireNonNull(partition, "partition");
            Objects.requireNonNull(order, "order");
            Objects.requireNonNull(alias, "alias");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String name() {
            return alias.getOrElse("ROW_NUMBER()");
        }
    }
}
