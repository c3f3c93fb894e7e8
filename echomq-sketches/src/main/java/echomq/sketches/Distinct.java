package echomq.sketches;

import echomq.domain.checkpoint.StateCodec;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.math.BigDecimal;

/**
 * {@code distinct:F}: the number of distinct texts of a field, through {@link DistinctCount}'s
 * state of precision {@value #PRECISION} (exact up to 512, then within about 0.8%). Any text is a
 * value: only an entry without the field is skipped. A rollup entry carries the state as
 * {@code distinct_F_state}.
 *
 * @param field the entry field
 */
public record Distinct(String field) implements Aggregate<DistinctState> {

    /** {@code distinct:F}. */
    public static final Aggregate.Kind KIND = Aggregate.Kind.ofField("distinct", Distinct::new);

    /** Precision of the registers beyond the exact range. */
    static final int PRECISION = 14;

    private static final StateCodec<DistinctState> CODEC = DistinctCount.of("aggregate-distinct", "-", PRECISION).codec();

    /** @param field the entry field, checked */
    public Distinct {
        Aggregate.requireField("distinct", field);
    }

    @Override
    public String spelling() {
        return "distinct:" + field;
    }

    @Override
    public Option<String> reads() {
        return Option.some(field);
    }

    @Override
    public DistinctState empty() {
        return DistinctState.empty(PRECISION);
    }

    @Override
    public Option<DistinctState> step(DistinctState s, StreamEntry entry) {
        String v = entry.field(field).getOrNull();
        return v == null ? Option.none() : Option.some(s.with(DistinctCount.hash(v)));
    }

    @Override
    public DistinctState combine(DistinctState earlier, DistinctState later) {
        return earlier.merge(later);
    }

    @Override
    public Option<BigDecimal> value(DistinctState s) {
        return Option.some(BigDecimal.valueOf(s.rounded()));
    }

    @Override
    public LinkedHashMap<String, String> state(DistinctState s) {
        return LinkedHashMap.of(column() + "_state", CODEC.encode(s));
    }

    @Override
    public DistinctState read(StateFields fields) {
        return CODEC.decode(fields.text(column() + "_state"));
    }
}
