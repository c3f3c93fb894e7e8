package echomq.sql.model;

import echomq.sketches.FieldNumber;
import io.vavr.control.Option;

import java.math.BigDecimal;

/**
 * How a field's text is read as a number: the library's one rule, {@code echomq-sketches}'
 * {@link FieldNumber}, so an aggregate this module folds itself reads a field exactly as one the
 * library folds ({@code NumbersTest} holds the two together).
 * <pre>{@code
 * Numbers.decimal("1e3");   // Some(1000)
 * Numbers.decimal("abc");   // None
 * }</pre>
 */
public final class Numbers {

    private Numbers() {
    }

    /**
     * The number {@code text} holds.
     *
     * @param text a field's text, or null for a missing field
     * @return the decimal, trailing zeros stripped; none when the text is no number by the rule
     */
    public static Option<BigDecimal> decimal(String text) {
        return text == null ? Option.none() : FieldNumber.parse(text);
    }

    /**
     * {@link #decimal}, or null for none: for the hot path of a fold.
     *
     * @param text a field's text, or null
     * @return the number, or null
     */
    public static BigDecimal orNull(String text) {
        return decimal(text).getOrNull();
    }
}
