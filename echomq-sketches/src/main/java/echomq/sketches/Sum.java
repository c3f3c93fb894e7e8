package echomq.sketches;

import echomq.domain.stream.StreamEntry;
import io.vavr.control.Option;

import java.math.BigDecimal;

/**
 * {@code sum:F}: the exact decimal sum of a field's numbers ({@link FieldNumber}), {@code 0} when
 * none. Its value is its accumulator: a rollup entry's {@code sum_F} is read back.
 *
 * @param field the entry field
 */
public record Sum(String field) implements Aggregate<Sum.Total> {

    /** {@code sum:F}. */
    public static final Aggregate.Kind KIND = Aggregate.Kind.ofField("sum", Sum::new);

    /** @param field the entry field, checked */
    public Sum {
        Aggregate.requireField("sum", field);
    }

    /**
     * An exact sum, equal to another of the same value whatever its scale ({@code 1.0} and {@code 1}).
     *
     * @param sum the sum
     */
    public record Total(BigDecimal sum) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Total t && t.sum.compareTo(sum) == 0;
        }

        @Override
        public int hashCode() {
            return sum.signum() == 0 ? 0 : sum.stripTrailingZeros().hashCode();
        }
    }

    @Override
    public String spelling() {
        return "sum:" + field;
    }

    @Override
    public Option<String> reads() {
        return Option.some(field);
    }

    @Override
    public Total empty() {
        return new Total(BigDecimal.ZERO);
    }

    @Override
    public Option<Total> step(Total total, StreamEntry entry) {
        BigDecimal v = Fields.numberOrNull(entry, field);
        return v == null ? Option.none() : Option.some(new Total(total.sum().add(v)));
    }

    @Override
    public Total combine(Total earlier, Total later) {
        return new Total(earlier.sum().add(later.sum()));
    }

    @Override
    public Option<BigDecimal> value(Total total) {
        return Option.some(FieldNumber.stripped(total.sum()));
    }

    @Override
    public Total read(StateFields fields) {
        return new Total(fields.number(column()));
    }
}
