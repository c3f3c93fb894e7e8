package echomq.sql.model;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * An aggregate call of the subset: a closed set, each kind handed to the {@link Cases} that fold it
 * (the translation into folds is one class, {@code echomq.sql.fold.AggregateFolds}, which implements
 * {@link Cases}: a new aggregate is a new case here and a new method there, and the compiler names
 * every place that must answer it).
 * <pre>{@code
 * Aggregation sum = new Aggregation.Sum(new Arg("amount", Option.none(), at), at);
 * sum.shown();   // SUM(amount)
 * }</pre>
 */
public sealed interface Aggregation permits Aggregation.CountAll, Aggregation.Count, Aggregation.CountDistinct,
        Aggregation.ApproxCountDistinct, Aggregation.Sum, Aggregation.Min, Aggregation.Max, Aggregation.Avg,
        Aggregation.Moment, Aggregation.Edge, Aggregation.Percentile, Aggregation.ApproxPercentile {

    /**
     * Where the call stands.
     *
     * @return the position
     */
    Position at();

    /**
     * The call as it reads (a column's name when it has no alias).
     *
     * @return e.g. {@code COUNT(*)}, {@code PERCENTILE(amount, 0.9)}
     */
    String shown();

    /**
     * Hands this call to its case.
     *
     * @param cases what each kind becomes
     * @param <R>   the outcome
     * @return the outcome of this kind's case
     */
    <R> R accept(Cases<R> cases);

    /**
     * What each kind of aggregate becomes.
     *
     * @param <R> the outcome
     */
    interface Cases<R> {
        /**
         * {@code COUNT(*)}.
         *
         * @param a the call
         * @return its outcome
         */
        R countAll(CountAll a);

        /**
         * {@code COUNT(f)}.
         *
         * @param a the call
         * @return its outcome
         */
        R count(Count a);

        /**
         * {@code COUNT(DISTINCT f)}.
         *
         * @param a the call
         * @return its outcome
         */
        R countDistinct(CountDistinct a);

        /**
         * {@code APPROX_COUNT_DISTINCT(f)}.
         *
         * @param a the call
         * @return its outcome
         */
        R approxCountDistinct(ApproxCountDistinct a);

        /**
         * {@code SUM(f)}.
         *
         * @param a the call
         * @return its outcome
         */
        R sum(Sum a);

        /**
         * {@code MIN(f)}.
         *
         * @param a the call
         * @return its outcome
         */
        R min(Min a);

        /**
         * {@code MAX(f)}.
         *
         * @param a the call
         * @return its outcome
         */
        R max(Max a);

        /**
         * {@code AVG(f)}.
         *
         * @param a the call
         * @return its outcome
         */
        R avg(Avg a);

        /**
         * {@code STDDEV_POP}, {@code STDDEV_SAMP}, {@code VAR_POP}, {@code VAR_SAMP}.
         *
         * @param a the call
         * @return its outcome
         */
        R moment(Moment a);

        /**
         * {@code FIRST_VALUE(f)}, {@code LAST_VALUE(f)}.
         *
         * @param a the call
         * @return its outcome
         */
        R edge(Edge a);

        /**
         * {@code PERCENTILE(f, p)}.
         *
         * @param a the call
         * @return its outcome
         */
        R percentile(Percentile a);

        /**
         * {@code APPROX_PERCENTILE(f, p)}.
         *
         * @param a the call
         * @return its outcome
         */
        R approxPercentile(ApproxPercentile a);
    }

    /**
     * {@code COUNT(*)}: the rows.
     *
     * @param at where it stands
     */
    record CountAll(Position at) implements Aggregation {
        @Override
        public String shown() {
            return "COUNT(*)";
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.countAll(this);
        }
    }

    /**
     * {@code COUNT(f)}: the rows where {@code f} is not NULL.
     *
     * @param arg the argument
     * @param at  where it stands
     */
    record Count(Arg arg, Position at) implements Aggregation {
        /**
         * Checks the parts.
         *
         * @param arg the argument
         * @param at  the position
         */
        public Count {
            Objects.requireNonNull(arg, "arg");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String shown() {
            return "COUNT(" + arg.shown() + ")";
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.count(this);
        }
    }

    /**
     * {@code COUNT(DISTINCT f)}: exact, bounded.
     *
     * @param arg the argument
     * @param at  where it stands
     */
    record CountDistinct(Arg arg, Position at) implements Aggregation {
        /**
         * Checks the parts.
         *
         * @param arg the argument
         * @param at  the position
         */
        public CountDistinct {
            Objects.requireNonNull(arg, "arg");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String shown() {
            return "COUNT(DISTINCT " + arg.shown() + ")";
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.countDistinct(this);
        }
    }

    /**
     * {@code APPROX_COUNT_DISTINCT(f)}: the library's distinct count (exact up to 512, within 0.8% beyond).
     *
     * @param arg the argument
     * @param at  where it stands
     */
    record ApproxCountDistinct(Arg arg, Position at) implements Aggregation {
        /**
         * Checks the parts.
         *
         * @param arg the argument
         * @param at  the position
         */
        public ApproxCountDistinct {
            Objects.requireNonNull(arg, "arg");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String shown() {
            return "APPROX_COUNT_DISTINCT(" + arg.shown() + ")";
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.approxCountDistinct(this);
        }
    }

    /**
     * {@code SUM(f)}: exact.
     *
     * @param arg the argument
     * @param at  where it stands
     */
    record Sum(Arg arg, Position at) implements Aggregation {
        /**
         * Checks the parts.
         *
         * @param arg the argument
         * @param at  the position
         */
        public Sum {
            Objects.requireNonNull(arg, "arg");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String shown() {
            return "SUM(" + arg.shown() + ")";
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.sum(this);
        }
    }

    /**
     * {@code MIN(f)}.
     *
     * @param arg the argument
     * @param at  where it stands
     */
    record Min(Arg arg, Position at) implements Aggregation {
        /**
         * Checks the parts.
         *
         * @param arg the argument
         * @param at  the position
         */
        public Min {
            Objects.requireNonNull(arg, "arg");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String shown() {
            return "MIN(" + arg.shown() + ")";
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.min(this);
        }
    }

    /**
     * {@code MAX(f)}.
     *
     * @param arg the argument
     * @param at  where it stands
     */
    record Max(Arg arg, Position at) implements Aggregation {
        /**
         * Checks the parts.
         *
         * @param arg the argument
         * @param at  the position
         */
        public Max {
            Objects.requireNonNull(arg, "arg");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String shown() {
            return "MAX(" + arg.shown() + ")";
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.max(this);
        }
    }

    /**
     * {@code AVG(f)}.
     *
     * @param arg the argument
     * @param at  where it stands
     */
    record Avg(Arg arg, Position at) implements Aggregation {
        /**
         * Checks the parts.
         *
         * @param arg the argument
         * @param at  the position
         */
        public Avg {
            Objects.requireNonNull(arg, "arg");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String shown() {
            return "AVG(" + arg.shown() + ")";
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.avg(this);
        }
    }

    /** Which moment. */
    enum MomentKind {
        /** Population standard deviation. */
        STDDEV_POP,
        /** Sample standard deviation. */
        STDDEV_SAMP,
        /** Population variance. */
        VAR_POP,
        /** Sample variance. */
        VAR_SAMP;

        /**
         * Whether it is of a sample ({@code n - 1} below), not of the population.
         *
         * @return true for the {@code _SAMP} ones
         */
        public boolean sample() {
            return this == STDDEV_SAMP || this == VAR_SAMP;
        }

        /**
         * Whether it is a standard deviation (the root of the variance).
         *
         * @return true for the {@code STDDEV_} ones
         */
        public boolean root() {
            return this == STDDEV_POP || this == STDDEV_SAMP;
        }
    }

    /**
     * {@code STDDEV_POP(f)}, {@code STDDEV_SAMP(f)}, {@code VAR_POP(f)}, {@code VAR_SAMP(f)}: from exact sums.
     *
     * @param kind which
     * @param arg  the argument
     * @param at   where it stands
     */
    record Moment(MomentKind kind, Arg arg, Position at) implements Aggregation {
        /**
         * Checks the parts.
         *
         * @param kind which
         * @param arg  the argument
         * @param at   the position
         */
        public Moment {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(arg, "arg");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String shown() {
            return kind + "(" + arg.shown() + ")";
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.moment(this);
        }
    }

    /**
     * {@code FIRST_VALUE(f)} or {@code LAST_VALUE(f)}: the first (last) non-NULL value by entry id.
     *
     * @param first FIRST_VALUE, else LAST_VALUE
     * @param arg   the argument
     * @param at    where it stands
     */
    record Edge(boolean first, Arg arg, Position at) implements Aggregation {
        /**
         * Checks the parts.
         *
         * @param first FIRST_VALUE, else LAST_VALUE
         * @param arg   the argument
         * @param at    the position
         */
        public Edge {
            Objects.requireNonNull(arg, "arg");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String shown() {
            return (first ? "FIRST_VALUE(" : "LAST_VALUE(") + arg.shown() + ")";
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.edge(this);
        }
    }

    /**
     * {@code PERCENTILE(f, p)}: exact, interpolated as Flink defines it, bounded.
     *
     * @param arg the argument
     * @param p   the percentage, in {@code [0, 1]}
     * @param at  where it stands
     */
    record Percentile(Arg arg, BigDecimal p, Position at) implements Aggregation {
        /**
         * Checks the parts.
         *
         * @param arg the argument
         * @param p   in {@code [0, 1]}
         * @param at  the position
         * @throws SqlRefusedException for a percentage outside {@code [0, 1]}
         */
        public Percentile {
            Objects.requireNonNull(arg, "arg");
            Objects.requireNonNull(p, "p");
            Objects.requireNonNull(at, "at");
            if (p.signum() < 0 || p.compareTo(BigDecimal.ONE) > 0) {
                throw new SqlRefusedException("PERCENTILE(" + arg.shown() + ", " + p.toPlainString() + ")", at,
                        "asks for a percentage outside [0, 1]: write 0.5 for the median");
            }
        }

        @Override
        public String shown() {
            return "PERCENTILE(" + arg.shown() + ", " + p.toPlainString() + ")";
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.percentile(this);
        }
    }

    /**
     * {@code APPROX_PERCENTILE(f, p)}: the library's quantile sketch (within 0.1%).
     *
     * @param arg the argument
     * @param p   the percentage, in {@code (0, 1)}
     * @param at  where it stands
     */
    record ApproxPercentile(Arg arg, BigDecimal p, Position at) implements Aggregation {
        /**
         * Checks the parts.
         *
         * @param arg the argument
         * @param p   in {@code (0, 1)}
         * @param at  the position
         * @throws SqlRefusedException for a percentage outside {@code (0, 1)}
         */
        public ApproxPercentile {
            Objects.requireNonNull(arg, "arg");
            Objects.requireNonNull(p, "p");
            Objects.requireNonNull(at, "at");
            if (p.signum() <= 0 || p.compareTo(BigDecimal.ONE) >= 0) {
                throw new SqlRefusedException("APPROX_PERCENTILE(" + arg.shown() + ", " + p.toPlainString() + ")", at,
                        "asks for a percentage outside (0, 1): the sketch answers 0.5, 0.99, 0.999; write MIN or MAX for the ends");
            }
        }

        @Override
        public String shown() {
            return "APPROX_PERCENTILE(" + arg.shown() + ", " + p.toPlainString() + ")";
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.approxPercentile(this);
        }
    }
}
