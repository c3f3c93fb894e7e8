package echomq.sql;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.sketches.AggregateState;
import echomq.sketches.Aggregates;
import echomq.sql.model.Numbers;
import echomq.testkit.Seeded;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The module's reading of a field as a number is the library's: over random texts (numbers of every
 * form, near the digit bounds, and no numbers), {@link Numbers#decimal} is what {@code Aggregates}'
 * {@code min} folds of the same text, none where the library folds nothing.
 */
class NumbersTest {

    static String randomText(Random r) {
        return switch (r.nextInt(10)) {
            case 0 -> "";
            case 1 -> " " + r.nextInt(1000) + " ";
            case 2 -> r.nextInt(100) + "e" + (r.nextInt(90) - 45);
            case 3 -> "-" + r.nextInt(1000) + "." + r.nextInt(1000);
            case 4 -> "1".repeat(1 + r.nextInt(45)) + "." + "2".repeat(r.nextInt(45));
            case 5 -> Long.toString(r.nextLong());
            case 6 -> "0." + "0".repeat(r.nextInt(45)) + "1";
            case 7 -> new String[]{"abc", "1,5", "NaN", "Infinity", "0x10", "1e", "+-1", "--1", ".5", "5.", "1_000"}[r.nextInt(11)];
            case 8 -> "-0";
            default -> BigDecimal.valueOf(r.nextDouble() * 1e6).toString();
        };
    }

    @Test
    void theRuleIsTheLibrarys() {
        Random r = Seeded.random("NumbersTest");
        Aggregates min = Aggregates.parse("min:x");
        for (int i = 0; i < Seeded.CASES; i++) {
            String t = randomText(r);
            StreamEntry e = new StreamEntry(StreamId.of(1 + i, 1), Option.none(), LinkedHashMap.of("x", t));
            AggregateState s = min.fold().step(min.empty(), e);
            Option<BigDecimal> library = s.value("min:x");
            Option<BigDecimal> ours = Numbers.decimal(t);
            assertThat(ours.map(BigDecimal::stripTrailingZeros)).as("\"%s\"", t).isEqualTo(library.map(BigDecimal::stripTrailingZeros));
        }
    }
}
