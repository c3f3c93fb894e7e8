package echomq.sketches;

import echomq.testkit.Seeded;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.util.Random;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link FieldNumber}: JSON's number grammar within the bounds, checked case by case and against a
 * reference written apart (the grammar as a regular expression, the value and bounds by
 * {@link BigDecimal}) over random texts made of the grammar's pieces and of what is near them.
 */
class FieldNumberTest {

    static final long SEED = Seeded.seed("FieldNumberTest");
    /** RFC 8259's number, as a regular expression: the reference the parser is checked against. */
    static final Pattern JSON_NUMBER = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    /** The reference: a number of the grammar, within the bounds, or none. */
    static Option<BigDecimal> reference(String text) {
        if (text.length() > FieldNumber.MAX_LENGTH || !JSON_NUMBER.matcher(text).matches()) {
            return Option.none();
        }
        BigDecimal d;
        try {
            d = new BigDecimal(text);
        } catch (NumberFormatException | ArithmeticException tooBig) {
            // an exponent beyond an int: BigDecimal refuses it, and it is outside the bounds unless the digits are all zero
            return text.replaceAll("[eE].*", "").matches("-?[0.]+") ? Option.some(BigDecimal.ZERO) : Option.none();
        }
        if (d.signum() == 0) {
            return Option.some(BigDecimal.ZERO);
        }
        d = d.stripTrailingZeros();
        int whole = d.precision() - d.scale();
        return whole > FieldNumber.MAX_DIGITS || d.scale() > FieldNumber.MAX_DIGITS ? Option.none() : Option.some(d);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "12|12", "-3.5|-3.5", "0.0123|0.0123", "1e3|1000", "1E3|1000", "2.5E-4|0.00025", "1e+2|100", "0|0", "-0|0",
            "-0.0|0", "0e999999999999|0", "0.50|0.5", "100|100", "1e39|1000000000000000000000000000000000000000",
            "1e-40|0.0000000000000000000000000000000000000001", "123456789012345678901234567890|123456789012345678901234567890",
            "-9.99999999999999999999e-20|-0.0000000000000000000999999999999999999999"})
    void numbersOfTheGrammar(String text, String value) {
        assertThat(FieldNumber.parse(text).map(BigDecimal::toPlainString)).as(text).contains(value);
        assertThat(FieldNumber.parse(text).get()).isEqualTo(new BigDecimal(value).stripTrailingZeros().signum() == 0
                ? BigDecimal.ZERO : new BigDecimal(value).stripTrailingZeros());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " 7", "7 ", "\t7", "+7", "007", "01", ".5", "5.", "-", "-.5", "1e", "1e+", "1.e3", "0x1F", "NaN",
            "Infinity", "-Infinity", "1,5", "1_000", "٣", "１", "1e400", "1e40", "-1e40", "1e-41", "12345678901234567890123456789012345678901",
            "0.00000000000000000000000000000000000000001", "1e99999999999999999999", "1e-2147483649", "--1", "1-", "e3", "1ee3",
            "1.5.5", "true", "null", "\"1\"", "1d", "1f", "1L"})
    void notNumbers(String text) {
        assertThat(FieldNumber.parse(text)).as("\"%s\"", text).isEmpty();
        assertThat(reference(text)).as("the reference agrees on \"%s\"", text).isEmpty();
    }

    @Test
    void aTextPastTheLengthIsNotANumberEvenWithinTheBounds() {
        String longOne = "1." + "0".repeat(FieldNumber.MAX_LENGTH);
        assertThat(FieldNumber.parse(longOne)).isEmpty();
        assertThat(FieldNumber.parse(longOne.substring(0, FieldNumber.MAX_LENGTH))).contains(BigDecimal.ONE);
        assertThat(FieldNumber.parse(null)).isEmpty();
    }

    @Test
    void agreesWithTheReferenceOnRandomTexts() {
        Random r = new Random(SEED);
        int numbers = 0;
        for (int i = 0; i < 20 * Seeded.CASES; i++) {
            String text = text(r);
            Option<BigDecimal> ours = FieldNumber.parse(text);
            assertThat(ours).as("\"%s\"", text).isEqualTo(reference(text));
            numbers += ours.isDefined() ? 1 : 0;
        }
        assertThat(numbers).as("the texts are numbers often enough to check values").isGreaterThan(2 * Seeded.CASES);
    }

    /** A text of the grammar's pieces, now and then one broken or with something else in. */
    static String text(Random r) {
        StringBuilder b = new StringBuilder();
        if (r.nextInt(3) == 0) {
            b.append('-');
        }
        b.append(r.nextInt(4) == 0 ? "0" : digits(r, 1 + r.nextInt(r.nextBoolean() ? 3 : 30), true));
        if (r.nextBoolean()) {
            b.append('.').append(digits(r, 1 + r.nextInt(r.nextBoolean() ? 3 : 30), false));
        }
        if (r.nextInt(3) == 0) {
            b.append(r.nextBoolean() ? 'e' : 'E').append(r.nextInt(3) == 0 ? "" : r.nextBoolean() ? "+" : "-")
                    .append(r.nextInt(10) == 0 ? "999999999999" : Integer.toString(r.nextInt(r.nextBoolean() ? 10 : 60)));
        }
        if (r.nextInt(5) == 0) {
            String[] noise = {" ", "+", "0", ".", "e", "-", "x", "٣", "\t", ""};
            int at = r.nextInt(b.length() + 1);
            b.insert(at, noise[r.nextInt(noise.length)]);
        }
        return b.toString();
    }

    static String digits(Random r, int n, boolean leadingNonZero) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(i == 0 && leadingNonZero ? (char) ('1' + r.nextInt(9)) : (char) ('0' + (r.nextInt(3) == 0 ? 0 : r.nextInt(10))));
        }
        return b.toString();
    }
}
