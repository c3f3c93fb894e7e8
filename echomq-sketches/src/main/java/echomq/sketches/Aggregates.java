package echomq.sketches;

import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.checkpoint.StateCodec;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.UnreadableEntryException;
import echomq.domain.rollup.RollupFold;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

/**
 * Folds spelled as text ({@code count,sum:amount,p99:amount,distinct:user}), folded in one pass as
 * one {@link Checkpointable} fold of {@link AggregateState}: what a command line, a property or a
 * rollup asks without writing Java. Every part merges exactly (sums are exact decimals, quantiles and
 * distinct counts are the sketches of this module), so a cached, bucketed or partitioned answer equals
 * a one-pass fold. Each kind of fold is one {@link Aggregate} type, and {@link #KINDS} lists them:
 * the spellings the command line, the starter and the docs show come from there.
 *
 * <p><b>Values.</b> A numeric fold reads its field as a number by {@link FieldNumber}'s one rule
 * (JSON's grammar: {@code 12}, {@code -3.5}, {@code 1e3}; at most 40 digits either side of the
 * point); an entry without the field, or with anything else in it, is <em>skipped</em> by that fold,
 * counted in {@link AggregateState#skipped()}, and counted by the others. A distinct count skips only
 * an entry without its field. A percentile counts every number (negative, zero or positive), never
 * below the exact value of its rank and above it by less than 0.1% of it.
 *
 * <p><b>Rollup entries.</b> An entry written by a rollup ({@link AggregateState#rollupFields(long)}:
 * sequence 0, and fields {@code to} and {@code entries}, whole numbers with {@code entries >= 1} and
 * {@code to} not before the entry's millisecond) is read as the state it carries, not as one event:
 * its {@code count}, {@code sum_F}, {@code min_F} and {@code max_F}, the encoded state of the
 * folds whose value is not all they keep ({@code avg_F_state}, {@code pN_F_state},
 * {@code distinct_F_state}, {@code var_F_state}, {@code twa_F_state}, …) and each fold's skipped entries ({@code sum_F_skipped}, …). So a rollup
 * of a rollup equals the direct rollup. A fold its source did not roll up is an
 * {@link UnreadableEntryException} naming the entry and the missing field.
 * <pre>{@code
 * Aggregates folds = Aggregates.parse("count,sum:amount,p99:amount");
 * AggregateState s = reader.fold(StreamKey.existing("orders"), Window.last(Duration.ofHours(1)), folds.fold());
 * s.values();   // LinkedHashMap(count -> Some(3), sum:amount -> Some(36.5), p99:amount -> Some(20))
 * }</pre>
 */
public final class Aggregates {

    /** The version of the step and of the rollup fields; bumped when either changes (2: numbers by {@link FieldNumber}, skipped counts, decimal percentiles). */
    static final int VERSION = 2;
    /**
     * Every kind of text-spelled fold, in the order the spellings are shown: the registry the
     * parser, the command line's help, the starter and the docs use. A new fold is one type with
     * its {@link Aggregate.Kind}, added here.
     */
    public static final Vector<Aggregate.Kind> KINDS = Vector.of(Count.KIND, Sum.KIND, Extreme.MIN, Extreme.MAX, Range.KIND, Avg.KIND,
            Variance.VAR, Variance.VAR_SAMP, Variance.STDDEV, Variance.STDDEV_SAMP, Twa.KIND, Endpoint.FIRST, Endpoint.LAST,
            Percentile.KIND, Median.KIND, Distinct.KIND);
    /** The most folds one list may hold: each is a field of every rollup entry (two with its state). */
    public static final int MAX_FOLDS = 64;

    private final Vector<Aggregate<?>> list;
    private final Checkpointable<AggregateState> fold;

    private Aggregates(Vector<Aggregate<?>> list) {
        this.list = list;
        CombinableFold<AggregateState> combinable = CombinableFold.of(name(list), VERSION, AggregateState.empty(this),
                (acc, e) -> acc.step(e), AggregateState::combine);
        this.fold = Checkpointable.of(combinable, new Codec());
    }

