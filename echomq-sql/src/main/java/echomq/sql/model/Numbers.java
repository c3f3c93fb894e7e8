package echomq.sql.model;

import echomq.sketches.FieldNumber;
import io.vavr.control.Option;

import java.math.BigDecimal;

/**
 * How a field's text is read as a number: the library's one rule, {@code echomq-sketches}'
 * {@link FieldNumber} (a decimal such as {@code 12}, {@code -3.5} or {@code 1e3}, at most 40 digits
 * either side of the point; anything else is no number), so an aggregate this module folds itself
 * reads a field exactly as one the library folds.
 * <pre>{@code
 * Numbers.decimal("1e3");   // Some(1000)
 * Numbers.decimal("abc");   // None
 * }</pre>
 */
public final class Numbers {

    /** The most digits either side of the point a number may have. */
    public static final int MAX_DIGITS = 40;

    private Numbers() {
    }

    /**
     * The number {@code text} holds.
     *
     * @param text a field's text, or null for a missing field
     * @return the decimal, trailing zeros stripped; none when the text is no number by the rule
     */
    public static Option<BigDecimal> decimal(String text) {
        return Option.of(orNull(text));
    }

    /**
     * {@link #decimal} without the option, for the folds' inner loops.
     *
     * @param text a field's text, or null
     * @return the decimal, or null when it is none
     */
    public static BigDecimal orNull(String text) {
        return text == null ? null : FieldNumber.parse(text).getOrNull();
    }
}
