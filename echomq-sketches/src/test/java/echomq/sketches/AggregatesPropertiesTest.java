package echomq.sketches;

import echomq.domain.fold.UnreadableEntryException;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.testkit.Seeded;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.math.MathContext;
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
 * {@link Aggregates}: each fold's value equals an independent exact computation (sketches within
 * their stated error); every split, the codec and a rollup of rollups give the one-pass state.
 */
class AggregatesPropertiesTest {

    static final long SEED = Seeded.seed("AggregatesPropertiesTest");
    static final Aggregates ALL = Aggregates.parse("count,sum:amount,min:amount,max:amount,avg:amount,p50:amount,p99:amount,distinct:user");

    /** Texts near numbers: some are numbers by the rule, most are not. */
    static final String[] ODD = {" 7", "+7", "007", "1e400", "1e-41", "-0", "0.0123", "0.0004", "1E3", ".5", "5.", "NaN", "٣", "0x1F",
            "1e39", "-1e-40", "12345678901234567890.123456789"};

    static StreamEntry entry(long ms, long seq, Random r) {
        java.util.LinkedHashMap<String, String> f = new java.util.LinkedHashMap<>();
        // fields in any order, some missing or not numbers
        List<String[]> parts = new ArrayList<>();
        int kind = r.nextInt(10);
        if (kind > 0) {
            String amount = kind == 1 ? (r.nextBoolean() ? "n/a" : ODD[r.nextInt(ODD.length)]) : kind == 2 ? "-" + r.nextInt(50) + "." + r.nextInt(100)
                    : kind == 3 ? r.nextInt(20) + "e1" : r.nextInt(1_000) + (r.nextBoolean() ? "." + r.nextInt(1000) : "");
            parts.add(new String[] {"amount", amount});
        }
        if (r.nextInt(8) > 0) {
            parts.add(new String[] {"user", "u" + r.nextInt(r.nextBoolean() ? 30 : 3_000)});
        }
        parts.add(new String[] {"note", "x"});
        java.util.Collections.shuffle(parts, r);
        parts.forEach(p -> f.put(p[0], p[1]));
        return new StreamEntry(StreamId.of(ms, seq), Option.none(), LinkedHashMap.ofAll(f));
    }

    static List<StreamEntry> entries(Random r) {
        List<StreamEntry> list = new ArrayList<>();
        long ms = 1_700_000_000_000L + r.nextInt(1_000_000);
        int n = r.nextInt(r.nextBoolean() ? 40 : 700); // past the distinct count's exact limit (512) now and then
        for (int i = 0; i < n; i++) {
            ms += r.nextInt(4) == 0 ? 0 : r.nextInt(30_000);
            list.add(entry(ms, i, r)); // seq i: unique ids, never a rollup entry's shape (no `to`)
        }
        return list;
    }

    @TestFactory
    Stream<DynamicTest> valuesEqualAnIndependentFoldAndEverySplitTheOnePassState() {
        Random cases = new Random(SEED);
        return IntStream.range(0, Math.max(1, Seeded.CASES / 4)).mapToObj(i -> {
            long seed = cases.nextLong();
            return DynamicTest.dynamicTest("case " + i + " seed " + seed, () -> {
                Random r = new Random(seed);
                List<StreamEntry> entries = entries(r);
                // every split, the codec, a rollup of rollups and the rollup entries folded give the one-pass state
                AggregateState once = FoldLaws.check(ALL, entries, r, true);
                checkAgainstIndependent(entries, once);
            });
        });
    }

