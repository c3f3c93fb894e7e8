package echomq.sql.fold;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.sql.model.Aggregation;
import echomq.sql.model.Arg;
import echomq.sql.model.Numbers;
import echomq.sql.result.SqlType;
import echomq.sql.result.Value;
import echomq.sketches.Aggregates;
import io.vavr.collection.HashSet;
import io.vavr.collection.Set;
import io.vavr.collection.Vector;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * An aggregate this module folds itself, exactly, where the library has no fold for it yet: each kind
 * owns its accumulator (its empty value is the record with nothing counted), its step, its combine with a
 * later part, and its value. Immutable: a step returns a new part. {@code AggregateFolds} decides which
 * aggregate is a part and which a library fold; when the library's folds answer one (#57), its part goes.
 */
sealed interface Part permits Part.CountOf, Part.NumbersSeen, Part.DistinctOf, Part.Moments, Part.Edge, Part.SortedValues {

    /** The most values an exact aggregate keeps in one group. */
    int EXACT_LIMIT = 100_000;

    /**
     * This part with one more row.
     *
     * @param e the row
     * @return the new part
     */
    Part step(StreamEntry e);

    /**
     * This part with a later part of the same aggregate (the rows after this one's).
     *
     * @param later the later part, of the same kind
     * @return the combined part
     */
    Part combine(Part later);

    /**
     * Its value.
     *
     * @return the value, NULL when it has none
     */
    Value value();

    /**
     * What {@code arg} reads of a row as text: the field, none for a missing one; cast to a number, the
     * number (none for no number, or for a fraction or more than a long cast to {@code BIGINT}).
     */
    static String text(Arg arg, StreamEntry e) {
        String v = e.field(arg.field()).getOrNull();
        if (v == null || arg.cast().isEmpty() || arg.cast().contains(SqlType.STRING)) {
            return v;
        }
        BigDecimal d = Numbers.orNull(v);
        if (d != null && arg.cast().contains(SqlType.BIGINT)) {
            try {
                return Long.toString(d.longValueExact());
            } catch (ArithmeticException notALong) {
                return null;
            }
        }
        return d == null ? null : d.toPlainString();
    }

    /** What {@code arg} reads of a row as a number, by {@link Numbers}. */
    static BigDecimal number(Arg arg, StreamEntry e) {
        return Numbers.orNull(e.field(arg.field()).getOrNull());
    }

    /**
     * {@code COUNT(f)}: rows where {@code f} is not NULL.
     *
     * @param arg the argument
     * @param n   how many
     */
    record CountOf(Arg arg, long n) implements Part {
        @Override
        public Part step(StreamEntry e) {
            return text(arg, e) == null ? this : new CountOf(arg, n + 1);
        }

        @Override
        public Part combine(Part later) {
            return new CountOf(arg, n + ((CountOf) later).n);
        }

        @Override
        public Value value() {
            return new Value.Whole(n);
        }
    }

    /**
     * Whether a field held a number in any row: what tells {@code SUM} of no number (NULL) from a sum of 0.
     * A rollup entry, which carries a folded sum, counts as one.
     *
     * @param field the field
     * @param n     how many rows held one
     */
    record NumbersSeen(String field, long n) implements Part {
        @Override
        public Part step(StreamEntry e) {
            return Numbers.orNull(e.field(field).getOrNull()) != null || Aggregates.isRollup(e) ? new NumbersSeen(field, n + 1) : this;
        }

        @Override
        public Part combine(Part later) {
            return new NumbersSeen(field, n + ((NumbersSeen) later).n);
        }

        @Override
        public Value value() {
            return new Value.Whole(n);
        }
    }

    /**
     * {@code COUNT(DISTINCT f)}: every value kept, up to {@link #EXACT_LIMIT}.
     *
     * @param a    the call
     * @param seen the distinct values
     */
    record DistinctOf(Aggregation.CountDistinct a, Set<String> seen) implements Part {
        @Override
        public Part step(StreamEntry e) {
            String v = text(a.arg(), e);
            return v == null ? this : checked(seen.add(v));
        }

        @Override
        public Part combine(Part later) {
            return checked(seen.addAll(((DistinctOf) later).seen));
        }

        private DistinctOf checked(Set<String> next) {
            if (next.size() > EXACT_LIMIT) {
                throw new ExactLimitException(a.shown() + " at " + a.at() + " met more than " + EXACT_LIMIT
                        + " distinct values in one group: an exact count keeps every value; write APPROX_COUNT_DISTINCT("
                        + a.arg().shown() + ") (exact up to 512, within 0.8% beyond)");
            }
            return next == seen ? this : new DistinctOf(a, next);
        }

        @Override
        public Value value() {
            return new Value.Whole(seen.size());
        }

        static DistinctOf empty(Aggregation.CountDistinct a) {
            return new DistinctOf(a, HashSet.empty());
        }
    }

