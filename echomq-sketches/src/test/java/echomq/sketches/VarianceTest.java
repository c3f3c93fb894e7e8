package echomq.sketches;

import echomq.domain.stream.StreamEntry;
import echomq.testkit.Seeded;
import io.vavr.control.Option;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code var:F}, {@code var_samp:F}, {@code stddev:F}, {@code stddev_samp:F} against the definition
 * written out apart: the squared distances from the mean, {@code Σ(x − S/n)²}, summed exactly (as
 * {@code Σ(n·x − S)² / n²}, so no mean is rounded), over {@code n} or {@code n − 1}. The variances
 * are equal to 16 significant digits; the deviations within one unit of their 16th digit.
 */
class VarianceTest {

    static final long SEED = Seeded.seed("VarianceTest");
    static final Aggregates FOLDS = Aggregates.parse("var:amount,var_samp:amount,stddev:amount,stddev_samp:amount,count");

    @TestFactory
    Stream<DynamicTest> equalToTheDefinitionWrittenOut() {
        return FoldLaws.cases(SEED, r -> {
            List<StreamEntry> entries = r.nextInt(5) == 0 ? spread(r) : AggregatesPropertiesTest.entries(r);
            AggregateState s = FoldLaws.check(FOLDS, entries, r, true);
            List<BigDecimal> xs = FoldLaws.samples(entries, "amount").stream().map(FoldLaws.Sample::number).toList();
            check(s, xs);
            assertThat(s.skipped().get("stddev_samp:amount").get()).isEqualTo(entries.size() - xs.size());
        });
    }

    /** Numbers of every magnitude the rule reads, many digits, so the sums outgrow a double's 17 digits by far. */
    static List<StreamEntry> spread(Random r) {
        List<StreamEntry> out = new java.util.ArrayList<>();
        for (int i = 0; i < 1 + r.nextInt(60); i++) {
            BigDecimal x = new BigDecimal(new java.math.BigInteger(1 + r.nextInt(100), r), r.nextInt(40) - 10);
            out.add(Splits.entry(i + 1, "amount", (r.nextBoolean() ? x : x.negate()).toPlainString()));
        }
        return out;
    }

    static void check(AggregateState s, List<BigDecimal> xs) {
        long n = xs.size();
        BigDecimal sum = xs.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal nn = BigDecimal.valueOf(n);
        // Σ (n·x − S)² = n² · Σ (x − mean)²: exact
        BigDecimal squaredDistances = xs.stream().map(x -> nn.multiply(x).subtract(sum).pow(2)).reduce(BigDecimal.ZERO, BigDecimal::add);
        Option<BigDecimal> pop = n == 0 ? Option.none() : Option.some(squaredDistances.divide(nn.pow(3), MathContext.DECIMAL64));
        Option<BigDecimal> samp = n < 2 ? Option.none()
                : Option.some(squaredDistances.divide(nn.pow(2).multiply(BigDecimal.valueOf(n - 1)), MathContext.DECIMAL64));
        assertThat(s.value("var:amount").map(BigDecimal::stripTrailingZeros)).isEqualTo(pop.map(BigDecimal::stripTrailingZeros));
        assertThat(s.value("var_samp:amount").map(BigDecimal::stripTrailingZeros)).isEqualTo(samp.map(BigDecimal::stripTrailingZeros));
        MathContext wide = new MathContext(80, RoundingMode.HALF_EVEN);
        withinOneUnit(s.value("stddev:amount"), n == 0 ? Option.none()
                : Option.some(squaredDistances.divide(nn.pow(3), wide).sqrt(wide)));
        withinOneUnit(s.value("stddev_samp:amount"), n < 2 ? Option.none()
                : Option.some(squaredDistances.divide(nn.pow(2).multiply(BigDecimal.valueOf(n - 1)), wide).sqrt(wide)));
    }

    static void withinOneUnit(Option<BigDecimal> ours, Option<BigDecimal> exact) {
        assertThat(ours.isDefined()).isEqualTo(exact.isDefined());
        if (exact.isDefined()) {
            BigDecimal rounded = exact.get().round(MathContext.DECIMAL64);
            BigDecimal unit = rounded.signum() == 0 ? BigDecimal.ZERO : rounded.ulp();
            assertThat(ours.get().subtract(rounded).abs()).as("%s against %s", ours.get(), rounded).isLessThanOrEqualTo(unit);
        }
    }

    @Test
    void edgeCases() {
        Aggregates f = Aggregates.parse("var:x,var_samp:x,stddev:x,stddev_samp:x");
        assertThat(f.empty().values().values().toJavaList()).containsOnly(Option.none());
        AggregateState one = f.fold().foldAll(List.of(Splits.entry(1, "x", "5")));
        assertThat(one.value("var:x")).contains(BigDecimal.ZERO);
        assertThat(one.value("stddev:x")).contains(BigDecimal.ZERO);
        assertThat(one.value("var_samp:x")).isEmpty();
        AggregateState two = f.fold().foldAll(List.of(Splits.entry(1, "x", "1"), Splits.entry(2, "x", "3")));
        assertThat(two.value("var:x").get()).isEqualByComparingTo("1");
        assertThat(two.value("var_samp:x").get()).isEqualByComparingTo("2");
        assertThat(two.value("stddev_samp:x").get()).isEqualByComparingTo("1.414213562373095");
        // a large mean and a tiny spread: a running update in doubles loses it, exact sums do not
        AggregateState far = f.fold().foldAll(List.of(Splits.entry(1, "x", "1000000000.000001"), Splits.entry(2, "x", "1000000000.000003")));
        assertThat(far.value("var:x").get()).isEqualByComparingTo("1e-12");
        assertThat(two.rollupFields(0).get("var_x_state")).contains("2/4/10");
    }
}