    static void checkAgainstIndependent(List<StreamEntry> entries, AggregateState s) {
        BigDecimal sum = BigDecimal.ZERO;
        BigDecimal min = null;
        BigDecimal max = null;
        List<BigDecimal> values = new ArrayList<>();
        Set<String> users = new HashSet<>();
        long withoutUser = 0;
        for (StreamEntry e : entries) {
            e.field("user").forEach(users::add);
            withoutUser += e.field("user").isEmpty() ? 1 : 0;
            Option<BigDecimal> read = e.field("amount").flatMap(FieldNumberTest::reference);
            if (read.isEmpty()) {
                continue;
            }
            BigDecimal v = read.get();
            sum = sum.add(v);
            min = min == null || v.compareTo(min) < 0 ? v : min;
            max = max == null || v.compareTo(max) > 0 ? v : max;
            values.add(v);
        }
        assertThat(s.entries()).isEqualTo(entries.size());
        long notRead = entries.size() - values.size();
        assertThat(s.skipped().toJavaMap()).isEqualTo(java.util.Map.of("sum:amount", notRead, "min:amount", notRead, "max:amount", notRead,
                "avg:amount", notRead, "p50:amount", notRead, "p99:amount", notRead, "distinct:user", withoutUser));
        assertThat(s.value("count").get()).isEqualByComparingTo(BigDecimal.valueOf(entries.size()));
        assertThat(s.value("sum:amount").get()).isEqualByComparingTo(sum);
        assertThat(s.value("min:amount").map(BigDecimal::stripTrailingZeros)).isEqualTo(Option.of(min).map(BigDecimal::stripTrailingZeros));
        assertThat(s.value("max:amount").map(BigDecimal::stripTrailingZeros)).isEqualTo(Option.of(max).map(BigDecimal::stripTrailingZeros));
        if (values.isEmpty()) {
            assertThat(s.value("avg:amount")).isEmpty();
        } else {
            assertThat(s.value("avg:amount").get())
                    .isEqualByComparingTo(sum.divide(BigDecimal.valueOf(values.size()), MathContext.DECIMAL64));
        }
        if (users.size() <= DistinctState.EXACT_LIMIT) {
            assertThat(s.value("distinct:user").get()).isEqualByComparingTo(BigDecimal.valueOf(users.size()));
        }
        // a percentile counts every number: the value of its rank, or above it by less than 0.1% of it
        List<BigDecimal> counted = values.stream().sorted().toList();
        for (double q : new double[] {0.5, 0.99}) {
            Option<BigDecimal> p = s.value(q == 0.5 ? "p50:amount" : "p99:amount");
            if (counted.isEmpty()) {
                assertThat(p).isEmpty();
                continue;
            }
            BigDecimal exact = counted.get(Math.max(0, (int) Math.ceil(q * counted.size()) - 1));
            assertThat(p.get()).as("p%s of %s values", q, counted.size()).isGreaterThanOrEqualTo(exact);
            assertThat(p.get().subtract(exact)).as("p%s of %s values", q, counted.size())
                    .isLessThanOrEqualTo(exact.abs().multiply(new BigDecimal("0.001")));
        }
    }

    @Test
    void aQuietStateHasItsIdentities() {
        AggregateState none = ALL.empty();
        assertThat(none.values().mapValues(v -> v.map(BigDecimal::toPlainString)).toJavaMap()).containsExactlyInAnyOrderEntriesOf(java.util.Map.of(
                "count", Option.some("0"), "sum:amount", Option.some("0"), "min:amount", Option.none(), "max:amount", Option.none(),
                "avg:amount", Option.none(), "p50:amount", Option.none(), "p99:amount", Option.none(), "distinct:user", Option.some("0")));
        assertThat(none.rollupFields(59_999).keySet().toJavaList()).startsWith("to", "entries", "count", "sum_amount", "min_amount");
    }

    @Test
    void aRollupEntryMissingAFoldItsReaderAsksIsNamed() {
        Aggregates countOnly = Aggregates.parse("count");
        StreamEntry raw = new StreamEntry(StreamId.of(60_000, 3), Option.none(), LinkedHashMap.of("amount", "5"));
        LinkedHashMap<String, String> f = countOnly.fold().step(countOnly.empty(), raw).rollupFields(119_999);
        StreamEntry minute = new StreamEntry(StreamId.of(60_000, 0), Option.none(), f);
        assertThat(countOnly.fold().step(countOnly.empty(), minute).entries()).isEqualTo(1);
        assertThatThrownBy(() -> Aggregates.parse("sum:amount").fold().step(Aggregates.parse("sum:amount").empty(), minute))
                .isInstanceOf(UnreadableEntryException.class).hasMessageContaining("sum_amount").hasMessageContaining("60000-0");
    }

    @Test
    void hugeExponentsAreNotNumbers() {
        Aggregates sum = Aggregates.parse("sum:amount,max:amount");
        StreamEntry e = new StreamEntry(StreamId.of(1, 1), Option.none(), LinkedHashMap.of("amount", "1e999999999"));
        AggregateState s = sum.fold().step(sum.empty(), e);
        assertThat(s.value("sum:amount").get()).isEqualByComparingTo("0");
        assertThat(s.value("max:amount")).isEmpty();
        assertThat(s.entries()).isEqualTo(1);
        assertThat(s.skipped().toJavaMap()).as("skipped, and said so").isEqualTo(java.util.Map.of("sum:amount", 1L, "max:amount", 1L));
    }

