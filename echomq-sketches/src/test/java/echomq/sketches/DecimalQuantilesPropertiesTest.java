package echomq.sketches;

import echomq.testkit.Seeded;
import io.vavr.control.Option;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The percentiles of text-spelled folds ({@link DecimalQuantiles}) against exact ranks: numbers from
 * 10<sup>-6</sup> to 10<sup>12</sup> (log-uniform magnitudes, many digits, duplicates, numbers on
 * bucket bounds, negatives and zero), counts from one to about 10<sup>12</sup>, every answer checked
 * against the exact number of its rank ({@link BigDecimal}, sorted): never below it, and above it by
 * less than 0.1% of its magnitude. Answers below the exact value are counted over the whole run: 0.
 */
class DecimalQuantilesPropertiesTest {

    static final long SEED = Seeded.seed("DecimalQuantilesPropertiesTest");
    static final BigDecimal[] QS = {new BigDecimal("0"), new BigDecimal("0.001"), new BigDecimal("0.01"), new BigDecimal("0.07"),
            new BigDecimal("0.25"), new BigDecimal("0.5"), new BigDecimal("0.9"), new BigDecimal("0.99"), new BigDecimal("0.999"),
            new BigDecimal("0.9999"), BigDecimal.ONE};
    static final AtomicLong BELOW = new AtomicLong();
    static final AtomicLong ANSWERS = new AtomicLong();

    /** A number of one of several shapes, within [1e-6, 1e12] in magnitude (or zero). */
    static BigDecimal number(Random r, int shape) {
        BigDecimal magnitude = switch (shape) {
            // log-uniform over 18 decades, with 1 to 30 significant digits
            case 0 -> logUniform(r, 1 + r.nextInt(30));
            // on a bucket's bound: four significant digits or fewer, powers of ten, 9999 and 1000 of a decade
            case 1 -> bound(r);
            // just past or just below a bound: the bound ± one unit of the 12th significant digit
            case 2 -> {
                BigDecimal b = bound(r);
                BigDecimal unit = BigDecimal.ONE.movePointLeft(11 - (b.precision() - b.scale() - 1));
                yield r.nextBoolean() ? b.add(unit) : b.subtract(unit).max(new BigDecimal("0.000001"));
            }
            // few distinct values: heavy duplicates
            default -> new BigDecimal(new String[] {"0.0123", "0.0004", "0.5004", "1", "99.95", "1234.5678"}[r.nextInt(6)]);
        };
        int sign = r.nextInt(8);
        return sign == 0 ? BigDecimal.ZERO : sign == 1 ? magnitude.negate() : magnitude;
    }

    static BigDecimal logUniform(Random r, int digits) {
        double exponent = -6 + r.nextDouble() * 18;
        BigDecimal x = new BigDecimal(Math.pow(10, exponent)).round(new MathContext(digits, RoundingMode.HALF_EVEN));
        return clamp(x);
    }

    static BigDecimal bound(Random r) {
        int exponent = -6 + r.nextInt(18);
        int mantissa = switch (r.nextInt(4)) {
            case 0 -> 1000;
            case 1 -> 9999;
            default -> 1000 + r.nextInt(9000);
        };
        return clamp(BigDecimal.valueOf(mantissa, 3 - exponent));
    }

    static BigDecimal clamp(BigDecimal x) {
        return x.max(new BigDecimal("0.000001")).min(new BigDecimal("1000000000000")).stripTrailingZeros();
    }

    /** The text a producer would write of {@code x}: plain or with an exponent, read back by the fold's one rule. */
    static BigDecimal asRead(BigDecimal x, Random r) {
        String text = r.nextBoolean() ? x.toPlainString() : x.toString().replace("E+", "e");
        BigDecimal read = FieldNumber.orNull(text);
        assertThat(read).as(text).isNotNull();
        assertThat(read).isEqualByComparingTo(x);
        return read;
    }

