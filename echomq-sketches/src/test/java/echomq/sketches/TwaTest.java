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
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code twa:F} against its definition written out apart: the samples in id order, the line through
 * them integrated trapezoid by trapezoid with {@link BigDecimal}, over the time from the first to the
 * last (the mean when that time is zero); every split in order, the codec and a rollup of rollups give
 * the one-pass state; and RedisTimeSeries' own example, with where ours differs.
 */
class TwaTest {

    static final long SEED = Seeded.seed("TwaTest");
    static final Aggregates FOLDS = Aggregates.parse("twa:amount,count");

    /** The definition: Σ (t₂ − t₁)(v₁ + v₂)/2 over consecutive samples, over t_last − t_first. */
    static Option<BigDecimal> twa(List<FoldLaws.Sample> samples) {
        if (samples.isEmpty()) {
            return Option.none();
        }
        long span = samples.get(samples.size() - 1).id().ms() - samples.get(0).id().ms();
        if (span == 0) {
            BigDecimal sum = samples.stream().map(FoldLaws.Sample::number).reduce(BigDecimal.ZERO, BigDecimal::add);
            return Option.some(sum.divide(BigDecimal.valueOf(samples.size()), MathContext.DECIMAL64));
        }
        BigDecimal area = BigDecimal.ZERO;
        for (int i = 1; i < samples.size(); i++) {
            FoldLaws.Sample a = samples.get(i - 1);
            FoldLaws.Sample b = samples.get(i);
            area = area.add(a.number().add(b.number()).multiply(BigDecimal.valueOf(b.id().ms() - a.id().ms())).divide(BigDecimal.valueOf(2)));
        }
        return Option.some(area.divide(BigDecimal.valueOf(span), MathContext.DECIMAL64));
    }

    @TestFactory
    Stream<DynamicTest> equalToTheDefinitionWrittenOut() {
        return FoldLaws.cases(SEED, r -> {
            List<StreamEntry> entries = AggregatesPropertiesTest.entries(r);
            // the combination needs adjacent runs: pages, pieces, the codec and rollups, not interleaved partitions
            AggregateState s = FoldLaws.check(FOLDS, entries, r, false);
            List<FoldLaws.Sample> samples = FoldLaws.samples(entries, "amount");
            assertThat(s.value("twa:amount").map(BigDecimal::stripTrailingZeros)).isEqualTo(twa(samples).map(BigDecimal::stripTrailingZeros));
            assertThat(s.skipped().get("twa:amount").get()).isEqualTo(entries.size() - samples.size());
            // each bucket of a rollup is the definition over that bucket's samples alone
            TreeMap<Long, List<FoldLaws.Sample>> byMinute = new TreeMap<>();
            samples.forEach(x -> byMinute.computeIfAbsent(Math.floorDiv(x.id().ms(), 60_000L) * 60_000L, k -> new ArrayList<>()).add(x));
            FoldLaws.rollup(FOLDS, entries, 60_000L).forEach((start, fields) -> assertThat(fields.get("twa_amount").get())
                    .isEqualTo(twa(byMinute.getOrDefault(start, List.of())).map(v -> FieldNumber.stripped(v).toPlainString()).getOrElse("")));
        });
    }

    static StreamEntry at(long ms, String v) {
        return new StreamEntry(StreamId.of(ms, 0), Option.none(), LinkedHashMap.of("amount", v));
    }

    @Test
    void redisTimeSeriesExampleAndWhereOursDiffers() {
        // RedisTimeSeries: TS.RANGE - + AGGREGATION twa 10 over (12,12) (15,15) (19,19) (22,22) answers 16 at 10 and 21 at 20,
        // drawing the line to each bucket's edges through the samples beyond it; ours keeps to the bucket's own samples
        List<StreamEntry> entries = List.of(at(12, "12"), at(15, "15"), at(19, "19"), at(22, "22"));
        TreeMap<Long, LinkedHashMap<String, String>> buckets = FoldLaws.rollup(FOLDS, entries, 10);
        assertThat(buckets.get(10L).get("twa_amount")).contains("15.5");   // (12→19: 40.5 + 68) / 7
        assertThat(buckets.get(20L).get("twa_amount")).contains("22");     // one sample
        // over the whole series, where no sample lies beyond, both draw the same line: (12→22: 40.5 + 68 + 61.5) / 10 = 17
        assertThat(FOLDS.fold().foldAll(entries).value("twa:amount")).contains(new BigDecimal("17"));
        // samples of one millisecond: their mean, and they add no area to a longer run
        assertThat(FOLDS.fold().foldAll(List.of(at(5, "1"), new StreamEntry(StreamId.of(5, 1), Option.none(), LinkedHashMap.of("amount", "2"))))
                .value("twa:amount")).contains(new BigDecimal("1.5"));
        assertThat(FOLDS.empty().value("twa:amount")).isEmpty();
    }
}