    @Test
    void theIssuesNumbersAreReadByTheOneRuleAndWhatIsSkippedIsCounted() {
        Aggregates folds = Aggregates.parse("count,sum:amount,min:amount,p50:amount,distinct:amount");
        for (String[] c : new String[][] {{"0.0123", "0.0123"}, {"0.0004", "0.0004"}, {"0.5004", "0.5004"}, {"-0.0123", "-0.0123"}}) {
            AggregateState s = folds.fold().step(folds.empty(), new StreamEntry(StreamId.of(1, 1), Option.none(), LinkedHashMap.of("amount", c[0])));
            assertThat(s.value("p50:amount").get()).as(c[0]).isEqualByComparingTo(c[1]);
            assertThat(s.value("min:amount").get()).as(c[0]).isEqualByComparingTo(c[1]);
        }
        List<StreamEntry> odd = new ArrayList<>();
        String[] texts = {"1e3", " 7", "1e400", "-0", "+7", "5"};
        for (int i = 0; i < texts.length; i++) {
            odd.add(new StreamEntry(StreamId.of(1, i + 1), Option.none(), LinkedHashMap.of("amount", texts[i])));
        }
        odd.add(new StreamEntry(StreamId.of(1, 9), Option.none(), LinkedHashMap.of("other", "1")));
        AggregateState s = folds.fold().foldAll(odd);
        assertThat(s.value("sum:amount").get()).isEqualByComparingTo("1005");   // 1e3, -0 and 5
        assertThat(s.skipped().toJavaMap()).isEqualTo(java.util.Map.of("sum:amount", 4L, "min:amount", 4L, "p50:amount", 4L,
                "distinct:amount", 1L));
        LinkedHashMap<String, String> fields = s.rollupFields(59_999);
        assertThat(fields.keySet().toJavaList()).containsExactly("to", "entries", "count", "sum_amount", "min_amount", "p50_amount",
                "distinct_amount", "sum_amount_skipped", "min_amount_skipped", "p50_amount_state", "p50_amount_skipped",
                "distinct_amount_state", "distinct_amount_skipped");
        assertThat(fields.get("sum_amount_skipped").get()).isEqualTo("4");
        StreamEntry rolled = new StreamEntry(StreamId.of(0, 0), Option.none(), fields);
        assertThat(folds.fold().step(folds.empty(), rolled)).isEqualTo(s);
        assertThatThrownBy(() -> folds.fold().step(folds.empty(), new StreamEntry(StreamId.of(0, 0), Option.none(),
                fields.remove("min_amount_skipped")))).isInstanceOf(UnreadableEntryException.class).hasMessageContaining("min_amount_skipped");
        assertThatThrownBy(() -> Aggregates.parse("sum:a,sum:a_skipped")).hasMessageContaining("sum_a_skipped");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "count,", "mode:amount", "sum:", "p0:amount", "p100:amount", "px:amount", "count,count", "sum:a b",
            "p1e1:amount", "p+50:amount", "p50.:amount", "p.5:amount", "p 50:amount"})
    void badSpellingsAreNamed(String spelling) {
        assertThatThrownBy(() -> Aggregates.parse(spelling)).isInstanceOf(IllegalArgumentException.class)
                .satisfies(e -> assertThat(e.getMessage()).isNotBlank());
    }

    @Test
    void twoFoldsWrittenAsOneRollupFieldAreRefused() {
        assertThatThrownBy(() -> Aggregates.parse("sum:a_b,sum:a:b")).hasMessageContaining("sum_a_b").hasMessageContaining("sum:a:b");
        assertThatThrownBy(() -> Aggregates.parse("distinct:user,distinct:user_state")).hasMessageContaining("distinct_user_state");
        assertThatThrownBy(() -> Aggregates.parse("p50:x,p50:x_state")).hasMessageContaining("p50_x_state");
        assertThat(Aggregates.parse("sum:a_b,sum:a_c,p50:a,p99:a").list()).hasSize(4);
    }

    @Test
    void aListIsBounded() {
        String many = java.util.stream.IntStream.range(0, Aggregates.MAX_FOLDS + 1).mapToObj(i -> "sum:f" + i)
                .collect(java.util.stream.Collectors.joining(","));
        assertThatThrownBy(() -> Aggregates.parse(many)).hasMessageContaining("65 folds given, at most 64");
        assertThatThrownBy(() -> Aggregates.parse("sum:" + "x".repeat(201))).hasMessageContaining("at most 200");
        assertThatThrownBy(() -> Aggregates.parse("count,".repeat(2_000))).hasMessageContaining("characters long");
    }

    @Test
    void spellingsAreKept() {
        assertThat(Aggregates.parse("count, p99.9:amount ,distinct:user").list().map(Aggregate::spelling))
                .containsExactly("count", "p99.9:amount", "distinct:user");
        assertThat(Aggregate.parse("p99.9:amount").column()).isEqualTo("p99.9_amount");
    }
}