    @TestFactory
    Stream<DynamicTest> everyAnswerIsAtLeastTheExactValueOfItsRankAndWithinATenthOfAPercent() {
        Random cases = new Random(SEED);
        return Stream.concat(IntStream.range(0, Math.max(1, Seeded.CASES / 2)).mapToObj(i -> {
            long seed = cases.nextLong();
            return DynamicTest.dynamicTest("case " + i + " seed " + seed, () -> {
                Random r = new Random(seed);
                int n = r.nextInt(5) == 0 ? 1 + r.nextInt(3) : r.nextInt(r.nextInt(20) == 0 ? 5_000 : r.nextBoolean() ? 50 : 500);
                int shape = r.nextInt(5);
                List<BigDecimal> values = new ArrayList<>();
                DecimalQuantiles state = DecimalQuantiles.EMPTY;
                for (int k = 0; k < n; k++) {
                    BigDecimal x = asRead(number(r, shape == 4 ? r.nextInt(4) : shape), r);
                    values.add(x);
                    state = state.with(x);
                }
                checkAgainstExactRanks(state, values);
                // any split, merged in any order, and the text: the one-pass state
                List<BigDecimal> shuffled = new ArrayList<>(values);
                Collections.shuffle(shuffled, r);
                int cut = shuffled.isEmpty() ? 0 : r.nextInt(shuffled.size());
                DecimalQuantiles left = DecimalQuantiles.EMPTY;
                DecimalQuantiles right = DecimalQuantiles.EMPTY;
                for (int k = 0; k < shuffled.size(); k++) {
                    if (k < cut) {
                        left = left.with(shuffled.get(k));
                    } else {
                        right = right.with(shuffled.get(k));
                    }
                }
                for (DecimalQuantiles split : List.of(left.merge(right), right.merge(left), DecimalQuantiles.decode(state.encode()),
                        DecimalQuantiles.decode(left.encode()).merge(DecimalQuantiles.decode(right.encode())))) {
                    assertThat(split).isEqualTo(state).hasSameHashCodeAs(state);
                    assertThat(split.encode()).isEqualTo(state.encode());
                }
            });
        }), Stream.of(DynamicTest.dynamicTest("no answer of the run was below the exact value of its rank", () -> {
            assertThat(ANSWERS.get()).as("answers checked").isGreaterThan(Seeded.CASES / 2);
            assertThat(BELOW.get()).as("answers below the exact value of their rank, of %d", ANSWERS.get()).isZero();
        })));
    }

    /** Each quantile against the exact number of rank max(1, ⌈q·n⌉) of the sorted numbers. */
    static void checkAgainstExactRanks(DecimalQuantiles state, List<BigDecimal> values) {
        List<BigDecimal> sorted = new ArrayList<>(values);
        sorted.sort(null);
        assertThat(state.count()).isEqualTo(sorted.size());
        if (sorted.isEmpty()) {
            assertThat(state.quantile(new BigDecimal("0.5"))).isEmpty();
            return;
        }
        assertThat(state.min().get()).isEqualByComparingTo(sorted.get(0));
        assertThat(state.max().get()).isEqualByComparingTo(sorted.get(sorted.size() - 1));
        TreeMap<BigDecimal, Long> counts = new TreeMap<>();
        sorted.forEach(v -> counts.merge(v, 1L, Long::sum));
        for (BigDecimal q : QS) {
            long rank = Math.max(1, q.multiply(BigDecimal.valueOf(sorted.size())).setScale(0, RoundingMode.CEILING).longValueExact());
            checkOne(state, q, sorted.get((int) rank - 1));
        }
    }

    static void checkOne(DecimalQuantiles state, BigDecimal q, BigDecimal exact) {
        BigDecimal answer = state.quantile(q).get();
        ANSWERS.incrementAndGet();
        if (answer.compareTo(exact) < 0) {
            BELOW.incrementAndGet();
        }
        assertThat(answer).as("q=%s: never below %s", q, exact).isGreaterThanOrEqualTo(exact);
        assertThat(answer.subtract(exact)).as("q=%s: within 0.1%% of %s", q, exact)
                .isLessThan(exact.abs().multiply(DecimalQuantiles.RELATIVE_ERROR).max(new BigDecimal("1e-60")));
        if (exact.stripTrailingZeros().precision() <= DecimalQuantiles.DIGITS) {
            assertThat(answer).as("q=%s: a number of four significant digits is exact", q).isEqualByComparingTo(exact);
        }
    }

    @Test
    void hugeCountsKeepExactRanks() {
        Random r = new Random(SEED);
        for (int round = 0; round < 200; round++) {
            // a few numbers, each counted 2^k times (k up to 39) by merging a state with itself
            TreeMap<BigDecimal, Long> exact = new TreeMap<>();
            DecimalQuantiles state = DecimalQuantiles.EMPTY;
            for (int k = 0; k < 1 + r.nextInt(6); k++) {
                BigDecimal x = asRead(number(r, r.nextInt(4)), r);
                DecimalQuantiles one = DecimalQuantiles.EMPTY.with(x);
                int doublings = r.nextInt(40);
                for (int d = 0; d < doublings; d++) {
                    one = one.merge(one);
                }
                state = state.merge(one);
                exact.merge(x, 1L << doublings, Long::sum);
            }
            assertThat(state.count()).isEqualTo(exact.values().stream().mapToLong(Long::longValue).sum());
            assertThat(DecimalQuantiles.decode(state.encode())).isEqualTo(state);
            for (BigDecimal q : QS) {
                long rank = Math.max(1, q.multiply(BigDecimal.valueOf(state.count())).setScale(0, RoundingMode.CEILING).longValueExact());
                long seen = 0;
                for (var e : exact.entrySet()) {
                    seen += e.getValue();
                    if (seen >= rank) {
                        checkOne(state, q, e.getKey());
                        break;
                    }
                }
            }
        }
    }