    /**
     * The folds of a comma-separated list.
     * <pre>{@code
     * Aggregates.parse("count,p50:amount,p99:amount");
     * Aggregates.parse("count,count");   // IllegalArgumentException: "count" twice
     * }</pre>
     *
     * @param spellings e.g. {@code count,sum:amount,p99:amount}
     * @return the folds, in the order written
     * @throws IllegalArgumentException naming an empty list, an unknown or a repeated fold, or more than {@value #MAX_FOLDS}
     */
    public static Aggregates parse(String spellings) {
        if (spellings != null && spellings.length() > 64 * MAX_FOLDS) {
            throw new IllegalArgumentException("the folds are " + spellings.length() + " characters long, at most " + 64 * MAX_FOLDS + " allowed");
        }
        if (spellings == null || spellings.isBlank()) {
            throw new IllegalArgumentException("no fold given: write a comma-separated list of " + spellings());
        }
        Vector<Aggregate<?>> list = Vector.empty();
        for (String s : spellings.split(",", -1)) {
            list = list.append(one(s));
        }
        return of(list);
    }

    /**
     * The fold {@code spelling} names, of one of the {@link #KINDS}.
     *
     * @param spelling e.g. {@code p99:amount}
     * @return the fold
     * @throws IllegalArgumentException naming the spelling and what is allowed
     */
    static Aggregate<?> one(String spelling) {
        if (spelling == null || spelling.isBlank()) {
            throw new IllegalArgumentException("a fold must not be empty: write " + spellings());
        }
        String s = spelling.trim();
        for (Aggregate.Kind k : KINDS) {
            io.vavr.control.Option<Aggregate<?>> a = k.parse(s);
            if (a.isDefined()) {
                return a.get();
            }
        }
        throw new IllegalArgumentException("unknown fold \"" + s + "\": write " + spellings());
    }

    /**
     * The spellings of the {@link #KINDS}, for a message or a help text.
     *
     * @return e.g. {@code count, sum:F, min:F, max:F, avg:F, pN:F or distinct:F}
     */
    public static String spellings() {
        return KINDS.init().map(Aggregate.Kind::spelling).mkString(", ") + " or " + KINDS.last().spelling();
    }

    /**
     * These folds.
     *
     * @param aggregates at least one, none twice
     * @return the folds, in the order given
     * @throws IllegalArgumentException naming a repeated fold, two folds written as one rollup field
     *                                  ({@code sum:a_b} and {@code sum:a:b}), or when none or more than
     *                                  {@value #MAX_FOLDS} are given
     */
    public static Aggregates of(Iterable<? extends Aggregate<?>> aggregates) {
        Vector<Aggregate<?>> list = Vector.ofAll(aggregates);
        if (list.isEmpty()) {
            throw new IllegalArgumentException("no fold given: write a comma-separated list of " + spellings());
        }
        if (list.size() > MAX_FOLDS) {
            throw new IllegalArgumentException(list.size() + " folds given, at most " + MAX_FOLDS + " allowed");
        }
        Set<String> seen = new HashSet<>();
        for (Aggregate<?> a : list) {
            if (!seen.add(a.spelling())) {
                throw new IllegalArgumentException("fold \"" + a.spelling() + "\" is given twice");
            }
        }
        // a rollup entry holds each fold under its column (':' as '_') and some under a state column too: two
        // folds whose columns meet would write one field, and a rollup of the rollup would read the wrong one
        java.util.Map<String, String> columns = new java.util.HashMap<>(java.util.Map.of("to", "the bucket's end", "entries", "the entry count"));
        for (Aggregate<?> a : list) {
            for (String c : columns(a)) {
                String before = columns.putIfAbsent(c, "fold \"" + a.spelling() + "\"");
                if (before != null) {
                    throw new IllegalArgumentException("fold \"" + a.spelling() + "\" and " + before + " would both be the rollup field \""
                            + c + "\": name the fields apart");
                }
            }
        }
        return new Aggregates(list);
    }

    /**
     * The folds, in order.
     *
     * @return the list
     */
    public Vector<Aggregate<?>> list() {
        return list;
    }

    /**
     * The one fold of them all: combinable and checkpointable, named after the list.
     *
     * @return the fold
     */
    public Checkpointable<AggregateState> fold() {
        return fold;
    }

