package echomq.sketches;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.testkit.Seeded;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code first:F} and {@code last:F} equal the number of the entry of least, and greatest, id among
 * those with a number (found apart, by sorting), whatever the split, and keep the laws of a fold.
 */
class EndpointTest {

    static final long SEED = Seeded.seed("EndpointTest");
    static final Aggregates FOLDS = Aggregates.parse("first:amount,last:amount,count");

    @TestFactory
    Stream<DynamicTest> theNumberOfTheEarliestAndTheLatestEntry() {
        return FoldLaws.cases(SEED, r -> {
            List<StreamEntry> entries = AggregatesPropertiesTest.entries(r);
            // ids are unique, so the first and the last do not depend on the order partitions are merged in
            AggregateState s = FoldLaws.check(FOLDS, entries, r, true);
            List<FoldLaws.Sample> samples = new ArrayList<>(FoldLaws.samples(entries, "amount"));
            Collections.shuffle(samples, r);
            samples.sort((a, b) -> a.id().compareTo(b.id()));
            assertThat(s.value("first:amount")).isEqualTo(samples.isEmpty() ? Option.none() : Option.some(samples.get(0).number()));
            assertThat(s.value("last:amount")).isEqualTo(samples.isEmpty() ? Option.none() : Option.some(samples.get(samples.size() - 1).number()));
            assertThat(s.skipped().get("first:amount").get()).isEqualTo(entries.size() - samples.size());
            assertThat(s.skipped().get("last:amount").get()).isEqualTo(entries.size() - samples.size());
        });
    }

    static StreamEntry at(long ms, long seq, String amount) {
        return new StreamEntry(StreamId.of(ms, seq), Option.none(), LinkedHashMap.of("amount", amount));
    }

    @Test
    void byIdMillisecondsThenSequenceAndTiesKeepTheFirstFoldedFirstAndTheLastFoldedLast() {
        AggregateState s = FOLDS.fold().foldAll(List.of(at(10, 0, "x"), at(10, 1, "7"), at(10, 2, "8"), at(11, 0, "n/a")));
        assertThat(s.value("first:amount")).contains(new BigDecimal("7"));
        assertThat(s.value("last:amount")).contains(new BigDecimal("8"));
        // two partitions may hold one id: the run combined first keeps first, the run combined later keeps last
        AggregateState a = FOLDS.fold().foldAll(List.of(at(5, 0, "1")));
        AggregateState b = FOLDS.fold().foldAll(List.of(at(5, 0, "2")));
        assertThat(FOLDS.fold().combine(a, b).value("first:amount")).contains(BigDecimal.ONE);
        assertThat(FOLDS.fold().combine(a, b).value("last:amount")).contains(new BigDecimal("2"));
        // the later run may hold the earlier entry (a partition merged after another)
        assertThat(FOLDS.fold().combine(b, FOLDS.fold().foldAll(List.of(at(4, 9, "3")))).value("first:amount")).contains(new BigDecimal("3"));
        assertThat(FOLDS.fold().combine(FOLDS.fold().foldAll(List.of(at(6, 0, "4"))), b).value("last:amount")).contains(new BigDecimal("4"));
    }

    @Test
    void aRollupEntryCarriesTheIdAndAMismatchIsNamed() {
        LinkedHashMap<String, String> f = FOLDS.fold().foldAll(List.of(at(60_001, 3, "2.50"), at(60_002, 0, "4"))).rollupFields(119_999);
        assertThat(f.get("first_amount_state")).contains("60001-3");
        assertThat(f.get("first_amount")).contains("2.5");
        assertThat(f.get("last_amount_state")).contains("60002-0");
        StreamEntry bad = new StreamEntry(StreamId.of(60_000, 0), Option.none(), f.put("first_amount_state", ""));
        assertThatThrownBy(() -> FOLDS.fold().step(FOLDS.empty(), bad)).hasMessageContaining("first_amount_state").hasMessageContaining("60000-0");
        StreamEntry notAnId = new StreamEntry(StreamId.of(60_000, 0), Option.none(), f.put("last_amount_state", "yesterday"));
        assertThatThrownBy(() -> FOLDS.fold().step(FOLDS.empty(), notAnId)).hasMessageContaining("not an entry id");
    }
}