    @Test
    void theIssuesNumbersAreAnsweredExactly() {
        for (String v : new String[] {"0.0123", "0.0004", "0.5004", "0.000001", "999999999999", "-0.0123", "0"}) {
            DecimalQuantiles s = DecimalQuantiles.EMPTY.with(FieldNumber.orNull(v));
            assertThat(s.quantile(new BigDecimal("0.5")).get()).as(v).isEqualByComparingTo(v);
        }
        DecimalQuantiles many = DecimalQuantiles.EMPTY.with(FieldNumber.orNull("0.01234567"));
        assertThat(many.quantile(new BigDecimal("0.5")).get()).as("clamped to the exact greatest").isEqualByComparingTo("0.01234567");
        many = many.with(FieldNumber.orNull("0.01234999")).with(FieldNumber.orNull("0.02"));
        assertThat(many.quantile(new BigDecimal("0.5")).get()).as("the bucket's bound, above the exact 0.01234999 by 0.0000008%")
                .isEqualByComparingTo("0.01235");
        assertThat(many.quantile(new BigDecimal("0.3")).get()).as("rank 1, the same bucket").isEqualByComparingTo("0.01235");
    }

    @Test
    void bucketKeysAscendAsTheNumbersDoAndEachBoundIsTheGreatestOfItsBucket() {
        Random r = new Random(SEED);
        List<BigDecimal> xs = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            xs.add(asRead(number(r, r.nextInt(4)), r));
        }
        xs.add(new BigDecimal("1e-40"));
        xs.add(new BigDecimal("-1e-40"));
        xs.add(new BigDecimal("9.9999e39").stripTrailingZeros());
        xs.add(new BigDecimal("-9.9999999e39").stripTrailingZeros());
        xs.sort(null);
        for (int i = 1; i < xs.size(); i++) {
            assertThat(DecimalQuantiles.key(xs.get(i))).as("%s after %s", xs.get(i), xs.get(i - 1))
                    .isGreaterThanOrEqualTo(DecimalQuantiles.key(xs.get(i - 1)));
        }
        for (BigDecimal x : xs) {
            int key = DecimalQuantiles.key(x);
            BigDecimal bound = DecimalQuantiles.valueOf(key);
            assertThat(bound).as("bound of %s", x).isGreaterThanOrEqualTo(x);
            assertThat(DecimalQuantiles.key(bound)).as("the bound of %s is in its bucket", x).isEqualTo(key);
            assertThat(Math.abs(key)).isLessThanOrEqualTo(DecimalQuantiles.MAX_KEY);
        }
    }

    @Test
    void badTextIsRefusedByName() {
        DecimalQuantiles one = DecimalQuantiles.EMPTY.with(BigDecimal.ONE);
        assertThat(DecimalQuantiles.decode(DecimalQuantiles.EMPTY.encode())).isEqualTo(DecimalQuantiles.EMPTY);
        assertThat(one.encode()).startsWith("r2;1;1;");
        String key = Integer.toString(DecimalQuantiles.key(BigDecimal.ONE));
        for (String bad : List.of("", "x", "q1;2;1000;5;5;5*1", "r2;1;1;" + key + "*0", "r2;1;2;" + key + "*1", "r2;2;1;" + key + "*1",
                "r2;1;1;" + key + "*1," + key + "*1", "r2;1;1;x", "r2;;;" + key + "*1", "r2;1;;", "r2;1;1;99999999*1")) {
            assertThatThrownBy(() -> DecimalQuantiles.decode(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> one.quantile(new BigDecimal("1.5"))).hasMessageContaining("1.5");
        assertThat(DecimalQuantiles.EMPTY.quantile(BigDecimal.ONE)).isEqualTo(Option.none());
    }

    @Test
    void aStepNeverChangesTheStateItWasGiven() {
        DecimalQuantiles before = DecimalQuantiles.EMPTY.with(BigDecimal.ONE).with(new BigDecimal("500"));
        String text = before.encode();
        before.with(new BigDecimal("7"));
        before.with(BigDecimal.ONE);
        before.merge(before);
        assertThat(before.encode()).isEqualTo(text);
        assertThat(before.count()).isEqualTo(2);
    }
}
