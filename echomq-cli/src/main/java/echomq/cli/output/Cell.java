package echomq.cli.output;

import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.List;
import io.vavr.control.Option;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/**
 * One value of an answer, as every format shows it: text, an instant, a number, none, or (JSON only)
 * an object or an array of values. A closed set, so the formats handle every case and no {@code null}
 * stands for "none".
 */
public sealed interface Cell permits Cell.Text, Cell.Time, Cell.Number, Cell.None, Cell.Obj, Cell.Arr {

    /**
     * Text.
     *
     * @param text the text
     */
    record Text(String text) implements Cell {
        /**
         * Text.
         *
         * @param text the text
         */
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * An instant, shown as ISO-8601 with milliseconds in the output's zone.
     *
     * @param instant the instant
     */
    record Time(Instant instant) implements Cell {
        /**
         * An instant.
         *
         * @param instant the instant
         */
        public Time {
            Objects.requireNonNull(instant, "instant");
        }
    }

    /**
     * A number, shown plain (never in exponent notation).
     *
     * @param number the number
     */
    record Number(BigDecimal number) implements Cell {
        /**
         * A number.
         *
         * @param number the number
         */
        public Number {
            Objects.requireNonNull(number, "number");
        }
    }

    /** No value: a quiet bucket's minimum, an open window's end. JSON {@code null}. */
    record None() implements Cell {
    }

    /**
     * A JSON object: names to values, in order.
     *
     * @param fields the fields
     */
    record Obj(LinkedHashMap<String, Cell> fields) implements Cell {
        /**
         * An object.
         *
         * @param fields the fields
         */
        public Obj {
            Objects.requireNonNull(fields, "fields");
        }

        /**
         * This object with one more field (or one replaced, in its place).
         *
         * @param name  the field's name
         * @param value its value
         * @return the object
         */
        public Obj with(String name, Cell value) {
            return new Obj(fields.put(name, value));
        }

        /**
         * This object with all of {@code other}'s fields after its own.
         *
         * @param other the fields to add
         * @return the object
         */
        public Obj with(Obj other) {
            return new Obj(fields.merge(other.fields, (a, b) -> b));
        }
    }

    /**
     * A JSON array.
     *
     * @param items the items, in order
     */
    record Arr(List<Cell> items) implements Cell {
        /**
         * An array.
         *
         * @param items the items
         */
        public Arr {
            Objects.requireNonNull(items, "items");
        }
    }

    /**
     * Text.
     *
     * @param text the text
     * @return the value
     */
    static Cell text(String text) {
        return new Text(text);
    }

    /**
     * An instant.
     *
     * @param instant the instant
     * @return the value
     */
    static Cell time(Instant instant) {
        return new Time(instant);
    }

    /**
     * An instant, or none.
     *
     * @param instant the instant, if any
     * @return the value
     */
    static Cell time(Option<Instant> instant) {
        return instant.<Cell>map(Time::new).getOrElse(new None());
    }

    /**
     * A whole number.
     *
     * @param n the number
     * @return the value
     */
    static Cell number(long n) {
        return new Number(BigDecimal.valueOf(n));
    }

    /**
     * A number, or none.
     *
     * @param n the number, if any
     * @return the value
     */
    static Cell number(Option<BigDecimal> n) {
        return n.<Cell>map(Number::new).getOrElse(new None());
    }

    /**
     * An empty object.
     *
     * @return the object
     */
    static Obj obj() {
        return new Obj(LinkedHashMap.empty());
    }
}
