package echomq.sketches;

import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.math.BigDecimal;

/**
 * {@code range:F}: the greatest of a field's numbers ({@link FieldNumber}) less the least, exact,
 * none when none (as RedisTimeSeries' {@code range}). A rollup entry carries the least and the
 * greatest as {@code range_F_state}, {@code min/max} (empty when none).
 *
 * @param field the entry field
 */
public record Range(String field) implements Aggregate<Range.Bounds> {

    /** {@code range:F}. */
    public static final Aggregate.Kind KIND = Aggregate.Kind.ofField("range", Range::new);

    /** @param field the entry field, checked */
    public Range {
        Aggregate.requireField("range", field);
    }

    /**
     * The least and the greatest number, both none or both some.
     *
     * @param min the least
     * @param max the greatest
     */
    public record Bounds(Option<BigDecimal> min, Option<BigDecimal> max) {
    }

    @Override
    public String spelling() {
        return "range:" + field;
    }

    @Override
    public Option<String> reads() {
        return Option.some(field);
    }

    @Override
    public Bounds empty() {
        return new Bounds(Option.none(), Option.none());
    }

    @Override
    public Option<Bounds> step(Bounds b, StreamEntry entry) {
        BigDecimal v = Fields.numberOrNull(entry, field);
        return v == null ? Option.none() : Option.some(combine(b, new Bounds(Option.some(v), Option.some(v))));
    }

    @Override
    public Bounds combine(Bounds earlier, Bounds later) {
        if (earlier.min().isEmpty()) {
            return later;
        }
        if (later.min().isEmpty()) {
            return earlier;
        }
        return new Bounds(Option.some(earlier.min().get().min(later.min().get())), Option.some(earlier.max().get().max(later.max().get())));
    }

    @Override
    public Option<BigDecimal> value(Bounds b) {
        return b.min().map(min -> FieldNumber.stripped(b.max().get().subtract(min)));
    }

    @Override
    public LinkedHashMap<String, String> state(Bounds b) {
        return LinkedHashMap.of(column() + "_state", b.min().isEmpty() ? "" : b.min().get().toPlainString() + "/" + b.max().get().toPlainString());
    }

    @Override
    public Bounds read(StateFields fields) {
        String name = column() + "_state";
        if (fields.text(name).isEmpty()) {
            return empty();
        }
        String[] minMax = fields.parts(name, 2);
        BigDecimal min = fields.number(name, minMax[0]);
        BigDecimal max = fields.number(name, minMax[1]);
        if (min.compareTo(max) > 0) {
            throw new IllegalArgumentException("field \"" + name + "\" of " + fields.where() + " has its least above its greatest");
        }
        return new Bounds(Option.some(min), Option.some(max));
    }
}
