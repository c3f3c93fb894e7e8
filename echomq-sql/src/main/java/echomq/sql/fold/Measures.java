package echomq.sql.fold;

import echomq.domain.fold.CombinableFold;
import echomq.sketches.Aggregates;
import echomq.sql.model.Aggregation;
import echomq.sql.result.SqlType;
import echomq.sql.result.Value;
import io.vavr.collection.List;
import io.vavr.control.Option;

import java.util.Objects;
import java.util.function.Function;

/**
 * A query's aggregates as one combinable fold of {@link Measured}, and how each aggregate's value is
 * read from it: what {@link AggregateFolds} translates them into. The fold counts the rows it is
 * given; a caller filters rows before (a {@code WHERE}) and keys them around it (a {@code GROUP BY}).
 * <pre>{@code
 * Measures m = AggregateFolds.translate(List.of(new Aggregation.CountAll(at), new Aggregation.Sum(amount, at)));
 * Measured s = m.fold().foldAll(entries);
 * m.values(s);   // [Whole[3], Decimal[36.5]]
 * }</pre>
 */
public final class Measures {

    /**
     * How one aggregate's value is read from what was folded, and its type.
     *
     * @param type  the value's type
     * @param value reads it
     */
    record Reading(SqlType type, Function<Measured, Value> value) {
        Reading {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(value, "value");
        }
    }

    private final List<Aggregation> aggregations;
    private final Option<Aggregates> library;
    private final List<Part> initialParts;
    private final List<Reading> readings;
    private final Option<Aggregates> rollup;
    private final Option<String> notRollup;
    private final CombinableFold<Measured> fold;

    Measures(List<Aggregation> aggregations, Option<Aggregates> library, List<Part> initialParts, List<Reading> readings,
             Option<Aggregates> rollup, Option<String> notRollup) {
        this.aggregations = aggregations;
        this.library = library;
        this.initialParts = initialParts;
        this.readings = readings;
        this.rollup = rollup;
        this.notRollup = notRollup;
        Measured initial = new Measured(0, library.map(Aggregates::empty).getOrNull(), initialParts.toJavaArray(Part[]::new));
        this.fold = CombinableFold.of("sql-" + library.map(Aggregates::toString).getOrElse("") + "-" + initialParts.size(), 1, initial,
                (acc, e) -> acc.step(this, e), (a, b) -> a.combine(this, b));
    }

    /**
     * The aggregates, in the order translated.
     *
     * @return the calls
     */
    public List<Aggregation> aggregations() {
        return aggregations;
    }

    /**
     * The one fold of them all: combinable, so hopping and cumulating windows combine their panes.
     *
     * @return the fold
     */
    public CombinableFold<Measured> fold() {
        return fold;
    }

    /**
     * Each aggregate's value, in order.
     *
     * @param m what was folded
     * @return the values
     */
    public List<Value> values(Measured m) {
        return readings.map(r -> r.value().apply(m));
    }

    /**
     * Each aggregate's type, in order.
     *
     * @return the types
     */
    public List<SqlType> types() {
        return readings.map(Reading::type);
    }

    /**
     * The aggregates as the library's folds, when every one is one (what a rollup writes: {@code INSERT INTO}).
     *
     * @return the library's folds, none when an aggregate is folded by this module
     */
    public Option<Aggregates> rollup() {
        return rollup;
    }

    /**
     * Why {@link #rollup()} is none.
     *
     * @return the first aggregate that is no library fold, and what the library folds
     */
    public Option<String> notRollup() {
        return notRollup;
    }

    Option<Aggregates> library() {
        return library;
    }
}
