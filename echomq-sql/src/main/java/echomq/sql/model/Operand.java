package echomq.sql.model;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.sql.result.SqlType;
import echomq.sql.result.Value;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/**
 * One side of a comparison: a column of the row (a field, {@code _id}, {@code _time}), a window's
 * column, a {@code CAST}, or a constant. Each kind answers what it is ({@link #kind}) and reads its
 * value from a row and a window, so a condition is evaluated without asking which kind it holds.
 * <pre>{@code
 * new Operand.Field("amount", at).value(entry, Bounds.NONE, now);   // Text[value=12.5], or Value.NULL
 * }</pre>
 */
public sealed interface Operand permits Operand.OnRow, Operand.WindowColumn, Operand.Cast, Operand.Constant {

    /** What an operand's values are, for what a comparison of two of them means. */
    enum Kind {
        /** Text: compared by characters, or as a number against a number. */
        TEXT,
        /** A number: compared by value. */
        NUMBER,
        /** An instant: compared by time. */
        TIME,
        /** An entry id: compared as ids ({@code 5-1 < 10-0}). */
        ID,
        /** NULL: compares as UNKNOWN with anything. */
        NULL
    }

    /**
     * Where it stands.
     *
     * @return the position
     */
    Position at();

    /**
     * How it reads in a message.
     *
     * @return e.g. {@code amount}, {@code CAST(amount AS DOUBLE)}, {@code 'eu'}
     */
    String shown();

    /**
     * What its values are.
     *
     * @return the kind
     */
    Kind kind();

    /**
     * Whether it reads a window's column ({@code window_start}, {@code window_end}, {@code window_time}).
     *
     * @return true for a window column (or a cast of one)
     */
    default boolean onWindow() {
        return false;
    }

    /**
     * Whether it reads the row (a field, {@code _id}, {@code _time}).
     *
     * @return true for a row column (or a cast of one)
     */
    default boolean onRow() {
        return false;
    }

    /**
     * Whether it is a constant: a literal or an instant Redis' clock fixes.
     *
     * @return true for constants
     */
    default boolean constant() {
        return false;
    }

    /**
     * Its value in a row of a window.
     *
     * @param entry  the row ({@code null} for a test of a window alone)
     * @param window the row's window ({@link Bounds#NONE} for a row without one)
     * @param now    Redis' clock when the query runs
     * @return the value, {@link Value#NULL} for a missing field
     */
    Value value(StreamEntry entry, Bounds window, Instant now);

    /** A column of the row: a field, {@code _id}, {@code _time} or the declared event time. */
    sealed interface OnRow extends Operand permits Field, EntryId, EntryTime, EventTimeColumn {
        /**
         * It reads the row.
         *
         * @return true
         */
        @Override
        default boolean onRow() {
            return true;
        }
    }

    /** A constant: a literal, or an instant Redis' clock fixes. */
    sealed interface Constant extends Operand permits Text, Number, Time, Null {
        /**
         * It is a constant.
         *
         * @return true
         */
        @Override
        default boolean constant() {
            return true;
        }
    }

    /**
     * A field of the entry, as text.
     *
     * @param name the field
     * @param at   where it stands
     */
    record Field(String name, Position at) implements OnRow {
        /**
         * Checks the parts.
         *
         * @param name the field, not empty
         * @param at   the position
         */
        public Field {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String shown() {
            return name;
        }

        @Override
        public Kind kind() {
            return Kind.TEXT;
        }

        @Override
        public Value value(StreamEntry entry, Bounds window, Instant now) {
            String v = entry.field(name).getOrNull();
            return v == null ? Value.NULL : new Value.Text(v);
        }
    }

    /**
     * {@code _id}: the entry id.
     *
     * @param at where it stands
     */
    record EntryId(Position at) implements OnRow {
        @Override
        public String shown() {
            return "_id";
        }

        @Override
        public Kind kind() {
            return Kind.ID;
        }

        @Override
        public Value value(StreamEntry entry, Bounds window, Instant now) {
            return new Value.Text(entry.id().toString());
        }
    }

    /**
     * {@code _time}: the entry id's millisecond, as an instant.
     *
     * @param at where it stands
     */
    record EntryTime(Position at) implements OnRow {
        @Override
        public String shown() {
            return "_time";
        }

        @Override
        public Kind kind() {
            return Kind.TIME;
        }

        @Override
        public Value value(StreamEntry entry, Bounds window, Instant now) {
            return new Value.Time(Instant.ofEpochMilli(entry.id().ms()));
        }
    }

    /**
     * The field declared as the stream's event time ({@code --time-field ts}): its time, read in the
     * declared format ({@code TIMESTAMP_LTZ(3)}); NULL when the entry has none.
     *
     * @param declared the event time
     * @param at       where it stands
     */
    record EventTimeColumn(echomq.domain.eventtime.EventTime declared, Position at) implements OnRow {
        /**
         * Checks the parts.
         *
         * @param declared the event time
         * @param at       the position
         */
        public EventTimeColumn {
            Objects.requireNonNull(declared, "declared");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String shown() {
            return declared.field();
        }

        @Override
        public Kind kind() {
            return Kind.TIME;
        }

        @Override
        public Value value(StreamEntry entry, Bounds window, Instant now) {
            return declared.millis(entry).<Value>map(ms -> new Value.Time(Instant.ofEpochMilli(ms))).getOrElse(Value.NULL);
        }
    }

