package echomq.sketches;

import echomq.domain.fold.UnreadableEntryException;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Map;

/**
 * What {@link Aggregates#fold()} keeps: the number of entries and, for each fold, its accumulator and
 * the entries it skipped. An immutable value with value equality (a step returns a new state; the
 * reader's caches share them). Each fold does its own part ({@link Aggregate}); this state only
 * carries the parts side by side.
 * <pre>{@code
 * AggregateState s = folds.fold().foldAll(entries);
 * s.entries();                 // 3
 * s.value("p99:amount");       // Some(20)
 * s.skipped();                 // LinkedHashMap(p99:amount -> 0)
 * s.rollupFields(1_699_999L);  // LinkedHashMap(to -> 1699999, entries -> 3, count -> 3, p99_amount -> 20, p99_amount_state -> r2;…, p99_amount_skipped -> 0)
 * }</pre>
 */
public final class AggregateState {

    /**
     * One fold's accumulator beside the fold that owns it, and how many entries the fold skipped.
     *
     * @param fold        the fold
     * @param accumulator its accumulator
     * @param skipped     the entries it skipped
     * @param <A>         the accumulator's type
     */
    private record Part<A>(Aggregate<A> fold, A accumulator, long skipped) {

        static <A> Part<A> empty(Aggregate<A> fold) {
            return new Part<>(fold, fold.empty(), 0);
        }

        Part<A> step(StreamEntry e) {
            Option<A> next = fold.step(accumulator, e);
            return next.isEmpty() ? new Part<>(fold, accumulator, skipped + 1) : new Part<>(fold, next.get(), skipped);
        }

        Part<A> combine(Part<?> later) {
            return new Part<>(fold, fold.combine(accumulator, same(later).accumulator), skipped + later.skipped);
        }

        /** {@code other} as a part of this fold: both states of one {@link Aggregates} hold the same folds, part by part. */
        @SuppressWarnings("unchecked")
        private Part<A> same(Part<?> other) {
            if (!other.fold.equals(fold)) {
                throw new IllegalArgumentException("cannot combine the part of " + other.fold.spelling() + " with that of " + fold.spelling());
            }
            return (Part<A>) other;
        }

        Option<BigDecimal> value() {
            return fold.value(accumulator);
        }

        /** The fold's state fields, then its skipped entries when it reads a field. */
        LinkedHashMap<String, String> fields() {
            LinkedHashMap<String, String> f = fold.state(accumulator);
            return fold.reads().isEmpty() ? f : f.put(fold.column() + "_skipped", Long.toString(skipped));
        }

        static <A> Part<A> read(Aggregate<A> fold, StateFields fields) {
            A accumulator = fold.read(fields);
            return new Part<>(fold, accumulator, fold.reads().isEmpty() ? 0 : fields.count(fold.skippedField(fields)));
        }
    }

    private final Aggregates of;
    private final long entries;
    private final Part<?>[] parts;

    private AggregateState(Aggregates of, long entries, Part<?>[] parts) {
        this.of = of;
        this.entries = entries;
        this.parts = parts;
    }

