package echomq.sketches;

import echomq.domain.fold.UnreadableEntryException;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link Aggregates#fold()} keeps: the number of entries and each fold's part, an immutable
 * value with value equality (a step returns a new state; the reader's caches share them).
 * <pre>{@code
 * AggregateState s = folds.fold().foldAll(entries);
 * s.entries();                 // 3
 * s.value("p99:amount");       // Some(20)
 * s.skipped();                 // LinkedHashMap(p99:amount -> 0)
 * s.rollupFields(1_699_999L);  // LinkedHashMap(to -> 1699999, entries -> 3, count -> 3, p99_amount -> 20, p99_amount_state -> r2;…, p99_amount_skipped -> 0)
 * }</pre>
 */
public final class AggregateState {

    /** An average's exact sum and count. */
    private record Mean(BigDecimal sum, long n) {
    }

    private final Aggregates of;
    private final long entries;
    private final Object[] parts;
    /** Per fold, the entries it skipped: without its field, or (a numeric fold) with no number in it. */
    private final long[] skipped;

    private AggregateState(Aggregates of, long entries, Object[] parts, long[] skipped) {
        this.of = of;
        this.entries = entries;
        this.parts = parts;
        this.skipped = skipped;
    }

    static AggregateState empty(Aggregates of) {
        Object[] parts = new Object[of.list().size()];
        for (int i = 0; i < parts.length; i++) {
            Aggregate a = of.list().get(i);
            parts[i] = a instanceof Aggregate.Count ? (Object) 0L
                    : a instanceof Aggregate.Sum ? BigDecimal.ZERO
                    : a instanceof Aggregate.Avg ? new Mean(BigDecimal.ZERO, 0)
                    : a instanceof Aggregate.Percentile ? DecimalQuantiles.EMPTY
                    : a instanceof Aggregate.Distinct ? of.distincts().initial()
                    : null; // min, max: none yet
        }
        return new AggregateState(of, 0, parts, new long[parts.length]);
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
        for (int i = 0; i < parts.length; i++) {
            values = values.put(of.list().get(i).spelling(), value(i));
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
        for (int i = 0; i < parts.length; i++) {
            Aggregate a = of.list().get(i);
            if (!(a instanceof Aggregate.Count)) {
                out = out.put(a.spelling(), skipped[i]);
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
        for (int i = 0; i < parts.length; i++) {
            if (of.list().get(i).spelling().equals(spelling)) {
                return value(i);
            }
        }
        throw new IllegalArgumentException("no fold \"" + spelling + "\" among " + of);
    }

    private Option<BigDecimal> value(int i) {
        Aggregate a = of.list().get(i);
        Object p = parts[i];
        if (a instanceof Aggregate.Count) {
            return Option.some(BigDecimal.valueOf((Long) p));
        } else if (a instanceof Aggregate.Sum) {
            return Option.some(strip((BigDecimal) p));
        } else if (a instanceof Aggregate.Avg) {
            Mean m = (Mean) p;
            return m.n() == 0 ? Option.none() : Option.some(m.sum().divide(BigDecimal.valueOf(m.n()), MathContext.DECIMAL64).stripTrailingZeros());
        } else if (a instanceof Aggregate.Percentile q) {
            return ((DecimalQuantiles) p).quantile(q.quantile()).map(AggregateState::strip);
        } else if (a instanceof Aggregate.Distinct) {
            return Option.some(BigDecimal.valueOf(((DistinctState) p).rounded()));
        }
        return Option.of((BigDecimal) p);
    }

    /**
     * The fields of a rollup entry of this state: {@code to}, {@code entries}, each fold's value under
     * its {@linkplain Aggregate#column() column} (empty text for none), then for each fold in order
     * what lets a rollup of this rollup combine exactly: the encoded state of an average
     * ({@code avg_F_state}, {@code sum/n}), a percentile ({@code pN_F_state}) and a distinct count
     * ({@code distinct_F_state}), and the entries skipped by a fold that reads a field
     * ({@code sum_F_skipped}, …).
     *
     * @param toMs the bucket's last millisecond, epoch ms
     * @return the fields, in that order
     */
    public LinkedHashMap<String, String> rollupFields(long toMs) {
        LinkedHashMap<String, String> f = LinkedHashMap.of("to", Long.toString(toMs), "entries", Long.toString(entries));
        for (int i = 0; i < parts.length; i++) {
            f = f.put(of.list().get(i).column(), value(i).map(BigDecimal::toPlainString).getOrElse(""));
        }
        for (int i = 0; i < parts.length; i++) {
            Aggregate a = of.list().get(i);
            Object p = parts[i];
            if (a instanceof Aggregate.Avg) {
                Mean m = (Mean) p;
                f = f.put(a.column() + "_state", strip(m.sum()).toPlainString() + "/" + m.n());
            } else if (a instanceof Aggregate.Percentile) {
                f = f.put(a.column() + "_state", ((DecimalQuantiles) p).encode());
            } else if (a instanceof Aggregate.Distinct) {
                f = f.put(a.column() + "_state", of.distincts().codec().encode((DistinctState) p));
            }
            if (!(a instanceof Aggregate.Count)) {
                f = f.put(a.column() + "_skipped", Long.toString(skipped[i]));
            }
        }
        return f;
    }

    AggregateState step(StreamEntry e) {
        if (Aggregates.isRollup(e)) {
            Map<String, String> fields = e.fields().toJavaMap();
            try {
                return combineRollup(fields, e.id().toString());
            } catch (IllegalArgumentException bad) {
                throw new UnreadableEntryException(e.id(), "rollup entry " + e.id() + ": " + bad.getMessage());
            }
        }
        Object[] next = parts.clone();
        long[] skips = skipped;
        for (int i = 0; i < next.length; i++) {
            Aggregate a = of.list().get(i);
            if (a instanceof Aggregate.Count) {
                next[i] = (Long) next[i] + 1;
            } else if (a instanceof Aggregate.Distinct d) {
                String v = e.field(d.field()).getOrNull();
                if (v != null) {
                    next[i] = ((DistinctState) next[i]).with(DistinctCount.hash(v));
                } else {
                    skips = skip(skips, i);
                }
            } else {
                BigDecimal v = FieldNumber.orNull(e.field(field(a)).getOrNull());
                if (v != null) {
                    next[i] = add(a, next[i], v);
                } else {
                    skips = skip(skips, i);
                }
            }
        }
        return new AggregateState(of, entries + 1, next, skips);
    }

    /** {@code skips} with one more at {@code i}: copied once per step, shared until then. */
    private long[] skip(long[] skips, int i) {
        long[] copy = skips == skipped ? skips.clone() : skips;
        copy[i]++;
        return copy;
    }

    private static String field(Aggregate a) {
        if (a instanceof Aggregate.Sum s) {
            return s.field();
        } else if (a instanceof Aggregate.Min m) {
            return m.field();
        } else if (a instanceof Aggregate.Max m) {
            return m.field();
        } else if (a instanceof Aggregate.Avg m) {
            return m.field();
        } else if (a instanceof Aggregate.Percentile p) {
            return p.field();
        }
        return ((Aggregate.Distinct) a).field();
    }

    private static Object add(Aggregate a, Object part, BigDecimal v) {
        if (a instanceof Aggregate.Sum) {
            return ((BigDecimal) part).add(v);
        } else if (a instanceof Aggregate.Min) {
            return part == null || v.compareTo((BigDecimal) part) < 0 ? v : part;
        } else if (a instanceof Aggregate.Max) {
            return part == null || v.compareTo((BigDecimal) part) > 0 ? v : part;
        } else if (a instanceof Aggregate.Avg) {
            Mean m = (Mean) part;
            return new Mean(m.sum().add(v), m.n() + 1);
        }
        return ((DecimalQuantiles) part).with(v);
    }

    /** This state with a rollup entry's (or a checkpoint's) fields combined into it. */
    AggregateState combineRollup(Map<String, String> fields, String where) {
        Object[] other = new Object[parts.length];
        long[] skips = new long[parts.length];
        long n = Long.parseLong(require(fields, "entries", where));
        for (int i = 0; i < other.length; i++) {
            Aggregate a = of.list().get(i);
            String c = a.column();
            if (!(a instanceof Aggregate.Count)) {
                skips[i] = count(require(fields, c + "_skipped", where), c + "_skipped", where);
            }
            if (a instanceof Aggregate.Count) {
                other[i] = Long.parseLong(fields.getOrDefault("count", Long.toString(n)));
            } else if (a instanceof Aggregate.Sum) {
                other[i] = number(require(fields, c, where), c, where);
            } else if (a instanceof Aggregate.Min || a instanceof Aggregate.Max) {
                String v = require(fields, c, where);
                other[i] = v.isEmpty() ? null : number(v, c, where);
            } else if (a instanceof Aggregate.Avg) {
                String v = require(fields, c + "_state", where);
                int slash = v.indexOf('/');
                if (slash < 0) {
                    throw new IllegalArgumentException("field \"" + c + "_state\" of " + where + " is not sum/n: \"" + v + "\"");
                }
                other[i] = new Mean(number(v.substring(0, slash), c + "_state", where), Long.parseLong(v.substring(slash + 1)));
            } else if (a instanceof Aggregate.Percentile p) {
                other[i] = DecimalQuantiles.decode(quantileState(fields, p, where));
            } else {
                other[i] = of.distincts().codec().decode(require(fields, c + "_state", where));
            }
        }
        return combine(new AggregateState(of, n, other, skips));
    }

    /** A percentile's state: its own column's, or any percentile's of the same field (they keep one histogram). */
    private static String quantileState(Map<String, String> fields, Aggregate.Percentile p, String where) {
        String own = fields.get(p.column() + "_state");
        if (own != null) {
            return own;
        }
        String tail = "_" + p.field() + "_state";
        for (Map.Entry<String, String> f : fields.entrySet()) {
            if (f.getKey().startsWith("p") && f.getKey().endsWith(tail)
                    && Aggregates.percent(f.getKey().substring(1, f.getKey().length() - tail.length())) != null) {
                return f.getValue();
            }
        }
        throw new IllegalArgumentException("no field \"" + p.column() + "_state\" (nor another percentile's of \"" + p.field()
                + "\") in " + where + ": a rollup combines only the folds its source rolled up");
    }

    private static String require(Map<String, String> fields, String column, String where) {
        String v = fields.get(column);
        if (v == null) {
            throw new IllegalArgumentException("no field \"" + column + "\" in " + where + ": a rollup combines only the folds its source rolled up");
        }
        return v;
    }

    private static long count(String v, String column, String where) {
        try {
            long n = Long.parseLong(v);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException notACount) {
            // named below
        }
        throw new IllegalArgumentException("field \"" + column + "\" of " + where + " is not a count: \"" + v + "\"");
    }

    private static BigDecimal number(String v, String column, String where) {
        BigDecimal d = FieldNumber.orNull(v);
        if (d == null) {
            throw new IllegalArgumentException("field \"" + column + "\" of " + where + " is not a number: \"" + v + "\"");
        }
        return d;
    }

    AggregateState combine(AggregateState later) {
        Object[] next = new Object[parts.length];
        long[] skips = new long[parts.length];
        for (int i = 0; i < next.length; i++) {
            Aggregate a = of.list().get(i);
            Object x = parts[i];
            Object y = later.parts[i];
            skips[i] = skipped[i] + later.skipped[i];
            if (a instanceof Aggregate.Count) {
                next[i] = (Long) x + (Long) y;
            } else if (a instanceof Aggregate.Sum) {
                next[i] = ((BigDecimal) x).add((BigDecimal) y);
            } else if (a instanceof Aggregate.Min) {
                next[i] = x == null ? y : y == null ? x : ((BigDecimal) y).compareTo((BigDecimal) x) < 0 ? y : x;
            } else if (a instanceof Aggregate.Max) {
                next[i] = x == null ? y : y == null ? x : ((BigDecimal) y).compareTo((BigDecimal) x) > 0 ? y : x;
            } else if (a instanceof Aggregate.Avg) {
                next[i] = new Mean(((Mean) x).sum().add(((Mean) y).sum()), ((Mean) x).n() + ((Mean) y).n());
            } else if (a instanceof Aggregate.Percentile) {
                next[i] = ((DecimalQuantiles) x).merge((DecimalQuantiles) y);
            } else {
                next[i] = ((DistinctState) x).merge((DistinctState) y);
            }
        }
        return new AggregateState(of, entries + later.entries, next, skips);
    }

    private static BigDecimal strip(BigDecimal d) {
        return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
    }

    /** Parts compared as values: 1.0 and 1 are one sum (an exact sum's scale depends on its addends' text). */
    private static Object normal(Object part) {
        if (part instanceof BigDecimal d) {
            return strip(d);
        }
        if (part instanceof Mean m) {
            return new Mean(strip(m.sum()), m.n());
        }
        return part;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof AggregateState s) || s.entries != entries || !s.of.equals(of) || !java.util.Arrays.equals(s.skipped, skipped)) {
            return false;
        }
        for (int i = 0; i < parts.length; i++) {
            if (!Objects.equals(normal(parts[i]), normal(s.parts[i]))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = 31 * Long.hashCode(entries) + java.util.Arrays.hashCode(skipped);
        for (Object p : parts) {
            h = 31 * h + Objects.hashCode(normal(p));
        }
        return h;
    }

    @Override
    public String toString() {
        return "AggregateState[entries=" + entries + ", " + values().map(t -> t._1 + "=" + t._2.map(BigDecimal::toPlainString).getOrElse("none"))
                .mkString(", ") + ", skipped " + skipped().map(t -> t._1 + "=" + t._2).mkString(", ") + "]";
    }
}
