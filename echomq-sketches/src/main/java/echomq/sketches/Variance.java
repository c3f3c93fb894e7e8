package echomq.sketches;

import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * {@code var:F}, {@code var_samp:F}, {@code stddev:F} and {@code stddev_samp:F}: the variance and the
 * standard deviation of a field's numbers ({@link FieldNumber}), of the population (over {@code n},
 * RedisTimeSeries' {@code var.p} and {@code std.p}) or of a sample (over {@code n − 1}, {@code var.s}
 * and {@code std.s}). From exact sums, never from floating-point running updates: the count
 * {@code n}, the sum {@code S} and the sum of squares {@code Q} of the numbers, so that
 * {@code var = (n·Q − S²) / n²} (sample: {@code / (n·(n − 1))}), whose numerator is exact; the
 * variance is that quotient to 16 significant digits, correctly rounded (half even), and the
 * standard deviation its square root, within one unit of its 16th digit. None when there is no
 * number (a sample: fewer than two). A rollup entry carries the sums as {@code var_F_state} (or the
 * kind's column), {@code n/S/Q}.
 *
 * @param field  the entry field
 * @param sample over {@code n − 1} rather than {@code n}
 * @param root   the standard deviation rather than the variance
 */
public record Variance(String field, boolean sample, boolean root) implements Aggregate<Variance.Sums> {

    /** {@code var:F}: the population variance. */
    public static final Aggregate.Kind VAR = Aggregate.Kind.ofField("var", f -> new Variance(f, false, false));
    /** {@code var_samp:F}: the sample variance. */
    public static final Aggregate.Kind VAR_SAMP = Aggregate.Kind.ofField("var_samp", f -> new Variance(f, true, false));
    /** {@code stddev:F}: the population standard deviation. */
    public static final Aggregate.Kind STDDEV = Aggregate.Kind.ofField("stddev", f -> new Variance(f, false, true));
    /** {@code stddev_samp:F}: the sample standard deviation. */
    public static final Aggregate.Kind STDDEV_SAMP = Aggregate.Kind.ofField("stddev_samp", f -> new Variance(f, true, true));

    /** Digits the square root is taken to before its quotient is rounded to 16. */
    private static final MathContext WIDE = new MathContext(40);

    /**
     * Checks the field.
     *
     * @param field  the entry field
     * @param sample over {@code n − 1}
     * @param root   the standard deviation
     */
    public Variance {
        Aggregate.requireField((root ? "stddev" : "var") + (sample ? "_samp" : ""), field);
    }

    /**
     * The exact count, sum and sum of squares of the numbers, equal to others of the same values
     * whatever their scale.
     *
     * @param n       how many numbers
     * @param sum     their sum
     * @param squares the sum of their squares
     */
    public record Sums(long n, BigDecimal sum, BigDecimal squares) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Sums s && s.n == n && s.sum.compareTo(sum) == 0 && s.squares.compareTo(squares) == 0;
        }

        @Override
        public int hashCode() {
            return 31 * (31 * Long.hashCode(n) + FieldNumber.stripped(sum).hashCode()) + FieldNumber.stripped(squares).hashCode();
        }
    }

    @Override
    public String spelling() {
        return (root ? "stddev" : "var") + (sample ? "_samp:" : ":") + field;
    }

    @Override
    public Option<String> reads() {
        return Option.some(field);
    }

    @Override
    public Sums empty() {
        return new Sums(0, BigDecimal.ZERO, BigDecimal.ZERO);
    }

    @Override
    public Option<Sums> step(Sums s, StreamEntry entry) {
        BigDecimal v = Fields.numberOrNull(entry, field);
        return v == null ? Option.none() : Option.some(new Sums(s.n() + 1, s.sum().add(v), s.squares().add(v.multiply(v))));
    }

    @Override
    public Sums combine(Sums earlier, Sums later) {
        return new Sums(earlier.n() + later.n(), earlier.sum().add(later.sum()), earlier.squares().add(later.squares()));
    }

    @Override
    public Option<BigDecimal> value(Sums s) {
        long n = s.n();
        if (n == 0 || (sample && n < 2)) {
            return Option.none();
        }
        // n·Q − S², exact, and never below zero (the sum of (n·x − S)² over n)
        BigDecimal numerator = BigDecimal.valueOf(n).multiply(s.squares()).subtract(s.sum().multiply(s.sum()));
        BigDecimal denominator = BigDecimal.valueOf(n).multiply(BigDecimal.valueOf(sample ? n - 1 : n));
        if (!root) {
            return Option.some(FieldNumber.stripped(numerator.divide(denominator, MathContext.DECIMAL64)));
        }
        // sqrt(numerator / denominator) = sqrt(numerator · denominator) / denominator, one rounding of a wide root
        BigDecimal wide = numerator.multiply(denominator).sqrt(WIDE);
        return Option.some(FieldNumber.stripped(wide.divide(denominator, MathContext.DECIMAL64)));
    }

    @Override
    public LinkedHashMap<String, String> state(Sums s) {
        return LinkedHashMap.of(column() + "_state", s.n() + "/" + FieldNumber.stripped(s.sum()).toPlainString() + "/"
                + FieldNumber.stripped(s.squares()).toPlainString());
    }

    @Override
    public Sums read(StateFields fields) {
        String name = column() + "_state";
        String[] parts = fields.parts(name, 3);
        return new Sums(fields.count(name, parts[0]), fields.exact(name, parts[1]), fields.exact(name, parts[2]));
    }

}
