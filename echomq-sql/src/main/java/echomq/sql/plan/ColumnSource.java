package echomq.sql.plan;

import echomq.domain.stream.StreamEntry;
import echomq.sql.fold.Measured;
import echomq.sql.model.Bounds;
import echomq.sql.model.Operand;
import echomq.sql.model.Windows;
import echomq.sql.result.SqlType;
import echomq.sql.result.Value;
import io.vavr.collection.List;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/**
 * Where a column of the answer comes from: a window's bounds, a group's key, an aggregate, the rank of
 * a window top-N, or a row's column. Each kind reads its own value from what a group or a row offers.
 */
public sealed interface ColumnSource permits ColumnSource.WindowBound, ColumnSource.Key, ColumnSource.Aggregate, ColumnSource.RowColumn {

    /**
     * The column's type.
     *
     * @return the type
     */
    SqlType type();

    /**
     * The value in a group of an aggregate query.
     *
     * @param window the group's window ({@link Bounds#NONE} without one)
     * @param key    the group's key
     * @param values the group's aggregates, in the measures' order
     * @return the value
     */
    Value ofGroup(Bounds window, GroupKey key, List<Value> values);

    /**
     * The value in a row of a query without aggregates.
     *
     * @param entry the row
     * @param now   Redis' clock when the query runs
     * @return the value
     */
    Value ofRow(StreamEntry entry, Instant now);

    /**
     * {@code window_start}, {@code window_end} or {@code window_time}.
     *
     * @param column which
     */
    record WindowBound(Windows.Column column) implements ColumnSource {
        @Override
        public SqlType type() {
            return SqlType.TIMESTAMP_LTZ;
        }

        @Override
        public Value ofGroup(Bounds window, GroupKey key, List<Value> values) {
            return new Value.Time(Instant.ofEpochMilli(column.of(window)));
        }

        @Override
        public Value ofRow(StreamEntry entry, Instant now) {
            throw new IllegalStateException("a window column in a query without windows");
        }
    }

    /**
     * A {@code GROUP BY} field, as text or cast.
     *
     * @param index its place in the {@code GROUP BY} fields
     * @param type  its type: text, or the type it is cast to
     */
    record Key(int index, SqlType type) implements ColumnSource {
        @Override
        public Value ofGroup(Bounds window, GroupKey key, List<Value> values) {
            return typed(key.value(index), type);
        }

        @Override
        public Value ofRow(StreamEntry entry, Instant now) {
            throw new IllegalStateException("a group key in a query without groups");
        }
    }

    /**
     * An aggregate's value.
     *
     * @param index its place in the measures
     * @param type  its type
     */
    record Aggregate(int index, SqlType type) implements ColumnSource {
        @Override
        public Value ofGroup(Bounds window, GroupKey key, List<Value> values) {
            return values.get(index);
        }

        @Override
        public Value ofRow(StreamEntry entry, Instant now) {
            throw new IllegalStateException("an aggregate in a query without groups");
        }
    }

    /**
     * A column of a row: a field, {@code _id}, {@code _time}, a {@code CAST} of one.
     *
     * @param operand the column
     * @param type    its type
     */
    record RowColumn(Operand operand, SqlType type) implements ColumnSource {
        /**
         * Checks the parts.
         *
         * @param operand the column
         * @param type    its type
         */
        public RowColumn {
            Objects.requireNonNull(operand, "operand");
            Objects.requireNonNull(type, "type");
        }

        @Override
        public Value ofGroup(Bounds window, GroupKey key, List<Value> values) {
            throw new IllegalStateException("a row column in a query of groups");
        }

        @Override
        public Value ofRow(StreamEntry entry, Instant now) {
            return typed(operand.value(entry, Bounds.NONE, now), type);
        }
    }

    /**
     * A value as a column of {@code type} holds it: a number cast to DOUBLE as a double, to BIGINT as a
     * long (NULL past a long or with a fraction).
     *
     * @param v    the value
     * @param type the column's type
     * @return the value as the column holds it
     */
    static Value typed(Value v, SqlType type) {
        if (v.isNull() || type == SqlType.STRING || type == SqlType.TIMESTAMP_LTZ) {
            return v;
        }
        BigDecimal d = v.number().getOrElse(() -> echomq.sql.model.Numbers.orNull(v.text()));
        if (d == null) {
            return Value.NULL;
        }
        if (type == SqlType.DOUBLE) {
            return new Value.Real(d.doubleValue());
        }
        if (type == SqlType.BIGINT) {
            try {
                return new Value.Whole(d.longValueExact());
            } catch (ArithmeticException notALong) {
                return Value.NULL;
            }
        }
        return Value.of(d);
    }
}
