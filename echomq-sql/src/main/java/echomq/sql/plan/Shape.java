package echomq.sql.plan;

import echomq.sql.model.Windows;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How a query reads its rows: by windows (a window table function's buckets or sessions), as one
 * whole range (an aggregate without a window), or row by row (no aggregate).
 */
public sealed interface Shape permits Shape.Windowed, Shape.Whole, Shape.Rows {

    /**
     * This shape's case: the one place a reading chooses what to do.
     *
     * @param windowed with windows
     * @param whole    one aggregate over the range
     * @param rows     the rows themselves
     * @param <R>      the outcome
     * @return the outcome
     */
    <R> R match(Function<Windows, R> windowed, Supplier<R> whole, Function<Rows, R> rows);

    /**
     * Aggregates of windows.
     *
     * @param windows the window table function
     */
    record Windowed(Windows windows) implements Shape {
        /** @param windows the call */
        public Windowed {
            Objects.requireNonNull(windows, "windows");
        }

        @Override
        public <R> R match(Function<Windows, R> windowed, Supplier<R> whole, Function<Rows, R> rows) {
            return windowed.apply(windows);
        }
    }

    /** Aggregates of the whole range read (bounded by a time predicate). */
    record Whole() implements Shape {
        @Override
        public <R> R match(Function<Windows, R> windowed, Supplier<R> whole, Function<Rows, R> rows) {
            return whole.get();
        }
    }

    /**
     * The rows themselves.
     *
     * @param star {@code SELECT *}: the columns are {@code _id}, {@code _time} and every field the rows read have
     */
    record Rows(boolean star) implements Shape {
        @Override
        public <R> R match(Function<Windows, R> windowed, Supplier<R> whole, Function<Rows, R> rows) {
            return rows.apply(this);
        }
    }
}