    static AggregateState empty(Aggregates of) {
        Part<?>[] parts = new Part<?>[of.list().size()];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = Part.empty(of.list().get(i));
        }
        return new AggregateState(of, 0, parts);
    }

    /**
     * How many entries were folded (a rollup entry counts its {@code entries}).
     *
     * @return the number
     */
    public long entries() {
        return entries;
    }

    /**
     * Each fold's value by its spelling, in order: {@code count}, {@code sum:F} and
     * {@code distinct:F} always a value; {@code min}, {@code max}, {@code avg} and percentiles none
     * when no value was folded.
     *
     * @return spelling to value
     */
    public LinkedHashMap<String, Option<BigDecimal>> values() {
        LinkedHashMap<String, Option<BigDecimal>> values = LinkedHashMap.empty();
        for (Part<?> p : parts) {
            values = values.put(p.fold().spelling(), p.value());
        }
        return values;
    }

    /**
     * How many entries each fold that reads a field skipped, by its spelling, in order: an entry
     * without the field, or, for a numeric fold, whose field is not a number by {@link FieldNumber}
     * (a rollup entry counts what its bucket skipped). {@code count} reads no field and is not listed.
     * <pre>{@code
     * Aggregates.parse("count,sum:amount").fold().foldAll(entries).skipped();   // LinkedHashMap(sum:amount -> 2)
     * }</pre>
     *
     * @return spelling to the number of entries skipped
     */
    public LinkedHashMap<String, Long> skipped() {
        LinkedHashMap<String, Long> out = LinkedHashMap.empty();
        for (Part<?> p : parts) {
            if (p.fold().reads().isDefined()) {
                out = out.put(p.fold().spelling(), p.skipped());
            }
        }
        return out;
    }

    /**
     * One fold's value.
     *
     * @param spelling the fold as spelled
     * @return its value, none when it has none
     * @throws IllegalArgumentException when no fold is spelled so
     */
    public Option<BigDecimal> value(String spelling) {
        for (Part<?> p : parts) {
            if (p.fold().spelling().equals(spelling)) {
                return p.value();
            }
        }
        throw new IllegalArgumentException("no fold \"" + spelling + "\" among " + of);
    }

    /**
     * The fields of a rollup entry of this state: {@code to}, {@code entries}, each fold's value under
     * its {@linkplain Aggregate#column() column} (empty text for none), then for each fold in order
     * what lets a rollup of this rollup combine exactly: its {@linkplain Aggregate#state state}
     * fields ({@code avg_F_state}, {@code pN_F_state}, {@code distinct_F_state}, …) and, for a fold
     * that reads a field, the entries it skipped ({@code sum_F_skipped}, …).
     *
     * @param toMs the bucket's last millisecond, epoch ms
     * @return the fields, in that order
     */
    public LinkedHashMap<String, String> rollupFields(long toMs) {
        LinkedHashMap<String, String> f = LinkedHashMap.of("to", Long.toString(toMs), "entries", Long.toString(entries));
        for (Part<?> p : parts) {
            f = f.put(p.fold().column(), p.value().map(BigDecimal::toPlainString).getOrElse(""));
        }
        for (Part<?> p : parts) {
            f = f.merge(p.fields());
        }
        return f;
    }

    AggregateState step(StreamEntry e) {
        if (Aggregates.isRollup(e)) {
            try {
                return combineRollup(e.fields().toJavaMap(), e.id().toString());
            } catch (IllegalArgumentException bad) {
                throw new UnreadableEntryException(e.id(), "rollup entry " + e.id() + ": " + bad.getMessage());
            }
        }
        Part<?>[] next = new Part<?>[parts.length];
        for (int i = 0; i < next.length; i++) {
            next[i] = parts[i].step(e);
        }
        return new AggregateState(of, entries + 1, next);
    }

    /** This state with a rollup entry's (or a checkpoint's) fields combined into it. */
    AggregateState combineRollup(Map<String, String> fields, String where) {
        StateFields carried = new StateFields(fields, where);
        Part<?>[] read = new Part<?>[parts.length];
        for (int i = 0; i < read.length; i++) {
            read[i] = Part.read(of.list().get(i), carried);
        }
        return combine(new AggregateState(of, carried.count("entries"), read));
    }

    AggregateState combine(AggregateState later) {
        Part<?>[] next = new Part<?>[parts.length];
        for (int i = 0; i < next.length; i++) {
            next[i] = parts[i].combine(later.parts[i]);
        }
        return new AggregateState(of, entries + later.entries, next);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AggregateState s && s.entries == entries && s.of.equals(of) && Arrays.equals(s.parts, parts);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(entries) + Arrays.hashCode(parts);
    }

    @Override
    public String toString() {
        return "AggregateState[entries=" + entries + ", " + values().map(t -> t._1 + "=" + t._2.map(BigDecimal::toPlainString).getOrElse("none"))
                .mkString(", ") + ", skipped " + skipped().map(t -> t._1 + "=" + t._2).mkString(", ") + "]";
    }
}
