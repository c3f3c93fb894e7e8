package echomq.sketches;

import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Tally;
import echomq.domain.fold.UnreadableEntryException;
import echomq.domain.stream.StreamEntry;
import echomq.testkit.Seeded;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Quantiles merge exactly (every split of a run gives the one-pass state, bit for bit, and the same
 * answers) and answer within their stated error of the exact quantile of the sorted values.
 */
class QuantilesPropertiesTest {

    static final long SEED = Seeded.seed("QuantilesPropertiesTest");
    static final double[] QS = {0.0, 0.01, 0.25, 0.5, 0.9, 0.99, 0.999, 1.0};

    /** Values of several shapes: small (exact buckets), log-uniform up to the highest, few repeated values. */
    static long value(Random r, int shape, long highest) {
        return Math.min(highest, switch (shape) {
            case 0 -> r.nextInt(300);
            case 1 -> (long) Math.exp(r.nextDouble() * Math.log(highest));
            case 2 -> 1000L * (1 + r.nextInt(4));
            default -> r.nextBoolean() ? 0 : highest;
        });
    }

    static List<StreamEntry> run(Random r, int n, long highest) {
        int shape = r.nextInt(4);
        List<StreamEntry> entries = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            entries.add(Splits.entry(i + 1, "v", Long.toString(value(r, shape, highest))));
        }
        return entries;
    }

    @TestFactory
    Stream<DynamicTest> everySplitGivesTheOnePassStateAndAnswers() {
        Random cases = new Random(SEED);
        return IntStream.range(0, Seeded.CASES).mapToObj(i -> {
            long seed = cases.nextLong();
            return DynamicTest.dynamicTest("case " + i + " seed " + seed, () -> {
                Random r = new Random(seed);
                int digits = 1 + r.nextInt(3);
                long highest = 2 + (long) Math.exp(r.nextDouble() * Math.log(1e12));
                Checkpointable<QuantileState> fold = Quantiles.of("q", "v", digits, highest);
                List<StreamEntry> entries = run(r, r.nextInt(200), highest);
                QuantileState once = fold.foldAll(entries);
                for (QuantileState split : List.of(Splits.paged(fold, entries, r), Splits.pieces(fold, entries, r),
                        Splits.partitioned(fold, entries, r), fold.codec().decode(fold.codec().encode(once)))) {
                    assertThat(split).isEqualTo(once).hasSameHashCodeAs(once);
                    for (double q : QS) {
                        assertThat(split.quantile(q)).isEqualTo(once.quantile(q));
                    }
                }
                assertThat(fold.codec().encode(fold.codec().decode(fold.codec().encode(once)))).isEqualTo(fold.codec().encode(once));
                assertWithinError(once, entries);
            });
        });
    }

    /** Every quantile is at least the exact one and above it by less than the stated relative error. */
    static void assertWithinError(QuantileState state, List<StreamEntry> entries) {
        long[] sorted = entries.stream().mapToLong(e -> Long.parseLong(e.field("v").get())).sorted().toArray();
        assertThat(state.count()).isEqualTo(sorted.length);
        if (sorted.length == 0) {
            assertThat(state.quantile(0.5)).isEmpty();
            assertThat(state.max()).isEmpty();
            return;
        }
        assertThat(state.min()).contains(sorted[0]);
        assertThat(state.max()).contains(sorted[sorted.length - 1]);
        for (double q : QS) {
            long exact = sorted[(int) Math.max(1, (long) Math.ceil(q * sorted.length)) - 1];
            long answer = state.quantile(q).get();
            assertThat(answer).as("q=%s of %d values", q, sorted.length).isGreaterThanOrEqualTo(exact);
            assertThat((double) (answer - exact)).as("q=%s error", q).isLessThanOrEqualTo(exact * state.relativeError());
        }
    }

    @Test
    void p50P90AndP99OfManyValuesAreWithinTheStatedErrorAndInHdrHistogramsBucket() {
        Random r = new Random(SEED);
        long highest = 3_600_000_000L;
        for (int digits = 1; digits <= 3; digits++) {
            Checkpointable<QuantileState> fold = Quantiles.of("latency", "v", digits, highest);
            Histogram reference = new Histogram(1, highest, digits);
            List<StreamEntry> entries = new ArrayList<>();
            for (int i = 0; i < 100_000; i++) {
                long v = Math.min(highest, (long) Math.exp(r.nextGaussian() * 2 + 9));   // log-normal, a latency's shape
                entries.add(Splits.entry(i + 1, "v", Long.toString(v)));
                reference.recordValue(v);
            }
            QuantileState state = fold.foldAll(entries);
            assertWithinError(state, entries);
            for (double q : new double[] {0.5, 0.9, 0.99}) {
                long ours = state.quantile(q).get();
                assertThat(reference.lowestEquivalentValue(ours)).as("p%s, %d digits", q * 100, digits)
                        .isEqualTo(reference.lowestEquivalentValue(reference.getValueAtPercentile(q * 100)));
            }
        }
    }

    /** The bucket index math is HdrHistogram's: every index is one bucket, in order, and every value falls in its bucket. */
    @Test
    void theBucketIndexIsHdrHistogramsBucket() {
        Random r = new Random(SEED);
        for (int digits = 1; digits <= 5; digits++) {
            for (long highest : new long[] {2, 1_000, 3_600_000_000L, digits < 4 ? Long.MAX_VALUE / 2 : 1L << 40}) {
                QuantileState.Layout layout = new QuantileState.Layout(digits, highest);
                long previous = -1;
                for (int i = 0; i < layout.length(); i++) {
                    long v = layout.valueAt(i);
                    assertThat(v).as("%s index %d", layout, i).isGreaterThan(previous);
                    assertThat(layout.lowest(v)).as("%s index %d", layout, i).isEqualTo(v);
                    assertThat(layout.index(v)).isEqualTo(i);
                    previous = v;
                }
                assertThat(layout.valueAt(layout.length() - 1)).isLessThanOrEqualTo(highest);
                for (int k = 0; k < 10_000; k++) {
                    long v = Math.min(highest, (long) Math.exp(r.nextDouble() * Math.log(highest)) + r.nextInt(3));
                    assertThat(layout.valueAt(layout.index(v))).as("%s value %d", layout, v).isEqualTo(layout.lowest(v));
                }
            }
        }
    }

    @Test
    void edgeCases() {
        Checkpointable<QuantileState> fold = Quantiles.of("q", "v", 2, 1000);
        QuantileState empty = fold.initial();
        assertThat(empty.isEmpty()).isTrue();
        assertThat(empty.quantile(0.9)).isEmpty();
        assertThat(fold.codec().decode(fold.codec().encode(empty))).isEqualTo(empty);
        assertThat(fold.combine(empty, empty)).isEqualTo(empty);
        QuantileState one = fold.step(empty, Splits.entry(1, "v", "0"));
        // one chunk of counts more than the empty state, whose chunks of zeros are left out
        assertThat(one.footprint() - empty.footprint()).isBetween(16 + 8 * 32L, 16 + 8 * 64L);
        assertThat(one.quantile(0.0)).contains(0L);
        assertThat(one.quantile(1.0)).contains(0L);
        QuantileState top = fold.step(empty, Splits.entry(1, "v", "1000"));
        assertThat(top.quantile(0.5)).contains(1000L);
        assertThat(fold.combine(one, top)).isEqualTo(fold.combine(top, one));
        assertThat(fold.combine(one, top).quantile(0.5)).contains(0L);
        assertThat(fold.combine(one, top).quantile(0.51)).contains(1000L);
        assertThatThrownBy(() -> one.quantile(1.5)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1.5");
        assertThatThrownBy(() -> one.quantile(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBadValueIsAnUnreadableEntryNamingTheFieldAndTheEntry() {
        Checkpointable<QuantileState> fold = Quantiles.of("q", "v", 2, 1000);
        for (String bad : List.of("x", "1.5", "-1", "1001", "")) {
            assertThatThrownBy(() -> fold.step(fold.initial(), Splits.entry(7, "v", bad)))
                    .isInstanceOf(UnreadableEntryException.class).hasMessageContaining("\"v\"").hasMessageContaining("7-0");
        }
        assertThatThrownBy(() -> fold.step(fold.initial(), Splits.entry(7, "w", "1")))
                .isInstanceOf(UnreadableEntryException.class).hasMessageContaining("no field \"v\"");
        CombinableFold<Tally<QuantileState>> counted = Tally.counting(fold);
        Tally<QuantileState> t = counted.foldAll(List.of(Splits.entry(1, "v", "5"), Splits.entry(2, "v", "five")));
        assertThat(t.skipped()).isEqualTo(1);
        assertThat(t.value().count()).isEqualTo(1);
    }

    @Test
    void aBadConfigurationOrStateIsRefusedByName() {
        assertThatThrownBy(() -> Quantiles.of("q", "v", 0, 1000)).hasMessageContaining("significant digits 0");
        assertThatThrownBy(() -> Quantiles.of("q", "v", 6, 1000)).hasMessageContaining("significant digits 6");
        assertThatThrownBy(() -> Quantiles.of("q", "v", 2, 1)).hasMessageContaining("highest trackable value 1");
        assertThatThrownBy(() -> Quantiles.of(" ", "v", 2, 1000)).isInstanceOf(IllegalArgumentException.class);
        Checkpointable<QuantileState> a = Quantiles.of("q", "v", 2, 1000);
        Checkpointable<QuantileState> b = Quantiles.of("q", "v", 3, 1000);
        QuantileState one = a.step(a.initial(), Splits.entry(1, "v", "5"));
        QuantileState other = b.step(b.initial(), Splits.entry(1, "v", "5"));
        assertThatThrownBy(() -> a.combine(one, other)).hasMessageContaining("cannot merge");
        assertThatThrownBy(() -> b.codec().decode(a.codec().encode(one))).hasMessageContaining("2 digits up to 1000");
        for (String bad : List.of("", "x", "q1;2;1000;5;5;5*0", "q1;2;1000;5;5;7*1", "q1;2;1000;5;5;x")) {
            assertThatThrownBy(() -> a.codec().decode(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aStepNeverChangesTheStateItWasGiven() {
        Checkpointable<QuantileState> fold = Quantiles.of("q", "v", 2, 1000);
        QuantileState before = fold.foldAll(List.of(Splits.entry(1, "v", "5"), Splits.entry(2, "v", "500")));
        String text = fold.codec().encode(before);
        fold.step(before, Splits.entry(3, "v", "7"));
        fold.combine(before, before);
        assertThat(fold.codec().encode(before)).isEqualTo(text);
        assertThat(Arrays.asList(before.count(), before.buckets())).containsExactly(2L, 2);
    }
}
