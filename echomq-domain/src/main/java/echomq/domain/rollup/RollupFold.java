package echomq.domain.rollup;

import echomq.domain.fold.Fold;
import echomq.domain.window.Window;

import io.vavr.collection.LinkedHashMap;

import java.util.Objects;
import java.util.function.BiFunction;

/**
 * What a rollup folds each bucket with and the fields it writes the result as. The fold sees the
 * entries of one bucket; {@code fields} turns its final value and the bucket into the entry's
 * fields ({@code echomq.sketches.Aggregates#rollup()} gives {@code AggregateState.rollupFields(end)}).
 * <pre>{@code
 * RollupFold<Long> counts = RollupFold.of(Fold.of("count", 0L, (n, e) -> n + 1),
 *         (n, bucket) -> LinkedHashMap.of("to", Long.toString(bucket.t1().toEpochMilli()), "count", Long.toString(n)));
 * }</pre>
 *
 * @param fold   the fold of one bucket's entries
 * @param fields the fields of a bucket's entry, from its fold and its window (whole, never clipped)
 * @param <A>    the fold's accumulator
 */
public record RollupFold<A>(Fold<A> fold, BiFunction<A, Window.Closed, LinkedHashMap<String, String>> fields) {

    /**
     * Checks both parts.
     *
     * @param fold   the fold, not null
     * @param fields the fields function, not null
     */
    public RollupFold {
        Objects.requireNonNull(fold, "fold");
        Objects.requireNonNull(fields, "fields");
    }

    /**
     * A rollup fold of {@code fold}, written as {@code fields} says.
     *
     * @param fold   the fold of one bucket's entries
     * @param fields the entry's fields of a bucket's value and window
     * @param <A>    the fold's accumulator
     * @return the rollup fold
     */
    public static <A> RollupFold<A> of(Fold<A> fold, BiFunction<A, Window.Closed, LinkedHashMap<String, String>> fields) {
        return new RollupFold<>(fold, fields);
    }

    /**
     * The fields of one bucket's entry, checked as {@link RollupAppendPort#requireFields} checks them.
     *
     * @param value  the bucket's fold
     * @param bucket the bucket
     * @return the fields
     * @throws IllegalArgumentException when the function gives bad fields
     */
    public LinkedHashMap<String, String> fieldsOf(A value, Window.Closed bucket) {
        return RollupAppendPort.requireFields(fields.apply(value, bucket));
    }
}
