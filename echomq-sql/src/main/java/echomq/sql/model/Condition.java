package echomq.sql.model;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.sql.result.Value;
import io.vavr.collection.List;
import io.vavr.control.Option;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A {@code WHERE} condition, in SQL's three-valued logic ({@link Truth}). Each kind tests itself and
 * checks its own operands ({@link #check}), so a condition is evaluated and validated without asking
 * which kind it is.
 * <pre>{@code
 * Condition c = new Condition.Compare(Condition.Op.GT, new Operand.Field("amount", at), new Operand.Number(BigDecimal.TEN, at), at);
 * c.test(entry, Bounds.NONE, now);   // TRUE when amount is a number above 10, UNKNOWN when it is no number
 * }</pre>
 */
public sealed interface Condition permits Condition.Compare, Condition.In, Condition.Like, Condition.IsNull, Condition.Between,
        Condition.Junction, Condition.Not {

    /**
     * Where it stands.
     *
     * @return the position
     */
    Position at();

    /**
     * Its truth for a row of a window.
     *
     * @param entry  the row ({@code null} when only window columns are read)
     * @param window the row's window, {@link Bounds#NONE} without one
     * @param now    Redis' clock when the query runs
     * @return TRUE, FALSE or UNKNOWN
     */
    Truth test(StreamEntry entry, Bounds window, Instant now);

    /**
     * The operands it reads.
     *
     * @return every operand, nested ones included
     */
    List<Operand> operands();

    /**
     * Refuses operands that cannot be compared as written: text with an instant, {@code = NULL}, an
     * {@code _id} with what is no id.
     *
     * @throws SqlRefusedException naming the operands and what to write
     */
    void check();

    /**
     * The conditions whose AND this is: itself unless it is an {@link And}.
     *
     * @return the conjuncts, in order
     */
    default List<Condition> conjuncts() {
        return List.of(this);
    }

    /**
     * Whether it reads a window column.
     *
     * @return true if any operand does
     */
    default boolean onWindow() {
        return operands().exists(Operand::onWindow);
    }

    /**
     * Whether it reads a row column.
     *
     * @return true if any operand does
     */
    default boolean onRow() {
        return operands().exists(Operand::onRow);
    }

    /**
     * {@code AND} or {@code OR}: two conditions whose operands and checks are both sides'.
     */
    sealed interface Junction extends Condition permits And, Or {
        /**
         * One side.
         *
         * @return the left condition
         */
        Condition left();

        /**
         * The other side.
         *
         * @return the right condition
         */
        Condition right();

        /**
         * Both sides' operands, the left's first.
         *
         * @return the operands
         */
        @Override
        default List<Operand> operands() {
            return left().operands().appendAll(right().operands());
        }

        /**
         * Checks both sides, the left first.
         *
         * @throws SqlRefusedException at the first comparison refused
         */
        @Override
        default void check() {
            left().check();
            right().check();
        }

        private static void requireSides(Condition left, Condition right, Position at) {
            Objects.requireNonNull(left, "left");
            Objects.requireNonNull(right, "right");
            Objects.requireNonNull(at, "at");
        }
    }

    /** A comparison operator. */
    enum Op {
        /** {@code =}. */
        EQ("="),
        /** {@code <>}. */
        NE("<>"),
        /** {@code <}. */
        LT("<"),
        /** {@code <=}. */
        LE("<="),
        /** {@code >}. */
        GT(">"),
        /** {@code >=}. */
        GE(">=");

        private final String sql;

        Op(String sql) {
            this.sql = sql;
        }

        /**
         * The operator as written.
         *
         * @return e.g. {@code <=}
         */
        public String sql() {
            return sql;
        }

        /**
         * Whether a comparison's outcome satisfies the operator.
         *
         * @param c negative, zero or positive, as {@link Comparable#compareTo}
         * @return whether {@code a op b} holds
         */
        public boolean holds(int c) {
            return switch (this) {
                case EQ -> c == 0;
                case NE -> c != 0;
                case LT -> c < 0;
                case LE -> c <= 0;
                case GT -> c > 0;
                default -> c >= 0;
            };
        }

        /**
         * The operator with its sides swapped: {@code a < b} is {@code b > a}.
         *
         * @return the mirrored operator
         */
        public Op mirrored() {
            return switch (this) {
                case LT -> GT;
                case LE -> GE;
                case GT -> LT;
                case GE -> LE;
                default -> this;
            };
        }
    }

    /**
     * {@code left op right}.
     *
     * @param op    the operator
     * @param left  the left operand
     * @param right the right operand
     * @param at    where it stands
     */
    record Compare(Op op, Operand left, Operand right, Position at) implements Condition {
        /**
         * Checks the parts.
         *
         * @param op    the operator
         * @param left  the left operand
         * @param right the right operand
         * @param at    the position
         */
        public Compare {
            Objects.requireNonNull(op, "op");
            Objects.requireNonNull(left, "left");
            Objects.requireNonNull(right, "right");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public Truth test(StreamEntry entry, Bounds window, Instant now) {
            Value a = left.value(entry, window, now);
            Value b = right.value(entry, window, now);
            Integer c = Comparison.of(left, right).compare(a, b);
            return c == null ? Truth.UNKNOWN : Truth.of(op.holds(c));
        }

        @Override
        public List<Operand> operands() {
            return List.of(left, right);
        }

        @Override
        public void check() {
            Comparison.check(left, right, op.sql(), at);
        }
    }

    /**
     * {@code x [NOT] IN (c1, c2, …)} over constants.
     *
     * @param of      the operand tested
     * @param values  the constants
     * @param negated {@code NOT IN}
     * @param at      where it stands
     */
    record In(Operand of, List<Operand> values, boolean negated, Position at) implements Condition {
        /**
         * Checks the parts.
         *
         * @param of      the operand tested
         * @param values  at least one constant
         * @param negated {@code NOT IN}
         * @param at      the position
         */
        public In {
            Objects.requireNonNull(of, "of");
            Objects.requireNonNull(values, "values");
            Objects.requireNonNull(at, "at");
            if (values.isEmpty()) {
                throw new IllegalArgumentException("IN needs a value");
            }
        }

        @Override
        public Truth test(StreamEntry entry, Bounds window, Instant now) {
            Value a = of.value(entry, window, now);
            Truth t = Truth.FALSE;
            for (Operand v : values) {
                Integer c = Comparison.of(of, v).compare(a, v.value(entry, window, now));
                t = t.or(c == null ? Truth.UNKNOWN : Truth.of(c == 0));
            }
            return negated ? t.not() : t;
        }

        @Override
        public List<Operand> operands() {
            return values.prepend(of);
        }

        @Override
        public void check() {
            for (Operand v : values) {
                if (!v.constant()) {
                    throw SqlRefusedException.unsupported("IN (" + v.shown() + ")", v.at(), "is not supported: IN lists constants");
                }
                Comparison.check(of, v, negated ? "NOT IN" : "IN", at);
            }
        }
    }

    /**
     * {@code x [NOT] LIKE 'pattern' [ESCAPE 'c']}: {@code %} any text, {@code _} one character.
     *
     * @param of      the operand tested, as text
     * @param pattern the pattern as written
     * @param regex   the pattern as a regular expression ({@link #of} makes it)
     * @param negated {@code NOT LIKE}
     * @param at      where it stands
     */
    record Like(Operand of, String pattern, Pattern regex, boolean negated, Position at) implements Condition {
        /**
         * Checks the parts.
         *
         * @param of      the operand
         * @param pattern the pattern
         * @param regex   its regular expression
         * @param negated {@code NOT LIKE}
         * @param at      the position
         */
        public Like {
            Objects.requireNonNull(of, "of");
            Objects.requireNonNull(pattern, "pattern");
            Objects.requireNonNull(regex, "regex");
            Objects.requireNonNull(at, "at");
        }

        /**
         * {@code of LIKE pattern ESCAPE escape}.
         *
         * @param of      the operand
         * @param pattern the pattern
         * @param escape  the escape character, if any
         * @param negated {@code NOT LIKE}
         * @param at      the position
         * @return the condition
         * @throws SqlRefusedException for an escape of more than one character, or one that escapes nothing
         */
        public static Like of(Operand of, String pattern, Option<String> escape, boolean negated, Position at) {
            if (escape.exists(e -> e.length() != 1)) {
                throw new SqlRefusedException("ESCAPE '" + escape.get() + "'", at, "is not one character: write ESCAPE '!'");
            }
            StringBuilder re = new StringBuilder();
            for (int i = 0; i < pattern.length(); i++) {
                char c = pattern.charAt(i);
                if (escape.isDefined() && c == escape.get().charAt(0)) {
                    if (i + 1 == pattern.length()) {
                        throw new SqlRefusedException("LIKE '" + pattern + "'", at, "ends with its escape character: escape %, _ or the escape itself");
                    }
                    re.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
                } else if (c == '%') {
                    re.append(".*");
                } else if (c == '_') {
                    re.append('.');
                } else {
                    re.append(Pattern.quote(String.valueOf(c)));
                }
            }
            return new Like(of, pattern, Pattern.compile(re.toString(), Pattern.DOTALL), negated, at);
        }

        @Override
        public Truth test(StreamEntry entry, Bounds window, Instant now) {
            Value v = of.value(entry, window, now);
            if (v.isNull()) {
                return Truth.UNKNOWN;
            }
            Truth t = Truth.of(regex.matcher(v.text()).matches());
            return negated ? t.not() : t;
        }

        @Override
        public List<Operand> operands() {
            return List.of(of);
        }

        @Override
        public void check() {
            if (of.kind() == Operand.Kind.TIME) {
                throw new SqlRefusedException(of.shown() + " LIKE", at, "matches text, not an instant: compare " + of.shown() + " with TIMESTAMP '…'");
            }
        }
    }

    /**
     * {@code x IS [NOT] NULL}: a missing field, a {@code CAST} of what is no number.
     *
     * @param of      the operand
     * @param negated {@code IS NOT NULL}
     * @param at      where it stands
     */
    record IsNull(Operand of, boolean negated, Position at) implements Condition {
        /**
         * Checks the parts.
         *
         * @param of      the operand
         * @param negated {@code IS NOT NULL}
         * @param at      the position
         */
        public IsNull {
            Objects.requireNonNull(of, "of");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public Truth test(StreamEntry entry, Bounds window, Instant now) {
            return Truth.of(of.value(entry, window, now).isNull() != negated);
        }

        @Override
        public List<Operand> operands() {
            return List.of(of);
        }

        @Override
        public void check() {
            // any operand may be NULL or not
        }
    }

    /**
     * {@code x [NOT] BETWEEN low AND high}: {@code low <= x AND x <= high}.
     *
     * @param of      the operand
     * @param low     the lower end, included
     * @param high    the upper end, included
     * @param negated {@code NOT BETWEEN}
     * @param at      where it stands
     */
    record Between(Operand of, Operand low, Operand high, boolean negated, Position at) implements Condition {
        /**
         * Checks the parts.
         *
         * @param of      the operand
         * @param low     the lower end
         * @param high    the upper end
         * @param negated {@code NOT BETWEEN}
         * @param at      the position
         */
        public Between {
            Objects.requireNonNull(of, "of");
            Objects.requireNonNull(low, "low");
            Objects.requireNonNull(high, "high");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public Truth test(StreamEntry entry, Bounds window, Instant now) {
            Truth t = new Compare(Op.GE, of, low, at).test(entry, window, now).and(new Compare(Op.LE, of, high, at).test(entry, window, now));
            return negated ? t.not() : t;
        }

        @Override
        public List<Operand> operands() {
            return List.of(of, low, high);
        }

        @Override
        public void check() {
            Comparison.check(of, low, "BETWEEN", at);
            Comparison.check(of, high, "BETWEEN", at);
        }

        @Override
        public List<Condition> conjuncts() {
            return negated ? List.of(this) : List.of(new Compare(Op.GE, of, low, at), new Compare(Op.LE, of, high, at));
        }
    }

    /**
     * {@code a AND b}.
     *
     * @param left  one side
     * @param right the other
     * @param at    where it stands
     */
    record And(Condition left, Condition right, Position at) implements Junction {
        /**
         * Checks the parts.
         *
         * @param left  one side
         * @param right the other
         * @param at    the position
         */
        public And {
            Junction.requireSides(left, right, at);
        }

        @Override
        public Truth test(StreamEntry entry, Bounds window, Instant now) {
            Truth l = left.test(entry, window, now);
            return l == Truth.FALSE ? l : l.and(right.test(entry, window, now));
        }

        @Override
        public List<Condition> conjuncts() {
            return left.conjuncts().appendAll(right.conjuncts());
        }
    }

    /**
     * {@code a OR b}.
     *
     * @param left  one side
     * @param right the other
     * @param at    where it stands
     */
    record Or(Condition left, Condition right, Position at) implements Junction {
        /**
         * Checks the parts.
         *
         * @param left  one side
         * @param right the other
         * @param at    the position
         */
        public Or {
            Junction.requireSides(left, right, at);
        }

        @Override
        public Truth test(StreamEntry entry, Bounds window, Instant now) {
            Truth l = left.test(entry, window, now);
            return l == Truth.TRUE ? l : l.or(right.test(entry, window, now));
        }
    }

    /**
     * {@code NOT a}.
     *
     * @param of the condition negated
     * @param at where it stands
     */
    record Not(Condition of, Position at) implements Condition {
        /**
         * Checks the parts.
         *
         * @param of the condition
         * @param at the position
         */
        public Not {
            Objects.requireNonNull(of, "of");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public Truth test(StreamEntry entry, Bounds window, Instant now) {
            return of.test(entry, window, now).not();
        }

        @Override
        public List<Operand> operands() {
            return of.operands();
        }

        @Override
        public void check() {
            of.check();
        }
    }

    /** How two operands compare: as ids, numbers, instants or text, decided by their kinds. */
    enum Comparison {
        /** Entry ids. */
        IDS,
        /** Numbers: text read by {@link Numbers}, NULL when it is none. */
        NUMBERS,
        /** Instants. */
        TIMES,
        /** Text, by characters. */
        TEXTS;

        static Comparison of(Operand a, Operand b) {
            if (a.kind() == Operand.Kind.ID || b.kind() == Operand.Kind.ID) {
                return IDS;
            }
            if (a.kind() == Operand.Kind.NUMBER || b.kind() == Operand.Kind.NUMBER) {
                return NUMBERS;
            }
            if (a.kind() == Operand.Kind.TIME || b.kind() == Operand.Kind.TIME) {
                return TIMES;
            }
            return TEXTS;
        }

        /** The comparison of two values, null for UNKNOWN (a NULL, or text that is no number or no id). */
        Integer compare(Value a, Value b) {
            if (a.isNull() || b.isNull()) {
                return null;
            }
            switch (this) {
                case IDS: {
                    StreamId x = id(a);
                    StreamId y = id(b);
                    return x == null || y == null ? null : x.compareTo(y);
                }
                case NUMBERS: {
                    BigDecimal x = number(a);
                    BigDecimal y = number(b);
                    return x == null || y == null ? null : x.compareTo(y);
                }
                case TIMES:
                    return ((Value.Time) a).value().compareTo(((Value.Time) b).value());
                default:
                    return a.text().compareTo(b.text());
            }
        }

        private static BigDecimal number(Value v) {
            return v.number().getOrElse(() -> Numbers.orNull(v.text()));
        }

        private static StreamId id(Value v) {
            try {
                return StreamId.parse(v.text());
            } catch (IllegalArgumentException notAnId) {
                return null;
            }
        }

        /** Refuses two operands that cannot be compared, naming them. */
        static void check(Operand a, Operand b, String op, Position at) {
            String both = a.shown() + " " + op + " " + b.shown();
            if (a.kind() == Operand.Kind.NULL || b.kind() == Operand.Kind.NULL) {
                throw new SqlRefusedException(both, at, "is never true (a comparison with NULL is UNKNOWN): write IS NULL or IS NOT NULL");
            }
            Comparison c = of(a, b);
            if (c == IDS) {
                Operand other = a.kind() == Operand.Kind.ID ? b : a;
                if (other.kind() == Operand.Kind.ID) {
                    return;
                }
                if (!(other instanceof Operand.Text t) || t.asId().isEmpty()) {
                    throw new SqlRefusedException(both, at, "compares _id with " + other.shown() + ": _id compares with an entry id written as text, e.g. '1700000000000-0'");
                }
                return;
            }
            if (c == TIMES && (a.kind() != Operand.Kind.TIME || b.kind() != Operand.Kind.TIME)) {
                Operand other = a.kind() == Operand.Kind.TIME ? b : a;
                throw new SqlRefusedException(both, at, "compares an instant with " + other.shown()
                        + ": write TIMESTAMP '2026-01-01 10:00:00', CURRENT_TIMESTAMP - INTERVAL '1' HOUR or TO_TIMESTAMP_LTZ(ms, 3)");
            }
            if (c == NUMBERS) {
                for (Operand o : List.of(a, b)) {
                    if (o.kind() == Operand.Kind.TIME) {
                        throw new SqlRefusedException(both, at, "compares an instant with a number: write TO_TIMESTAMP_LTZ(ms, 3) for epoch milliseconds");
                    }
                    if (o instanceof Operand.Text t && Numbers.orNull(t.text()) == null) {
                        throw new SqlRefusedException(both, at, "compares a number with " + t.shown() + ", which is no number");
                    }
                }
            }
        }
    }
}