    /**
     * These folds as a rollup's: each bucket folded with {@link #fold()} and written as
     * {@link AggregateState#rollupFields(long) rollupFields(bucket end)}, so that a rollup of the
     * rollup stream, with the same folds, equals the direct rollup.
     * <pre>{@code
     * Rollup.over(ports, spec, Aggregates.parse("count,sum:amount,p99:amount").rollup()).once();
     * }</pre>
     *
     * @return the rollup fold
     */
    public RollupFold<AggregateState> rollup() {
        return RollupFold.of(fold, (state, bucket) -> state.rollupFields(bucket.t1().toEpochMilli()));
    }

    /**
     * The state of no entry: {@code count} 0, {@code sum} 0, {@code distinct} 0, the others none.
     *
     * @return the identity
     */
    public AggregateState empty() {
        return fold.initial();
    }

    /**
     * The spellings, comma-separated.
     *
     * @return e.g. {@code count,p99:amount}
     */
    @Override
    public String toString() {
        return list.map(Aggregate::spelling).mkString(",");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Aggregates a && a.list.equals(list);
    }

    @Override
    public int hashCode() {
        return list.hashCode();
    }

    /** The fields a fold writes in a rollup entry: its value column, its state fields and, when it reads a field, its skipped count. */
    private static <A> java.util.List<String> columns(Aggregate<A> a) {
        java.util.List<String> own = new java.util.ArrayList<>(java.util.List.of(a.column()));
        own.addAll(a.state(a.empty()).keySet().toJavaList());
        if (a.reads().isDefined()) {
            own.add(a.column() + "_skipped");
        }
        return own;
    }

    /** A fold name of printable ASCII, one per list: a digest of the spellings (fields may be any text). */
    private static String name(Vector<Aggregate<?>> list) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(list.map(Aggregate::spelling).mkString("\n").getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder("aggregates-");
            for (int i = 0; i < 8; i++) {
                hex.append(String.format("%02x", d[i]));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** The text of a state: the rollup fields of it, as {@code name=value} lines, read back as a rollup entry. */
    private final class Codec implements StateCodec<AggregateState> {
        @Override
        public String encode(AggregateState value) {
            StringBuilder b = new StringBuilder("a").append(VERSION);
            value.rollupFields(0).forEach(t -> b.append('\n').append(escape(t._1)).append('=').append(escape(t._2)));
            return b.toString();
        }

        @Override
        public AggregateState decode(String text) {
            String[] lines = text.split("\n", -1);
            if (!lines[0].equals("a" + VERSION)) {
                throw new IllegalArgumentException("not an aggregate state of version " + VERSION);
            }
            java.util.LinkedHashMap<String, String> fields = new java.util.LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int eq = lines[i].indexOf('=');
                if (eq < 0) {
                    throw new IllegalArgumentException("bad line " + i + " of an aggregate state");
                }
                fields.put(unescape(lines[i].substring(0, eq)), unescape(lines[i].substring(eq + 1)));
            }
            long entries = Long.parseLong(Objects.requireNonNull(fields.get("entries"), "entries"));
            return entries == 0 ? empty() : AggregateState.empty(Aggregates.this).combineRollup(fields, "a checkpoint");
        }

        private String escape(String s) {
            return s.replace("\\", "\\\\").replace("\n", "\\n").replace("=", "\\e");
        }

        private String unescape(String s) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '\\' && i + 1 < s.length()) {
                    char n = s.charAt(++i);
                    b.append(n == 'n' ? '\n' : n == 'e' ? '=' : n);
                } else {
                    b.append(c);
                }
            }
            return b.toString();
        }
    }

    /**
     * Whether {@code e} is a rollup entry, read as the state it carries: sequence 0, and fields
     * {@code to} and {@code entries}, whole numbers with {@code entries >= 1} and {@code to} not
     * before the entry's millisecond.
     * <pre>{@code
     * Aggregates.isRollup(entry);   // true for an entry a rollup wrote, at <bucket start>-0
     * }</pre>
     *
     * @param e the entry
     * @return whether a fold of {@link Aggregates} combines it as a rollup's bucket
     */
    public static boolean isRollup(StreamEntry e) {
        if (e.id().seq() != 0) {
            return false;
        }
        String to = e.field("to").getOrNull();
        String entries = e.field("entries").getOrNull();
        if (to == null || entries == null) {
            return false;
        }
        try {
            return Long.parseLong(entries) >= 1 && Long.parseLong(to) >= e.id().ms();
        } catch (NumberFormatException notARollup) {
            return false;
        }
    }
}