    /**
     * {@code STDDEV_*} and {@code VAR_*}: the count, the sum and the sum of squares, exact, so the
     * variance is computed once from exact sums (no running floating-point update).
     *
     * @param a     the call
     * @param n     how many numbers
     * @param sum   their sum
     * @param sumSq the sum of their squares
     */
    record Moments(Aggregation.Moment a, long n, BigDecimal sum, BigDecimal sumSq) implements Part {
        @Override
        public Part step(StreamEntry e) {
            BigDecimal x = number(a.arg(), e);
            return x == null ? this : new Moments(a, n + 1, sum.add(x), sumSq.add(x.multiply(x)));
        }

        @Override
        public Part combine(Part later) {
            Moments m = (Moments) later;
            return new Moments(a, n + m.n, sum.add(m.sum), sumSq.add(m.sumSq));
        }

        @Override
        public Value value() {
            long below = a.kind().sample() ? n - 1 : n;
            if (n == 0 || below == 0) {
                return Value.NULL; // no number; a sample of one has no variance
            }
            // n·Σx² − (Σx)², exact, over n·below
            BigDecimal spread = sumSq.multiply(BigDecimal.valueOf(n)).subtract(sum.multiply(sum));
            BigDecimal variance = spread.divide(BigDecimal.valueOf(n).multiply(BigDecimal.valueOf(below)), MathContext.DECIMAL128);
            if (variance.signum() < 0) {
                variance = BigDecimal.ZERO;
            }
            return new Value.Real((a.kind().root() ? variance.sqrt(MathContext.DECIMAL128) : variance).doubleValue());
        }

        static Moments empty(Aggregation.Moment a) {
            return new Moments(a, 0, BigDecimal.ZERO, BigDecimal.ZERO);
        }
    }

    /**
     * {@code FIRST_VALUE(f)} or {@code LAST_VALUE(f)}: the first (last) non-NULL value by entry id.
     *
     * @param a  the call
     * @param id the id of the row it was read from, null when none yet
     * @param v  the value, null when none yet
     */
    record Edge(Aggregation.Edge a, StreamId id, String v) implements Part {
        @Override
        public Part step(StreamEntry e) {
            if (a.first() && v != null) {
                return this;
            }
            String t = text(a.arg(), e);
            return t == null ? this : new Edge(a, e.id(), t);
        }

        @Override
        public Part combine(Part later) {
            Edge l = (Edge) later;
            if (v == null) {
                return l;
            }
            if (l.v == null) {
                return this;
            }
            boolean laterWins = a.first() ? l.id.isBefore(id) : !l.id.isBefore(id);
            return laterWins ? l : this;
        }

        @Override
        public Value value() {
            if (v == null) {
                return Value.NULL;
            }
            SqlType t = a.arg().valueType();
            if (t == SqlType.STRING) {
                return new Value.Text(v);
            }
            return t == SqlType.DOUBLE ? new Value.Real(Double.parseDouble(v)) : t == SqlType.BIGINT ? new Value.Whole(Long.parseLong(v))
                    : Value.of(new BigDecimal(v));
        }

        static Edge empty(Aggregation.Edge a) {
            return new Edge(a, null, null);
        }
    }

    /**
     * {@code PERCENTILE(f, p)} as Flink defines it: the values as doubles, sorted; the position
     * {@code p·(n−1) + 1} counted from 1; the value there, or the linear interpolation of the two around it.
     * Every value is kept, up to {@link #EXACT_LIMIT}.
     *
     * @param a      the call
     * @param values the values read, in no order
     */
    record SortedValues(Aggregation.Percentile a, Vector<Double> values) implements Part {
        @Override
        public Part step(StreamEntry e) {
            BigDecimal x = number(a.arg(), e);
            return x == null ? this : checked(values.append(x.doubleValue()));
        }

        @Override
        public Part combine(Part later) {
            return checked(values.appendAll(((SortedValues) later).values));
        }

        private SortedValues checked(Vector<Double> next) {
            if (next.size() > EXACT_LIMIT) {
                throw new ExactLimitException(a.shown() + " at " + a.at() + " met more than " + EXACT_LIMIT
                        + " values in one group: an exact percentile keeps every value; write APPROX_PERCENTILE("
                        + a.arg().shown() + ", " + a.p().toPlainString() + ") (within 0.1%)");
            }
            return new SortedValues(a, next);
        }

        @Override
        public Value value() {
            if (values.isEmpty()) {
                return Value.NULL;
            }
            double[] sorted = new double[values.size()];
            for (int i = 0; i < sorted.length; i++) {
                sorted[i] = values.get(i);
            }
            java.util.Arrays.sort(sorted);
            double position = a.p().doubleValue() * (sorted.length - 1) + 1;
            long lower = (long) Math.floor(position);
            long higher = (long) Math.ceil(position);
            double low = sorted[(int) lower - 1];
            double high = sorted[(int) higher - 1];
            return new Value.Real(low == high ? low : (higher - position) * low + (position - lower) * high);
        }

        static SortedValues empty(Aggregation.Percentile a) {
            return new SortedValues(a, Vector.empty());
        }
    }
}
