package echomq.sql.result;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Comparator;
import java.util.Objects;

/**
 * One cell of an answer: a closed set of values, {@link Null} for SQL's NULL (an aggregate of no
 * value, a missing field), never a Java {@code null}.
 * <pre>{@code
 * Value.of(BigDecimal.TEN);   // Decimal[value=10]
 * Value.NULL.isNull();        // true
 * }</pre>
 */
public sealed interface Value permits Value.Text, Value.Whole, Value.Decimal, Value.Real, Value.Time, Value.Null {

    /** SQL's NULL. */
    Value NULL = new Null();

    /**
     * Orders values of one column: NULL first, then numbers by value (whole, decimal and real compared
     * as numbers), text by its characters, instants by time. Values of different kinds (which one
     * column never holds) by kind.
     */
    Comparator<Value> ORDER = Value::compare;

    /**
     * Whether this is SQL's NULL.
     *
     * @return true for {@link Null}
     */
    default boolean isNull() {
        return false;
    }

    /**
     * The value as a number, when it is one.
     *
     * @return the number; none for text, instants and NULL
     */
    default io.vavr.control.Option<BigDecimal> number() {
        return io.vavr.control.Option.none();
    }

    /**
     * The value as text, as the JSON and CSV outputs write it (an instant as ISO-8601 in UTC).
     *
     * @return the text; {@code ""} for NULL
     */
    String text();

    /**
     * Text.
     *
     * @param value the text
     */
    record Text(String value) implements Value {
        /** @param value the text, not null */
        public Text {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String text() {
            return value;
        }
    }

    /**
     * A whole number.
     *
     * @param value the number
     */
    record Whole(long value) implements Value {
        @Override
        public io.vavr.control.Option<BigDecimal> number() {
            return io.vavr.control.Option.some(BigDecimal.valueOf(value));
        }

        @Override
        public String text() {
            return Long.toString(value);
        }
    }

    /**
     * An exact decimal, trailing zeros stripped ({@code 1.50} is {@code 1.5}).
     *
     * @param value the decimal
     */
    record Decimal(BigDecimal value) implements Value {
        /** @param value the decimal, stripped of trailing zeros */
        public Decimal {
            Objects.requireNonNull(value, "value");
            value = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
        }

        @Override
        public io.vavr.control.Option<BigDecimal> number() {
            return io.vavr.control.Option.some(value);
        }

        @Override
        public String text() {
            return value.toPlainString();
        }
    }

    /**
     * A double (finite).
     *
     * @param value the number
     */
    record Real(double value) implements Value {
        /** @param value a finite double */
        public Real {
            if (!Double.isFinite(value)) {
                throw new IllegalArgumentException("a real value is finite, not " + value);
            }
        }

        @Override
        public io.vavr.control.Option<BigDecimal> number() {
            return io.vavr.control.Option.some(BigDecimal.valueOf(value));
        }

        @Override
        public String text() {
            return Double.toString(value);
        }
    }

    /**
     * An instant, to the millisecond.
     *
     * @param value the instant
     */
    record Time(Instant value) implements Value {
        /** @param value the instant, not null */
        public Time {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String text() {
            return value.toString();
        }
    }

    /** SQL's NULL: no value. */
    record Null() implements Value {
        @Override
        public boolean isNull() {
            return true;
        }

        @Override
        public String text() {
            return "";
        }
    }

    /**
     * A decimal value.
     *
     * @param d the decimal
     * @return {@link Decimal}
     */
    static Value of(BigDecimal d) {
        return new Decimal(d);
    }

    /**
     * Compares two values of one column as {@link #ORDER} says.
     *
     * @param a one value
     * @param b another
     * @return negative, zero or positive
     */
    static int compare(Value a, Value b) {
        if (a.isNull() || b.isNull()) {
            return Boolean.compare(!a.isNull(), !b.isNull());
        }
        if (a.number().isDefined() && b.number().isDefined()) {
            return a.number().get().compareTo(b.number().get());
        }
        if (a instanceof Text x && b instanceof Text y) {
            return x.value().compareTo(y.value());
        }
        if (a instanceof Time x && b instanceof Time y) {
            return x.value().compareTo(y.value());
        }
        return a.getClass().getSimpleName().compareTo(b.getClass().getSimpleName());
    }
}
