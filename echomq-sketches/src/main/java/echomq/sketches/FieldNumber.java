package echomq.sketches;

import io.vavr.control.Option;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * What a fold counts as a number in an entry's field: the one rule every fold that reads a number
 * ({@code sum}, {@code min}, {@code max}, {@code avg}, {@code pN}) follows. A field that is not a
 * number by it, or that is missing, is <em>skipped</em> by the fold, and counted as skipped in its answer.
 *
 * <p><b>Grammar</b>: JSON's number (RFC 8259, section 6), in ASCII, the whole text and nothing else:
 * <pre>
 * number = [ "-" ] int [ frac ] [ exp ]
 * int    = "0" / ( "1"-"9" *DIGIT )
 * frac   = "." 1*DIGIT
 * exp    = ( "e" / "E" ) [ "-" / "+" ] 1*DIGIT
 * DIGIT  = "0"-"9"
 * </pre>
 * So {@code 12}, {@code -3.5}, {@code 0.0123}, {@code 1e3} (1000) and {@code 2.5E-4} are numbers;
 * {@code " 7"} (any whitespace), {@code +7}, {@code 007}, {@code .5}, {@code 5.}, {@code 0x1F},
 * {@code NaN}, {@code Infinity}, digits other than ASCII's ({@code ٣}) and the empty text are not.
 * {@code -0} is a number, zero (JSON says so; it is not told apart from {@code 0}).
 *
 * <p><b>Bounds</b>, so that every answer prints as a plain decimal of sane length: the text is at most
 * {@value #MAX_LENGTH} characters, and the value, written plainly without trailing zeros, has at most
 * {@value #MAX_DIGITS} digits before the point and at most {@value #MAX_DIGITS} after it: from
 * 10<sup>-40</sup> to just below 10<sup>40</sup> in magnitude, and zero. A number of the grammar
 * outside them ({@code 1e400}, {@code 1e-41}) is skipped like any other, never dropped silently.
 * <pre>{@code
 * FieldNumber.parse("1e3");     // Some(1000)
 * FieldNumber.parse("0.50");    // Some(0.5): trailing zeros dropped, so equal values are equal
 * FieldNumber.parse(" 7");      // None
 * FieldNumber.parse("1e400");   // None: outside the bounds
 * }</pre>
 */
public final class FieldNumber {

    /** The longest text read as a number. */
    public static final int MAX_LENGTH = 100;
    /** The most digits of a number before its point, and the most after it. */
    public static final int MAX_DIGITS = 40;

    private static final long[] TENS = new long[19];

    static {
        TENS[0] = 1;
        for (int i = 1; i < TENS.length; i++) {
            TENS[i] = TENS[i - 1] * 10;
        }
    }

    private FieldNumber() {
    }

    /**
     * The number {@code text} is by the rule, trailing zeros dropped.
     *
     * @param text a field's text
     * @return its value, or none when it is not a number of the grammar within the bounds
     */
    public static Option<BigDecimal> parse(String text) {
        return Option.of(orNull(text));
    }

    /** {@link #parse} without the option, for a fold's step: null when not a number. */
    static BigDecimal orNull(String text) {
        if (text == null) {
            return null;
        }
        int n = text.length();
        if (n == 0 || n > MAX_LENGTH) {
            return null;
        }
        int i = 0;
        boolean negative = text.charAt(0) == '-';
        if (negative) {
            i++;
        }
        // int: "0" or a digit 1-9 and more digits
        int intStart = i;
        if (i >= n || !digit(text.charAt(i))) {
            return null;
        }
        if (text.charAt(i) == '0') {
            i++;
        } else {
            while (i < n && digit(text.charAt(i))) {
                i++;
            }
        }
        int intEnd = i;
        int fracStart = i;
        int fracEnd = i;
        if (i < n && text.charAt(i) == '.') {
            fracStart = ++i;
            while (i < n && digit(text.charAt(i))) {
                i++;
            }
            fracEnd = i;
            if (fracEnd == fracStart) {
                return null;
            }
        }
        long exponent = 0;
        if (i < n && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            i++;
            boolean negativeExponent = false;
            if (i < n && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
                negativeExponent = text.charAt(i) == '-';
                i++;
            }
            int expStart = i;
            while (i < n && digit(text.charAt(i))) {
                // past nine digits the exponent is far outside the bounds whatever the digits: keep it saturated
                exponent = Math.min(exponent * 10 + (text.charAt(i) - '0'), 1_000_000_000L);
                i++;
            }
            if (i == expStart) {
                return null;
            }
            exponent = negativeExponent ? -exponent : exponent;
        }
        if (i != n) {
            return null;
        }
        return value(text, negative, intStart, intEnd, fracStart, fracEnd, exponent);
    }

    /**
     * The value of the digits {@code [intStart, intEnd)} then {@code [fracStart, fracEnd)} as one
     * whole number {@code D}, times ten to {@code exponent} less the fraction's length; checked against
     * the bounds.
     */
    private static BigDecimal value(String text, boolean negative, int intStart, int intEnd, int fracStart, int fracEnd, long exponent) {
        int intLength = intEnd - intStart;
        int length = intLength + fracEnd - fracStart;
        int first = -1;
        int last = -1;
        for (int k = 0; k < length; k++) {
            if (at(text, k, intStart, intLength, fracStart) != '0') {
                if (first < 0) {
                    first = k;
                }
                last = k;
            }
        }
        if (first < 0) {
            return BigDecimal.ZERO;   // 0, -0, 0.000, 0e999: zero
        }
        int significant = last - first + 1;
        // value = (digits first..last) × 10^-scale
        long scale = (fracEnd - fracStart) - exponent - (length - 1 - last);
        long whole = significant - scale;
        if (whole > MAX_DIGITS || scale > MAX_DIGITS) {
            return null;
        }
        if (significant <= 18) {
            long unscaled = 0;
            for (int k = first; k <= last; k++) {
                unscaled = unscaled * 10 + (at(text, k, intStart, intLength, fracStart) - '0');
            }
            return BigDecimal.valueOf(negative ? -unscaled : unscaled, (int) scale);
        }
        StringBuilder b = new StringBuilder(significant + 1);
        if (negative) {
            b.append('-');
        }
        for (int k = first; k <= last; k++) {
            b.append(at(text, k, intStart, intLength, fracStart));
        }
        return new BigDecimal(new BigInteger(b.toString()), (int) scale);
    }

    /** The {@code k}-th digit of the integer part followed by the fraction. */
    private static char at(String text, int k, int intStart, int intLength, int fracStart) {
        return k < intLength ? text.charAt(intStart + k) : text.charAt(fracStart + k - intLength);
    }

    /** {@code d} as answers show it: trailing zeros dropped, zero as {@code 0}. */
    static BigDecimal stripped(BigDecimal d) {
        return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Ten to {@code k}, for {@code k} in {@code [0, 18]}. */
    static long ten(int k) {
        return TENS[k];
    }
}
