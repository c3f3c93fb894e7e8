package echomq.sketches;

import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.function.Function;

/**
 * One fold spelled as text ({@code count}, {@code sum:amount}, {@code p99:latency}, …) that owns its
 * accumulator {@code A}, as Flink's {@code AggregateFunction} does: the accumulator of no entry, the
 * step of one entry, the combination of two adjacent runs, the value, and how the accumulator is
 * written into a rollup entry (or a checkpoint) and read back from one. {@link Aggregates} folds a
 * list of them in one pass and counts, for each, the entries it skipped.
 *
 * <p>Each kind of fold is one type with its {@link Kind}, listed in {@link Aggregates#KINDS}: the
 * command line, the starter and the docs take the spellings from there.
 * <pre>{@code
 * Aggregate.parse("p99:amount");          // Percentile[spelling=p99:amount, quantile=0.99, field=amount]
 * Aggregate.parse("sum:amount").column(); // sum_amount: its field in a rollup entry
 * Aggregate.parse("mode:amount");         // IllegalArgumentException naming "mode:amount"
 * }</pre>
 *
 * <p><b>The laws</b> every fold keeps, so that cached, bucketed, partitioned and rolled-up answers
 * equal a one-pass fold: {@link #empty()} is the identity of {@link #combine}; {@code combine} is
 * associative over adjacent runs (earlier, later); the accumulator is an immutable value with value
 * equality (equal for the same entries however split); and {@link #read} of a rollup entry's
 * fields, as {@link #state} and the value column wrote them, gives the accumulator back.
 *
 * @param <A> the accumulator
 */
public interface Aggregate<A> {

    /**
     * How the fold is spelled: the key of its value in every answer.
     *
     * @return e.g. {@code p99:amount}
     */
    String spelling();

    /**
     * Its field in a rollup entry: the spelling with {@code ':'} as {@code '_'}.
     *
     * @return e.g. {@code p99_amount}
     */
    default String column() {
        return spelling().replace(':', '_');
    }

    /**
     * The entry field the fold reads, none for a fold of whole entries ({@code count}). An entry
     * without it, or whose text the fold cannot read, is skipped by the fold and counted.
     *
     * @return the field, or none
     */
    Option<String> reads();

    /**
     * The accumulator of no entry: the identity of {@link #combine}.
     *
     * @return the empty accumulator
     */
    A empty();

    /**
     * The accumulator with one more entry folded in, or none when the fold skips the entry (its
     * field missing, or not what the fold reads). The entry's id is its time.
     *
     * @param accumulator the fold of the entries before
     * @param entry       the entry, never a rollup entry ({@link AggregateState} combines those)
     * @return the next accumulator, or none for a skipped entry
     */
    Option<A> step(A accumulator, StreamEntry entry);

    /**
     * The accumulator of two adjacent runs of entries, {@code earlier} then {@code later}.
     *
     * @param earlier the fold of the earlier entries
     * @param later   the fold of the entries right after them
     * @return the fold of both
     */
    A combine(A earlier, A later);

    /**
     * The fold's value.
     *
     * @param accumulator the accumulator
     * @return the value, none when there is none (the minimum of no number)
     */
    Option<BigDecimal> value(A accumulator);

    /**
     * The fields of a rollup entry that carry what the value alone does not, for a rollup of the
     * rollup to combine exactly ({@code avg_F_state}, {@code pN_F_state}, …): always the same names,
     * whatever the accumulator. None by default: the value column is the whole accumulator.
     *
     * @param accumulator the accumulator
     * @return the fields, in order
     */
    default LinkedHashMap<String, String> state(A accumulator) {
        return LinkedHashMap.empty();
    }

    /**
     * The accumulator a rollup entry (or a checkpoint) carries, from its value column and its
     * {@link #state} fields.
     *
     * @param fields the entry's fields
     * @return the accumulator
     * @throws IllegalArgumentException naming a field that is missing or not what {@code state} writes
     */
    A read(StateFields fields);

    /**
     * The field of a rollup entry that holds how many entries this fold skipped: its column's
     * {@code _skipped}, or, for a fold that reads another fold's state (a percentile, another
     * percentile's of its field), that fold's.
     *
     * @param fields the entry's fields
     * @return the field's name
     */
    default String skippedField(StateFields fields) {
        return column() + "_skipped";
    }

    /**
     * The fold {@code spelling} names, of the kinds in {@link Aggregates#KINDS}.
     *
     * @param spelling e.g. {@code count}, {@code sum:amount}, {@code p99:amount}
     * @return the fold
     * @throws IllegalArgumentException naming the spelling and what is allowed
     */
    static Aggregate<?> parse(String spelling) {
        return Aggregates.one(spelling);
    }

    /**
     * Checks a field name: non-empty, at most 200 characters, no whitespace or control characters.
     *
     * @param kind  the fold, for the message
     * @param field the field
     * @return {@code field}
     * @throws IllegalArgumentException naming the field
     */
    static String requireField(String kind, String field) {
        if (field == null || field.isEmpty()) {
            throw new IllegalArgumentException(kind + " names no field");
        }
        if (field.length() > 200) {
            throw new IllegalArgumentException("the field of " + kind + " is " + field.length() + " characters long, at most 200 allowed");
        }
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c)) {
                throw new IllegalArgumentException("field \"" + field + "\" of " + kind + " contains whitespace or a control character at index " + i);
            }
        }
        return field;
    }

    /**
     * How a kind of fold is spelled, and the fold a spelling of it names: one per fold type, listed
     * in {@link Aggregates#KINDS}.
     */
    interface Kind {

        /**
         * The kind as a user writes it, {@code F} for the field.
         *
         * @return e.g. {@code count}, {@code sum:F}, {@code pN:F}
         */
        String spelling();

        /**
         * The fold {@code text} spells, when it is of this kind.
         *
         * @param text a trimmed, non-empty spelling
         * @return the fold, or none when {@code text} is of another kind
         * @throws IllegalArgumentException when {@code text} is of this kind but malformed (no field, a bad parameter)
         */
        Option<Aggregate<?>> parse(String text);

        /**
         * The kind spelled {@code name:F}: a fold of one field.
         * <pre>{@code
         * Aggregate.Kind.ofField("sum", Sum::new);   // "sum:amount" is new Sum("amount")
         * }</pre>
         *
         * @param name the name before the colon
         * @param make the fold of a field
         * @return the kind
         */
        static Kind ofField(String name, Function<String, Aggregate<?>> make) {
            Objects.requireNonNull(make, "make");
            return new Kind() {
                @Override
                public String spelling() {
                    return name + ":F";
                }

                @Override
                public Option<Aggregate<?>> parse(String text) {
                    if (!text.startsWith(name + ":")) {
                        return Option.none();
                    }
                    String field = text.substring(name.length() + 1);
                    if (field.isEmpty()) {
                        throw new IllegalArgumentException("fold \"" + text + "\" names no field: write " + name + ":FIELD");
                    }
                    return Option.some(make.apply(field));
                }

                @Override
                public String toString() {
                    return spelling();
                }
            };
        }
    }
}
