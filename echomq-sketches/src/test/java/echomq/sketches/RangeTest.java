package echomq.sketches;

import echomq.domain.stream.StreamEntry;
import echomq.testkit.Seeded;
import io.vavr.control.Option;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.math.BigDecimal;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code range:F} equals the greatest number less the least, computed apart, and keeps the laws of a fold. */
class RangeTest {

    static final long SEED = Seeded.seed("RangeTest");
    static final Aggregates FOLDS = Aggregates.parse("count,range:amount,min:amount,max:amount");

    @TestFactory
    Stream<DynamicTest> theGreatestLessTheLeastExactly() {
        return FoldLaws.cases(SEED, r -> {
            List<StreamEntry> entries = AggregatesPropertiesTest.entries(r);
            AggregateState s = FoldLaws.check(FOLDS, entries, r, true);
            List<BigDecimal> numbers = FoldLaws.samples(entries, "amount").stream().map(FoldLaws.Sample::number).toList();
            Option<BigDecimal> expected = numbers.isEmpty() ? Option.none()
                    : Option.some(numbers.stream().max(Comparator.naturalOrder()).get().subtract(numbers.stream().min(Comparator.naturalOrder()).get()));
            assertThat(s.value("range:amount").map(BigDecimal::stripTrailingZeros)).isEqualTo(expected.map(BigDecimal::stripTrailingZeros));
            assertThat(s.skipped().get("range:amount").get()).isEqualTo(entries.size() - numbers.size());
        });
    }

    @Test
    void oneNumberIsARangeOfZeroAndNoneIsNone() {
        Aggregates range = Aggregates.parse("range:x");
        assertThat(range.empty().value("range:x")).isEmpty();
        assertThat(range.fold().foldAll(List.of(Splits.entry(1, "x", "-2.5"))).value("range:x")).contains(BigDecimal.ZERO);
        assertThat(range.fold().foldAll(List.of(Splits.entry(1, "x", "-2.5"), Splits.entry(2, "x", "1e3"))).value("range:x").get())
                .isEqualByComparingTo("1002.5");
        assertThat(range.empty().rollupFields(0).get("range_x_state").get()).isEmpty();
    }
}
