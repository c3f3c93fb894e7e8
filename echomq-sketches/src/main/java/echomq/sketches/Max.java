package echomq.sketches;

import echomq.domain.stream.StreamEntry;
import io.vavr.control.Option;

import java.math.BigDecimal;

/**
 * {@code max:F}: the greatest of a field's numbers ({@link FieldNumber}), none when none. Its value is
 * its accumulator: a rollup entry's {@code max_F} (empty for none) is read back.
 *
 * @param field the entry field
 */
public record Max(String field) implements Aggregate<Option<BigDecimal>> {

    /** {@code max:F}. */
    public static final Aggregate.Kind KIND = Aggregate.Kind.ofField("max", Max::new);

    /** @param field the entry field, checked */
    public Max {
        Aggregate.requireField("max", field);
    }

    @Override
    public String spelling() {
        return "max:" + field;
    }

    @Override
    public Option<String> reads() {
        return Option.some(field);
    }

    @Override
    public Option<BigDecimal> empty() {
        return Option.none();
    }

    @Override
    public Option<Option<BigDecimal>> step(Option<BigDecimal> max, StreamEntry entry) {
        BigDecimal v = Fields.numberOrNull(entry, field);
        return v == null ? Option.none() : Option.some(combine(max, Option.some(v)));
    }

    @Override
    public Option<BigDecimal> combine(Option<BigDecimal> earlier, Option<BigDecimal> later) {
        return earlier.isEmpty() ? later : later.isEmpty() || later.get().compareTo(earlier.get()) <= 0 ? earlier : later;
    }

    @Override
    public Option<BigDecimal> value(Option<BigDecimal> max) {
        return max;
    }

    @Override
    public Option<BigDecimal> read(StateFields fields) {
        return fields.text(column()).isEmpty() ? Option.none() : Option.some(fields.number(column()));
    }
}
