package echomq.sketches;

import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.fold.UnreadableEntryException;
import echomq.domain.stream.StreamEntry;
import echomq.testkit.Seeded;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Distinct counts merge exactly (every split of a run gives the one-pass state and estimate, bit for
 * bit, on both sides of the exact limit), are exact up to it, and within their stated error beyond.
 */
class DistinctCountPropertiesTest {

    static final long SEED = Seeded.seed("DistinctCountPropertiesTest");

    @TestFactory
    Stream<DynamicTest> everySplitGivesTheOnePassStateAndEstimate() {
        Random cases = new Random(SEED);
        return IntStream.range(0, Seeded.CASES).mapToObj(i -> {
            long seed = cases.nextLong();
            return DynamicTest.dynamicTest("case " + i + " seed " + seed, () -> {
                Random r = new Random(seed);
                int precision = 4 + r.nextInt(12);
                Checkpointable<DistinctState> fold = DistinctCount.of("d", "v", precision);
                // pools on both sides of the exact limit, so splits cross the switch to registers
                int pool = 1 + r.nextInt(r.nextBoolean() ? 400 : 3_000);
                int n = r.nextInt(Math.min(2_000, 3 * pool) + 1);
                List<StreamEntry> entries = new ArrayList<>();
                Set<String> distinct = new HashSet<>();
                for (int k = 0; k < n; k++) {
                    String v = "u-" + r.nextInt(pool);
                    distinct.add(v);
                    entries.add(Splits.entry(k + 1, "v", v));
                }
                DistinctState once = fold.foldAll(entries);
                for (DistinctState split : List.of(Splits.paged(fold, entries, r), Splits.pieces(fold, entries, r),
                        Splits.partitioned(fold, entries, r), fold.codec().decode(fold.codec().encode(once)))) {
                    assertThat(split).isEqualTo(once).hasSameHashCodeAs(once);
                    assertThat(Double.doubleToRawLongBits(split.estimate())).isEqualTo(Double.doubleToRawLongBits(once.estimate()));
                }
                assertThat(fold.codec().encode(fold.codec().decode(fold.codec().encode(once)))).isEqualTo(fold.codec().encode(once));
                assertThat(once.isExact()).isEqualTo(distinct.size() <= DistinctState.EXACT_LIMIT);
                if (once.isExact()) {
                    assertThat(once.rounded()).isEqualTo(distinct.size());
                } else {
                    assertThat(Math.abs(once.estimate() - distinct.size()))
                            .isLessThanOrEqualTo(5 * once.relativeStandardError() * distinct.size());
                }
            });
        });
    }

    @Test
    void exactUpToTheLimitOneValueAtATime() {
        Checkpointable<DistinctState> fold = DistinctCount.of("d", "v", 14);
        DistinctState s = fold.initial();
        assertThat(s.estimate()).isEqualTo(0.0);
        for (int i = 1; i <= DistinctState.EXACT_LIMIT; i++) {
            s = fold.step(s, Splits.entry(i, "v", "x" + i));
            s = fold.step(s, Splits.entry(i, "v", "x" + (i / 2 + 1)));   // a repeat changes nothing
            assertThat(s.estimate()).isEqualTo(i);
            assertThat(s.isExact()).isTrue();
        }
        s = fold.step(s, Splits.entry(1_000, "v", "one more"));
        assertThat(s.isExact()).isFalse();
        assertThat(Math.abs(s.estimate() - 513)).isLessThan(513 * 0.02);
    }

    /**
     * Within 2% at two standard deviations from 1,000 to 1,000,000: the stated error is 1.04/√16384 =
     * 0.81%, and the measured errors agree with it (nearly all within two of it, none beyond four).
     */
    @Test
    void withinTheStatedErrorFromAThousandToAMillion() {
        Random r = new Random(SEED);
        Checkpointable<DistinctState> fold = DistinctCount.of("d", "v", 14);
        double rse = 1.04 / 128;
        assertThat(2 * rse).isLessThan(0.02);
        int trials = 0;
        int withinTwo = 0;
        for (int n : new int[] {1_000, 3_000, 10_000, 30_000, 100_000}) {
            for (int t = 0; t < 12; t++) {
                double error = relativeError(fold, n, r.nextLong());
                trials++;
                withinTwo += error <= 2 * rse ? 1 : 0;
                assertThat(error).as("%d distinct", n).isLessThanOrEqualTo(4 * rse);
            }
        }
        double million = relativeError(fold, 1_000_000, r.nextLong());
        System.out.printf("[distinct] 1,000,000 distinct: relative error %.4f%%; %d of %d smaller runs within 2 sigma%n",
                100 * million, withinTwo, trials);
        assertThat(million).isLessThanOrEqualTo(4 * rse);
        assertThat(withinTwo).isGreaterThanOrEqualTo((int) (0.85 * trials));
    }

    static double relativeError(Checkpointable<DistinctState> fold, int n, long salt) {
        DistinctState s = fold.initial();
        for (int i = 0; i < n; i++) {
            s = fold.step(s, Splits.entry(i + 1, "v", salt + ":" + i));
        }
        return Math.abs(s.estimate() - n) / n;
    }

    @Test
    void aMissingFieldOrBadConfigurationIsRefusedByName() {
        Checkpointable<DistinctState> fold = DistinctCount.of("d", "v", 12);
        assertThatThrownBy(() -> fold.step(fold.initial(), Splits.entry(9, "w", "x")))
                .isInstanceOf(UnreadableEntryException.class).hasMessageContaining("9-0").hasMessageContaining("\"v\"");
        assertThatThrownBy(() -> DistinctCount.of("d", "v", 3)).hasMessageContaining("precision 3");
        assertThatThrownBy(() -> DistinctCount.of("d", "v", 19)).hasMessageContaining("precision 19");
        Checkpointable<DistinctState> other = DistinctCount.of("d", "v", 13);
        assertThatThrownBy(() -> fold.combine(fold.initial(), other.initial())).hasMessageContaining("cannot merge");
        assertThatThrownBy(() -> other.codec().decode(fold.codec().encode(fold.initial()))).hasMessageContaining("precision 12");
        for (String bad : List.of("", "d1;12;E;!!", "d1;12;R;AAAA", "d1;12;X;", "d2;12;E;")) {
            assertThatThrownBy(() -> fold.codec().decode(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aStepNeverChangesTheStateItWasGiven() {
        Checkpointable<DistinctState> fold = DistinctCount.of("d", "v", 8);
        DistinctState before = fold.initial();
        for (int i = 0; i < 2_000; i++) {
            before = fold.step(before, Splits.entry(i + 1, "v", "v" + i));
        }
        String text = fold.codec().encode(before);
        DistinctState after = before;
        for (int i = 0; i < 2_000; i++) {
            after = fold.step(after, Splits.entry(i + 1, "v", "w" + i));
        }
        fold.combine(before, after);
        assertThat(fold.codec().encode(before)).isEqualTo(text);
        assertThat(after).isNotEqualTo(before);
    }
}
