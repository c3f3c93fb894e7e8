package echomq.sketches;

import echomq.domain.stream.StreamEntry;
import io.vavr.control.Option;

import java.math.BigDecimal;

/**
 * {@code min:F} and {@code max:F}: the least, or the greatest, of a field's numbers
 * ({@link FieldNumber}), exact, none when none. Its value is its accumulator: a rollup entry's
 * {@code min_F} or {@code max_F} (empty for none) is read back.
 *
 * @param field    the entry field
 * @param greatest true for {@code max:F}, false for {@code min:F}
 */
public record Extreme(String field, boolean greatest) implements Aggregate<Option<BigDecimal>> {

    /** {@code min:F}. */
    public static final Aggregate.Kind MIN = Aggregate.Kind.ofField("min", f -> new Extreme(f, false));
    /** {@code max:F}. */
    public static final Aggregate.Kind MAX = Aggregate.Kind.ofField("max", f -> new Extreme(f, true));

    /**
     * Checks the field.
     *
     * @param field    the entry field
     * @param greatest which end
     */
    public Extreme {
        Aggregate.requireField(greatest ? "max" : "min", field);
    }

    @Override
    public String spelling() {
        return (greatest ? "max:" : "min:") + field;
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
    public Option<Option<BigDecimal>> step(Option<BigDecimal> extreme, StreamEntry entry) {
        BigDecimal v = Fields.numberOrNull(entry, field);
        return v == null ? Option.none() : Option.some(combine(extreme, Option.some(v)));
    }

    /** The earlier run's unless the later's is beyond it: of equal numbers, the first stays. */
    @Override
    public Option<BigDecimal> combine(Option<BigDecimal> earlier, Option<BigDecimal> later) {
        if (earlier.isEmpty() || later.isEmpty()) {
            return earlier.isEmpty() ? later : earlier;
        }
        int order = later.get().compareTo(earlier.get());
        return (greatest ? order > 0 : order < 0) ? later : earlier;
    }

    @Override
    public Option<BigDecimal> value(Option<BigDecimal> extreme) {
        return extreme;
    }

    @Override
    public Option<BigDecimal> read(StateFields fields) {
        return fields.text(column()).isEmpty() ? Option.none() : Option.some(fields.number(column()));
    }
}
