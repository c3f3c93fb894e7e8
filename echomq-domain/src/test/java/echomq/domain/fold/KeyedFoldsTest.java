package echomq.domain.fold;

import echomq.domain.id.BrandedId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.testing.Seeded;

import io.vavr.collection.HashMap;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.List;
import io.vavr.collection.Map;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link KeyedFolds}: a fold per key that combines and retracts when its inner fold does. */
class KeyedFoldsTest {

    static final InvertibleFold<Long> SUM = InvertibleFold.of("sum", 1, 0L,
            (n, e) -> n + Long.parseLong(e.field("points").get()), Long::sum, (n, e) -> n - Long.parseLong(e.field("points").get()));
    static final CombinableFold<Long> MAX = CombinableFold.of("max", 1, 0L,
            (n, e) -> Math.max(n, Long.parseLong(e.field("points").get())), Math::max);
    static final InvertibleFold<Map<String, Long>> SUM_BY_PLAYER = KeyedFolds.groupBy("player", e -> e.field("player"), SUM);

    static List<StreamEntry> randomEntries(Random r, int n) {
        return List.range(0, n).map(i -> {
            LinkedHashMap<String, String> f = LinkedHashMap.of("points", Integer.toString(r.nextInt(601)));
            if (r.nextInt(10) > 0) {
                f = f.put("player", "p" + r.nextInt(5));
            }
            return StreamEntry.of(BrandedId.event((1000L + i) << 22), f);
        });
    }

    @TestFactory
    Stream<DynamicTest> aKeyedFoldIsTheInnerFoldOfEachKeysEntriesAndCombinesAndRetracts() {
        Random seeds = Seeded.random("KeyedFoldsTest");
        return IntStream.range(0, Math.max(50, Seeded.CASES / 5)).mapToObj(i -> {
            long seed = seeds.nextLong();
            return DynamicTest.dynamicTest("seed " + seed, () -> {
                Random r = new Random(seed);
                List<StreamEntry> entries = randomEntries(r, r.nextInt(60));
                Map<String, Long> all = SUM_BY_PLAYER.foldAll(entries);
                Map<String, Long> naive = HashMap.ofEntries(entries.filter(e -> e.field("player").isDefined())
                        .groupBy(e -> e.field("player").get())
                        .mapValues(es -> es.map(e -> Long.parseLong(e.field("points").get())).sum().longValue()))
                        .filterValues(v -> v != 0); // the invertible keyed fold holds no key at the initial value
                assertThat(all).isEqualTo(naive);
                int cut = entries.isEmpty() ? 0 : r.nextInt(entries.size() + 1);
                assertThat(SUM_BY_PLAYER.combine(SUM_BY_PLAYER.foldAll(entries.take(cut)), SUM_BY_PLAYER.foldAll(entries.drop(cut))))
                        .as("combined at %d", cut).isEqualTo(all);
                Map<String, Long> retracted = entries.take(cut).foldLeft(all, SUM_BY_PLAYER::retract);
                assertThat(retracted).as("retracted the first %d", cut).isEqualTo(SUM_BY_PLAYER.foldAll(entries.drop(cut)));
                CombinableFold<Map<String, Long>> best = KeyedFolds.groupBy("player", e -> e.field("player"), MAX);
                assertThat(best.combine(best.foldAll(entries.take(cut)), best.foldAll(entries.drop(cut)))).isEqualTo(best.foldAll(entries));
            });
        });
    }

    @Test
    void retractingEveryEntryOfAKeyRemovesTheKeyAndEntriesWithoutAKeyAreLeftOut() {
        StreamEntry a = StreamEntry.of(BrandedId.event(1L << 22), LinkedHashMap.of("player", "ann", "points", "0"));
        StreamEntry b = StreamEntry.of(BrandedId.event(2L << 22), LinkedHashMap.of("points", "300"));
        StreamEntry c = StreamEntry.of(BrandedId.event(3L << 22), LinkedHashMap.of("player", "ann", "points", "5"));
        assertThat(SUM_BY_PLAYER.step(SUM_BY_PLAYER.initial(), a)).as("a sum of 0 is no key").isEmpty();
        Map<String, Long> one = SUM_BY_PLAYER.step(SUM_BY_PLAYER.initial(), c);
        assertThat(one).containsExactly(io.vavr.Tuple.of("ann", 5L));
        assertThat(SUM_BY_PLAYER.retract(one, c)).isEmpty();
        assertThat(SUM_BY_PLAYER.step(one, b)).isEqualTo(one);
        CombinableFold<Map<String, Long>> best = KeyedFolds.groupBy("player", e -> e.field("player"), MAX);
        assertThat(best.step(best.initial(), a)).as("the combinable keyed fold keeps a key at the initial value")
                .containsExactly(io.vavr.Tuple.of("ann", 0L));
        assertThat(SUM_BY_PLAYER.name()).isEqualTo("sum by player");
        Fold<Map<String, Long>> plain = KeyedFolds.groupBy("player", e -> e.field("player"), Fold.of("count", 0L, (n, e) -> n + 1));
        assertThat(plain).isNotInstanceOf(CombinableFold.class);
        assertThat(plain.foldAll(List.of(a, b, a))).isEqualTo(HashMap.of("ann", 2L));
    }

    @Test
    void retractingFromAKeyBackAtTheInitialValueGoesOnFromIt() {
        StreamEntry plus = StreamEntry.of(BrandedId.event(1L << 22), LinkedHashMap.of("player", "ann", "points", "5"));
        StreamEntry minus = StreamEntry.of(BrandedId.event(2L << 22), LinkedHashMap.of("player", "ann", "points", "-5"));
        Map<String, Long> both = SUM_BY_PLAYER.foldAll(List.of(plus, minus));
        assertThat(both).as("a sum back at 0 is no key").isEmpty();
        // the window slides past +5: what is left is -5, as a fresh fold of it says
        assertThat(SUM_BY_PLAYER.retract(both, plus)).isEqualTo(SUM_BY_PLAYER.foldAll(List.of(minus)))
                .containsExactly(io.vavr.Tuple.of("ann", -5L));
    }

    @Test
    void aBlankKeyNameIsRefused() {
        assertThatThrownBy(() -> KeyedFolds.groupBy(" ", e -> Option.none(), SUM)).hasMessageContaining("key name ' '");
    }
}
