package echomq.sql.fold;

import echomq.sketches.Aggregate;
import echomq.sketches.Avg;
import echomq.sketches.Count;
import echomq.sketches.Distinct;
import echomq.sketches.Extreme;
import echomq.sketches.Percentile;
import echomq.sketches.Sum;
import echomq.sketches.Aggregates;
import echomq.sql.model.Aggregation;
import echomq.sql.model.Arg;
import echomq.sql.model.SqlRefusedException;
import echomq.sql.result.SqlType;
import echomq.sql.result.Value;
import io.vavr.collection.List;
import io.vavr.control.Option;

import java.math.BigDecimal;
import java.util.function.Function;

/**
 * The seam between SQL's aggregates and the folds that compute them: the one place that decides, per
 * kind of aggregate, which fold answers it. Today {@code COUNT(*)}, {@code SUM}, {@code MIN}, {@code MAX},
 * {@code AVG}, {@code APPROX_COUNT_DISTINCT} and {@code APPROX_PERCENTILE} are {@code echomq-sketches}'
 * {@link Aggregates} (so a rollup of them is the library's rollup, and a query over a rollup stream reads
 * its entries as the states they carry); {@code COUNT(f)}, {@code COUNT(DISTINCT f)}, {@code PERCENTILE},
 * {@code STDDEV_*}, {@code VAR_*}, {@code FIRST_VALUE} and {@code LAST_VALUE} are exact {@link Part}s of
 * this module, until the library's folds answer them (#57): then their case here names the library's
 * fold instead, and nothing else changes.
 * <pre>{@code
 * Measures m = AggregateFolds.translate(List.of(new Aggregation.CountAll(at)));
 * }</pre>
 */
public final class AggregateFolds {

    private AggregateFolds() {
    }

    /**
     * The folds of {@code aggregations}, as one.
     *
     * @param aggregations the query's aggregates, in order (none for a query that only groups)
     * @return the fold and how each value is read
     * @throws SqlRefusedException for an aggregate the library refuses (more than it folds at once, a cast it cannot read)
     */
    public static Measures translate(List<Aggregation> aggregations) {
        // a field whose MIN, MAX or AVG the query asks has its presence there: a SUM of it needs no part of its own
        java.util.Set<String> extremes = new java.util.HashSet<>();
        for (Aggregation a : aggregations) {
            if (a instanceof Aggregation.Min m) {
                extremes.add("min:" + m.arg().field());
            } else if (a instanceof Aggregation.Max m) {
                extremes.add("max:" + m.arg().field());
            } else if (a instanceof Aggregation.Avg m) {
                extremes.add("avg:" + m.arg().field());
            }
        }
        Translation t = new Translation(extremes);
        List<Measures.Reading> readings = aggregations.map(a -> a.accept(t));
        Option<Aggregates> library;
        try {
            library = t.library.isEmpty() ? Option.none() : Option.some(Aggregates.of(t.library.values()));
        } catch (IllegalArgumentException refused) {
            throw new SqlRefusedException(aggregations.map(Aggregation::shown).mkString(", "), aggregations.head().at(),
                    "cannot be folded together: " + refused.getMessage());
        }
        List<Option<Aggregate<?>>> asLibrary = aggregations.map(a -> a.accept(new AsLibrary()));
        Option<String> notRollup = aggregations.zip(asLibrary).find(p -> p._2.isEmpty())
                .map(p -> p._1.shown() + " is folded by the query, not by the library: a rollup writes COUNT(*), SUM, MIN, MAX, AVG, "
                        + "APPROX_COUNT_DISTINCT and APPROX_PERCENTILE");
        Option<Aggregates> rollup = Option.none();
        if (notRollup.isEmpty() && !aggregations.isEmpty()) {
            try {
                rollup = Option.some(Aggregates.of(asLibrary.<Aggregate<?>>map(Option::get).distinctBy(Aggregate::spelling)));
            } catch (IllegalArgumentException refused) {
                notRollup = Option.some(refused.getMessage());
            }
        } else if (aggregations.isEmpty()) {
            notRollup = Option.some("a rollup writes at least one aggregate");
        }
        return new Measures(aggregations, library, t.parts, readings, rollup, notRollup);
    }

    /** Builds the folds as the aggregates are visited: the library's folds by spelling, and the parts in order. */
    private static final class Translation implements Aggregation.Cases<Measures.Reading> {
        /** The library's folds, by spelling (one fold answers every aggregate that needs it). */
        final java.util.LinkedHashMap<String, Aggregate<?>> library = new java.util.LinkedHashMap<>();
        /** The spellings of the MIN, MAX and AVG the query asks, whose value is none exactly when no number was folded. */
        final java.util.Set<String> extremes;
        List<Part> parts = List.empty();

        Translation(java.util.Set<String> extremes) {
            this.extremes = extremes;
        }

        private Function<Measured, Option<BigDecimal>> library(Aggregate<?> a) {
            library.putIfAbsent(a.spelling(), a);
            String spelling = a.spelling();
            return m -> m.library().value(spelling);
        }

        private int part(Part p) {
            int at = parts.indexOf(p);
            if (at >= 0) {
                return at;
            }
            parts = parts.append(p);
            return parts.size() - 1;
        }

        private static Measures.Reading number(SqlType type, Function<Measured, Option<BigDecimal>> read) {
            return new Measures.Reading(type, m -> read.apply(m).map(d -> value(type, d)).getOrElse(Value.NULL));
        }

        private static Value value(SqlType type, BigDecimal d) {
            return type == SqlType.DOUBLE ? new Value.Real(d.doubleValue()) : type == SqlType.BIGINT ? new Value.Whole(d.longValueExact()) : Value.of(d);
        }

