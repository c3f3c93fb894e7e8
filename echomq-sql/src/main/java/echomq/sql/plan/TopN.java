package echomq.sql.plan;

import echomq.sql.result.Column;
import io.vavr.collection.List;

import java.util.Objects;

/**
 * A window top-N: the aggregate's rows ranked within each partition (each window, and any further
 * columns) by an order, the first {@code n} kept, then projected to the outer query's columns.
 * Rows that tie on the order are ranked by the aggregate's columns in order, so the rank is
 * deterministic (Flink leaves it arbitrary).
 *
 * @param n          the most rows kept per partition, at least 1
 * @param partition  the aggregate's columns partitioned by
 * @param order      the order within a partition, over the aggregate's columns
 * @param projection each outer column's place among the aggregate's columns, {@link #RANK} for the rank
 * @param columns    the outer columns
 */
public record TopN(int n, List<Integer> partition, List<Sort> order, List<Integer> projection, List<Column> columns) {

    /** The place in {@link #projection} that stands for the rank itself. */
    public static final int RANK = -1;

    /**
     * Checks the parts.
     *
     * @param n          at least 1
     * @param partition  the partition columns
     * @param order      the order
     * @param projection one place per outer column
     * @param columns    the outer columns
     */
    public TopN {
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(order, "order");
        Objects.requireNonNull(projection, "projection");
        Objects.requireNonNull(columns, "columns");
        if (n < 1) {
            throw new IllegalArgumentException("a top-N keeps at least one row, not " + n);
        }
        if (projection.size() != columns.size()) {
            throw new IllegalArgumentException("a top-N projects one place per column");
        }
    }
}