    /**
     * {@code window_start}, {@code window_end} or {@code window_time}.
     *
     * @param column which
     * @param at     where it stands
     */
    record WindowColumn(Windows.Column column, Position at) implements Operand {
        @Override
        public String shown() {
            return column.sql();
        }

        @Override
        public Kind kind() {
            return Kind.TIME;
        }

        @Override
        public boolean onWindow() {
            return true;
        }

        @Override
        public Value value(StreamEntry entry, Bounds window, Instant now) {
            return new Value.Time(Instant.ofEpochMilli(column.of(window)));
        }
    }

    /**
     * {@code CAST(x AS type)}: to a number ({@code DECIMAL}, {@code DOUBLE}, …) reads the text by
     * {@link Numbers}, NULL when it is none; to {@code STRING} keeps the text.
     *
     * @param of the operand cast
     * @param to the type
     * @param at where it stands
     */
    record Cast(Operand of, SqlType to, Position at) implements Operand {
        /**
         * Checks the parts.
         *
         * @param of the operand cast
         * @param to the type
         * @param at the position
         */
        public Cast {
            Objects.requireNonNull(of, "of");
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String shown() {
            return "CAST(" + of.shown() + " AS " + to.sql() + ")";
        }

        @Override
        public Kind kind() {
            return to == SqlType.STRING ? Kind.TEXT : to == SqlType.TIMESTAMP_LTZ ? Kind.TIME : Kind.NUMBER;
        }

        @Override
        public boolean onWindow() {
            return of.onWindow();
        }

        @Override
        public boolean onRow() {
            return of.onRow();
        }

        @Override
        public boolean constant() {
            return of.constant();
        }

        @Override
        public Value value(StreamEntry entry, Bounds window, Instant now) {
            Value v = of.value(entry, window, now);
            if (v.isNull() || kind() == Kind.TEXT || kind() == Kind.TIME) {
                return kind() == Kind.TEXT && !v.isNull() ? new Value.Text(v.text()) : v;
            }
            BigDecimal d = v.number().getOrElse(() -> Numbers.orNull(v.text()));
            return d == null ? Value.NULL : new Value.Decimal(d);
        }
    }

    /**
     * A text literal.
     *
     * @param text the text
     * @param at   where it stands
     */
    record Text(String text, Position at) implements Constant {
        /**
         * Checks the parts.
         *
         * @param text the text
         * @param at   the position
         */
        public Text {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String shown() {
            return "'" + text.replace("'", "''") + "'";
        }

        @Override
        public Kind kind() {
            return Kind.TEXT;
        }

        @Override
        public Value value(StreamEntry entry, Bounds window, Instant now) {
            return new Value.Text(text);
        }

        /**
         * The literal as an entry id, when it is one.
         *
         * @return the id; none otherwise
         */
        public io.vavr.control.Option<StreamId> asId() {
            return io.vavr.control.Try.of(() -> StreamId.parse(text)).toOption();
        }
    }

    /**
     * A numeric literal.
     *
     * @param number the number
     * @param at     where it stands
     */
    record Number(BigDecimal number, Position at) implements Constant {
        /**
         * Checks the parts.
         *
         * @param number the number
         * @param at     the position
         */
        public Number {
            Objects.requireNonNull(number, "number");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String shown() {
            return number.toPlainString();
        }

        @Override
        public Kind kind() {
            return Kind.NUMBER;
        }

        @Override
        public Value value(StreamEntry entry, Bounds window, Instant now) {
            return new Value.Decimal(number);
        }
    }

    /**
     * An instant: a {@code TIMESTAMP '…'} literal, {@code CURRENT_TIMESTAMP} (Redis' clock), shifted by intervals.
     *
     * @param time the instant
     * @param at   where it stands
     */
    record Time(TimeConstant time, Position at) implements Constant {
        /**
         * Checks the parts.
         *
         * @param time the instant
         * @param at   the position
         */
        public Time {
            Objects.requireNonNull(time, "time");
            Objects.requireNonNull(at, "at");
        }

        @Override
        public String shown() {
            return time.shown();
        }

        @Override
        public Kind kind() {
            return Kind.TIME;
        }

        @Override
        public Value value(StreamEntry entry, Bounds window, Instant now) {
            return new Value.Time(time.at(now));
        }
    }

    /**
     * The NULL literal.
     *
     * @param at where it stands
     */
    record Null(Position at) implements Constant {
        @Override
        public String shown() {
            return "NULL";
        }

        @Override
        public Kind kind() {
            return Kind.NULL;
        }

        @Override
        public Value value(StreamEntry entry, Bounds window, Instant now) {
            return Value.NULL;
        }
    }
}
