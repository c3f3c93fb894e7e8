package echomq.sketches;

import echomq.domain.stream.StreamEntry;
import io.vavr.control.Option;

import java.math.BigDecimal;

/**
 * {@code count}: the number of entries. Reads no field, so it skips none; its value is its
 * accumulator, and a rollup entry's {@code count} (or, without it, its {@code entries}) is read back.
 */
public record Count() implements Aggregate<Long> {

    /** {@code count}. */
    public static final Aggregate.Kind KIND = new Aggregate.Kind() {
        @Override
        public String spelling() {
            return "count";
        }

        @Override
        public Option<Aggregate<?>> parse(String text) {
            return text.equals("count") ? Option.some(new Count()) : Option.none();
        }

        @Override
        public String toString() {
            return spelling();
        }
    };

    @Override
    public String spelling() {
        return "count";
    }

    @Override
    public Option<String> reads() {
        return Option.none();
    }

    @Override
    public Long empty() {
        return 0L;
    }

    @Override
    public Option<Long> step(Long n, StreamEntry entry) {
        return Option.some(n + 1);
    }

    @Override
    public Long combine(Long earlier, Long later) {
        return earlier + later;
    }

    @Override
    public Option<BigDecimal> value(Long n) {
        return Option.some(BigDecimal.valueOf(n));
    }

    @Override
    public Long read(StateFields fields) {
        return fields.all().containsKey(column()) ? fields.count(column()) : fields.count("entries");
    }
}
