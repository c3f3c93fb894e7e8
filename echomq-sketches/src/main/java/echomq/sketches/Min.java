package echomq.sketches;

import echomq.domain.stream.StreamEntry;
import io.vavr.control.Option;

import java.math.BigDecimal;

/**
 * {@code min:F}: the least of a field's numbers ({@link FieldNumber}), none when none. Its value is
 * its accumulator: a rollup entry's {@code min_F} (empty for none) is read back.
 *
 * @param field the entry field
 */
public record Min(String field) implements Aggregate<Option<BigDecimal>> {

    /** {@code min:F}. */
    public static final Aggregate.Kind KIND = Aggregate.Kind.ofField("min", Min::new);

    /** @param field the entry field, checked */
    public Min {
        Aggregate.requireField("min", field);
    }

    @Override
    public String spelling() {
        return "min:" + field;
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
    public Option<Option<BigDecimal>> step(Option<BigDecimal> min, StreamEntry entry) {
        BigDecimal v = Fields.numberOrNull(entry, field);
        return v == null ? Option.none() : Option.some(combine(min, Option.some(v)));
    }

    @Override
    public Option<BigDecimal> combine(Option<BigDecimal> earlier, Option<BigDecimal> later) {
        return earlier.isEmpty() ? later : later.isEmpty() || later.get().compareTo(earlier.get()) >= 0 ? earlier : later;
    }

    @Override
    public Option<BigDecimal> value(Option<BigDecimal> min) {
        return min;
    }

    @Override
    public Option<BigDecimal> read(StateFields fields) {
        return fields.text(column()).isEmpty() ? Option.none() : Option.some(fields.number(column()));
    }
}