        private Measures.Reading fromPart(SqlType type, Part p) {
            int i = part(p);
            return new Measures.Reading(type, m -> m.part(i).value());
        }

        @Override
        public Measures.Reading countAll(Aggregation.CountAll a) {
            return number(SqlType.BIGINT, library(new Count()));
        }

        @Override
        public Measures.Reading count(Aggregation.Count a) {
            return fromPart(SqlType.BIGINT, new Part.CountOf(a.arg(), 0));
        }

        @Override
        public Measures.Reading countDistinct(Aggregation.CountDistinct a) {
            return fromPart(SqlType.BIGINT, Part.DistinctOf.empty(a));
        }

        @Override
        public Measures.Reading approxCountDistinct(Aggregation.ApproxCountDistinct a) {
            if (a.arg().cast().exists(t -> t != SqlType.STRING)) {
                throw SqlRefusedException.unsupported(a.shown(), a.at(), "is not supported: the sketch counts a field's distinct texts; write "
                        + "APPROX_COUNT_DISTINCT(" + a.arg().field() + ")");
            }
            return number(SqlType.BIGINT, library(new Distinct(a.arg().field())));
        }

        @Override
        public Measures.Reading sum(Aggregation.Sum a) {
            String field = a.arg().field();
            Function<Measured, Option<BigDecimal>> sum = library(new Sum(field));
            // SQL's SUM of no number is NULL; the library's sum of none is 0: a MIN, MAX or AVG of the field the query
            // asks anyway tells them apart (none when no number was folded), else a part that counts the numbers
            Option<String> extreme = Option.ofOptional(java.util.stream.Stream.of("max:", "min:", "avg:").map(k -> k + field)
                    .filter(extremes::contains).findFirst());
            if (extreme.isDefined()) {
                String spelling = extreme.get();
                return number(a.arg().numberType(), m -> m.library().value(spelling).isEmpty() ? Option.none() : sum.apply(m));
            }
            int seen = part(new Part.NumbersSeen(field, 0));
            return number(a.arg().numberType(), m -> ((Part.NumbersSeen) m.part(seen)).n() == 0 ? Option.none() : sum.apply(m));
        }

        @Override
        public Measures.Reading min(Aggregation.Min a) {
            return number(a.arg().numberType(), library(new Extreme(a.arg().field(), false)));
        }

        @Override
        public Measures.Reading max(Aggregation.Max a) {
            return number(a.arg().numberType(), library(new Extreme(a.arg().field(), true)));
        }

        @Override
        public Measures.Reading avg(Aggregation.Avg a) {
            return number(a.arg().numberType(), library(new Avg(a.arg().field())));
        }

        @Override
        public Measures.Reading moment(Aggregation.Moment a) {
            return fromPart(SqlType.DOUBLE, Part.Moments.empty(a));
        }

        @Override
        public Measures.Reading edge(Aggregation.Edge a) {
            return fromPart(a.arg().valueType(), Part.Edge.empty(a));
        }

        @Override
        public Measures.Reading percentile(Aggregation.Percentile a) {
            return fromPart(SqlType.DOUBLE, Part.SortedValues.empty(a));
        }

        @Override
        public Measures.Reading approxPercentile(Aggregation.ApproxPercentile a) {
            return number(SqlType.DOUBLE, library(libraryPercentile(a.arg(), a.p())));
        }
    }

    /** The library's fold an aggregate is exactly, if it is one: what a rollup writes. */
    private static final class AsLibrary implements Aggregation.Cases<Option<Aggregate<?>>> {
        @Override
        public Option<Aggregate<?>> countAll(Aggregation.CountAll a) {
            return Option.some(new Count());
        }

        @Override
        public Option<Aggregate<?>> count(Aggregation.Count a) {
            return Option.none();
        }

        @Override
        public Option<Aggregate<?>> countDistinct(Aggregation.CountDistinct a) {
            return Option.none();
        }

        @Override
        public Option<Aggregate<?>> approxCountDistinct(Aggregation.ApproxCountDistinct a) {
            return Option.some(new Distinct(a.arg().field()));
        }

        @Override
        public Option<Aggregate<?>> sum(Aggregation.Sum a) {
            return Option.some(new Sum(a.arg().field()));
        }

        @Override
        public Option<Aggregate<?>> min(Aggregation.Min a) {
            return Option.some(new Extreme(a.arg().field(), false));
        }

        @Override
        public Option<Aggregate<?>> max(Aggregation.Max a) {
            return Option.some(new Extreme(a.arg().field(), true));
        }

        @Override
        public Option<Aggregate<?>> avg(Aggregation.Avg a) {
            return Option.some(new Avg(a.arg().field()));
        }

        @Override
        public Option<Aggregate<?>> moment(Aggregation.Moment a) {
            return Option.none();
        }

        @Override
        public Option<Aggregate<?>> edge(Aggregation.Edge a) {
            return Option.none();
        }

        @Override
        public Option<Aggregate<?>> percentile(Aggregation.Percentile a) {
            return Option.none();
        }

        @Override
        public Option<Aggregate<?>> approxPercentile(Aggregation.ApproxPercentile a) {
            return Option.some(libraryPercentile(a.arg(), a.p()));
        }
    }

    /** The library's percentile of {@code p} (in (0, 1)), spelled as it spells it: {@code p99:amount}, {@code p99.9:latency}. */
    private static Aggregate<?> libraryPercentile(Arg arg, BigDecimal p) {
        String pct = p.movePointRight(2).stripTrailingZeros().toPlainString();
        return new Percentile("p" + pct + ":" + arg.field(), p, arg.field());
    }
}
