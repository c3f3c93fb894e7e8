package echomq.sketches;

import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;

/**
 * {@code pN:F} ({@code p50:amount}, {@code p99.9:latency}): a percentile of a field's numbers
 * ({@link FieldNumber}), the number of rank {@code max(1, ⌈q·n⌉)} among the {@code n} numbers in
 * ascending order, counted in {@link DecimalQuantiles}' buckets of four significant digits: never
 * below it, and above it by less than 0.1% of its magnitude (exact for a number of at most four
 * significant digits). Negative numbers and zero are counted like any other. A rollup entry carries
 * the buckets as {@code pN_F_state}; any percentile of the same field reads it back.
 *
 * @param spelling as written ({@code p99:amount}), kept as the answer's key
 * @param quantile in {@code (0, 1)}, exactly as spelled: {@code 0.99} for {@code p99}, {@code 0.999} for {@code p99.9}
 * @param field    the entry field
 */
public record Percentile(String spelling, BigDecimal quantile, String field) implements Aggregate<DecimalQuantiles> {

    /** {@code pN:F}: N above 0 and below 100, ASCII digits with at most one point between digits. */
    public static final Aggregate.Kind KIND = new Aggregate.Kind() {
        @Override
        public String spelling() {
            return "pN:F";
        }

        @Override
        public Option<Aggregate<?>> parse(String text) {
            int colon = text.indexOf(':');
            BigDecimal p = colon < 2 || text.charAt(0) != 'p' ? null : percent(text.substring(1, colon));
            if (p == null) {
                return Option.none();
            }
            if (p.signum() <= 0 || p.compareTo(BigDecimal.valueOf(100)) >= 0) {
                throw new IllegalArgumentException("the percentile of \"" + text + "\" must be above 0 and below 100");
            }
            if (colon == text.length() - 1) {
                throw new IllegalArgumentException("fold \"" + text + "\" names no field: write " + text + "FIELD");
            }
            return Option.some(new Percentile(text, p.movePointLeft(2), text.substring(colon + 1)));
        }

        @Override
        public String toString() {
            return spelling();
        }
    };

    /**
     * Checks the parts.
     *
     * @param spelling as written
     * @param quantile in {@code (0, 1)}
     * @param field    the entry field
     * @throws IllegalArgumentException naming a quantile outside {@code (0, 1)} or a bad field
     */
    public Percentile {
        Objects.requireNonNull(spelling, "spelling");
        Objects.requireNonNull(quantile, "quantile");
        Aggregate.requireField("percentile", field);
        if (quantile.signum() <= 0 || quantile.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("the percentile of \"" + spelling + "\" must be above 0 and below 100");
        }
    }

    /** The percent of a spelling ({@code 99.9} of {@code p99.9}): ASCII digits with at most one point between digits, or null. */
    static BigDecimal percent(String text) {
        return text.matches("[0-9]+(\\.[0-9]+)?") ? FieldNumber.orNull(text) : null;
    }

    @Override
    public Option<String> reads() {
        return Option.some(field);
    }

    @Override
    public DecimalQuantiles empty() {
        return DecimalQuantiles.EMPTY;
    }

    @Override
    public Option<DecimalQuantiles> step(DecimalQuantiles q, StreamEntry entry) {
        BigDecimal v = Fields.numberOrNull(entry, field);
        return v == null ? Option.none() : Option.some(q.with(v));
    }

    @Override
    public DecimalQuantiles combine(DecimalQuantiles earlier, DecimalQuantiles later) {
        return earlier.merge(later);
    }

    @Override
    public Option<BigDecimal> value(DecimalQuantiles q) {
        return q.quantile(quantile).map(FieldNumber::stripped);
    }

    @Override
    public LinkedHashMap<String, String> state(DecimalQuantiles q) {
        return LinkedHashMap.of(column() + "_state", q.encode());
    }

    /**
     * Its own column's state, or that of any other percentile of the same field (they count the same
     * buckets): a field {@code <name>_F_state} whose {@code <name>:F} is a fold with that state column
     * and whose text is a {@link DecimalQuantiles} state.
     */
    @Override
    public DecimalQuantiles read(StateFields fields) {
        return DecimalQuantiles.decode(fields.text(source(fields) + "_state"));
    }

    /** The skipped entries of the percentile whose state it reads: they skip the same entries. */
    @Override
    public String skippedField(StateFields fields) {
        return source(fields) + "_skipped";
    }

    /** The column of the percentile whose state this one reads: its own, or another's of the same field. */
    private String source(StateFields fields) {
        if (fields.all().containsKey(column() + "_state")) {
            return column();
        }
        String tail = "_" + field + "_state";
        for (Map.Entry<String, String> f : fields.all().entrySet()) {
            String key = f.getKey();
            if (key.endsWith(tail) && key.length() > tail.length() && DecimalQuantiles.isState(f.getValue())
                    && sameState(key.substring(0, key.length() - tail.length()), key)) {
                return key.substring(0, key.length() - "_state".length());
            }
        }
        throw new IllegalArgumentException("no field \"" + column() + "_state\" (nor another percentile's of \"" + field + "\") in "
                + fields.where() + ": a rollup combines only the folds its source rolled up");
    }

    /** Whether {@code name:F} spells a fold whose state column is {@code key}. */
    private boolean sameState(String name, String key) {
        try {
            Aggregate<?> other = Aggregates.one(name + ":" + field);
            return other.reads().contains(field) && (other.column() + "_state").equals(key);
        } catch (IllegalArgumentException notAFold) {
            return false;
        }
    }
}
