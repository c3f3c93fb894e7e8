package echomq.sketches;

import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * {@code avg:F}: the mean of a field's numbers ({@link FieldNumber}), their exact sum over their
 * number to 16 significant digits, none when none. A rollup entry carries the exact sum and number
 * as {@code avg_F_state}, {@code sum/n}.
 *
 * @param field the entry field
 */
public record Avg(String field) implements Aggregate<Avg.Mean> {

    /** {@code avg:F}. */
    public static final Aggregate.Kind KIND = Aggregate.Kind.ofField("avg", Avg::new);

    /** @param field the entry field, checked */
    public Avg {
        Aggregate.requireField("avg", field);
    }

    /**
     * An average's exact sum and count, equal to another of the same values whatever the sum's scale.
     *
     * @param sum the exact sum
     * @param n   how many numbers
     */
    public record Mean(BigDecimal sum, long n) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Mean m && m.n == n && m.sum.compareTo(sum) == 0;
        }

        @Override
        public int hashCode() {
            return 31 * Long.hashCode(n) + FieldNumber.stripped(sum).hashCode();
        }
    }

    @Override
    public String spelling() {
        return "avg:" + field;
    }

    @Override
    public Option<String> reads() {
        return Option.some(field);
    }

    @Override
    public Mean empty() {
        return new Mean(BigDecimal.ZERO, 0);
    }

    @Override
    public Option<Mean> step(Mean m, StreamEntry entry) {
        BigDecimal v = Fields.numberOrNull(entry, field);
        return v == null ? Option.none() : Option.some(new Mean(m.sum().add(v), m.n() + 1));
    }

    @Override
    public Mean combine(Mean earlier, Mean later) {
        return new Mean(earlier.sum().add(later.sum()), earlier.n() + later.n());
    }

    @Override
    public Option<BigDecimal> value(Mean m) {
        return m.n() == 0 ? Option.none() : Option.some(m.sum().divide(BigDecimal.valueOf(m.n()), MathContext.DECIMAL64).stripTrailingZeros());
    }

    @Override
    public LinkedHashMap<String, String> state(Mean m) {
        return LinkedHashMap.of(column() + "_state", FieldNumber.stripped(m.sum()).toPlainString() + "/" + m.n());
    }

    @Override
    public Mean read(StateFields fields) {
        String[] sumAndN = fields.parts(column() + "_state", 2);
        return new Mean(fields.number(column() + "_state", sumAndN[0]), fields.count(column() + "_state", sumAndN[1]));
    }
}
