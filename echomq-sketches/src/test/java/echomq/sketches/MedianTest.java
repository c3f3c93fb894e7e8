package echomq.sketches;

import echomq.domain.stream.StreamEntry;
import echomq.testkit.Seeded;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code median:F} is {@code p50:F}: the same answer, within 0.1% of the exact middle rank and never below it, and each reads the other's rollup state. */
class MedianTest {

    static final long SEED = Seeded.seed("MedianTest");
    static final Aggregates FOLDS = Aggregates.parse("median:amount,p50:amount");

    @TestFactory
    Stream<DynamicTest> theMedianIsP50() {
        return FoldLaws.cases(SEED, r -> {
            List<StreamEntry> entries = AggregatesPropertiesTest.entries(r);
            AggregateState s = FoldLaws.check(FOLDS, entries, r, true);
            assertThat(s.value("median:amount")).isEqualTo(s.value("p50:amount"));
            List<BigDecimal> sorted = FoldLaws.samples(entries, "amount").stream().map(FoldLaws.Sample::number).sorted().toList();
            if (sorted.isEmpty()) {
                assertThat(s.value("median:amount")).isEmpty();
            } else {
                BigDecimal exact = sorted.get((sorted.size() + 1) / 2 - 1);   // rank max(1, ⌈n/2⌉)
                BigDecimal median = s.value("median:amount").get();
                assertThat(median).isGreaterThanOrEqualTo(exact);
                assertThat(median.subtract(exact)).isLessThanOrEqualTo(exact.abs().multiply(new BigDecimal("0.001")));
            }
        });
    }

    @Test
    void eachReadsTheOthersRollupState() {
        List<StreamEntry> entries = List.of(Splits.entry(60_001, "amount", "3"), Splits.entry(60_002, "amount", "0.0123"),
                Splits.entry(60_003, "amount", "7"), Splits.entry(60_004, "amount", "n/a"));
        for (String[] pair : new String[][] {{"median:amount", "p50:amount"}, {"p50:amount", "median:amount"}, {"median:amount", "p99:amount"}}) {
            Aggregates writer = Aggregates.parse(pair[0]);
            Aggregates reader = Aggregates.parse(pair[1]);
            List<StreamEntry> rolled = FoldLaws.rollupEntries(writer, entries, 60_000);
            assertThat(rolled.get(0).fields().keySet().toJavaList()).contains(writer.list().get(0).column() + "_state");
            assertThat(reader.fold().foldAll(rolled)).as("%s read by %s", pair[0], pair[1]).isEqualTo(reader.fold().foldAll(entries));
            assertThat(reader.fold().foldAll(rolled).skipped().values().head()).as("the skipped entry, carried across").isEqualTo(1L);
        }
        assertThat(Aggregates.parse("median:amount").fold().foldAll(entries).value("median:amount")).contains(new BigDecimal("3"));
    }
}
