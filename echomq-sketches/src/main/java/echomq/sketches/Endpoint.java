package echomq.sketches;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.math.BigDecimal;

/**
 * {@code first:F} and {@code last:F}: the number ({@link FieldNumber}) of a field in the earliest,
 * or the latest, entry that has one, by entry time: the id, its milliseconds then its sequence (as
 * RedisTimeSeries' {@code first} and {@code last} go by a sample's timestamp). None when none. Of two
 * entries with one id (partitions of a channel may share ids), the first folded stays first and the
 * last folded is last. A rollup entry carries the chosen entry's id as {@code first_F_state} (or
 * {@code last_F_state}), its number being the value column.
 *
 * @param field the entry field
 * @param last  true for {@code last:F}, false for {@code first:F}
 */
public record Endpoint(String field, boolean last) implements Aggregate<Endpoint.At> {

    /** {@code first:F}. */
    public static final Aggregate.Kind FIRST = Aggregate.Kind.ofField("first", f -> new Endpoint(f, false));
    /** {@code last:F}. */
    public static final Aggregate.Kind LAST = Aggregate.Kind.ofField("last", f -> new Endpoint(f, true));

    /**
     * Checks the field.
     *
     * @param field the entry field
     * @param last  which end
     */
    public Endpoint {
        Aggregate.requireField(last ? "last" : "first", field);
    }

    /**
     * The number of the chosen entry and its id, both none or both some.
     *
     * @param id     the entry's id
     * @param number its number
     */
    public record At(Option<StreamId> id, Option<BigDecimal> number) {
    }

    @Override
    public String spelling() {
        return (last ? "last:" : "first:") + field;
    }

    @Override
    public Option<String> reads() {
        return Option.some(field);
    }

    @Override
    public At empty() {
        return new At(Option.none(), Option.none());
    }

    @Override
    public Option<At> step(At at, StreamEntry entry) {
        BigDecimal v = Fields.numberOrNull(entry, field);
        return v == null ? Option.none() : Option.some(combine(at, new At(Option.some(entry.id()), Option.some(v))));
    }

    /** The earlier run's unless the later's is strictly earlier (first), the later run's unless the earlier's is strictly later (last). */
    @Override
    public At combine(At earlier, At later) {
        if (earlier.id().isEmpty()) {
            return later;
        }
        if (later.id().isEmpty()) {
            return earlier;
        }
        int order = later.id().get().compareTo(earlier.id().get());
        return last ? (order >= 0 ? later : earlier) : (order < 0 ? later : earlier);
    }

    @Override
    public Option<BigDecimal> value(At at) {
        return at.number();
    }

    @Override
    public LinkedHashMap<String, String> state(At at) {
        return LinkedHashMap.of(column() + "_state", at.id().map(StreamId::toString).getOrElse(""));
    }

    @Override
    public At read(StateFields fields) {
        String id = fields.text(column() + "_state");
        String number = fields.text(column());
        if (id.isEmpty() != number.isEmpty()) {
            throw new IllegalArgumentException("fields \"" + column() + "\" and \"" + column() + "_state\" of " + fields.where()
                    + " are not both empty or both set");
        }
        if (id.isEmpty()) {
            return empty();
        }
        StreamId parsed;
        try {
            parsed = StreamId.parse(id);
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException("field \"" + column() + "_state\" of " + fields.where() + " is not an entry id: \"" + id + "\"", bad);
        }
        return new At(Option.some(parsed), Option.some(fields.number(column())));
    }
}
