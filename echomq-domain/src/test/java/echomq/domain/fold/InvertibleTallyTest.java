package echomq.domain.fold;

import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.checkpoint.StateCodec;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.testing.Seeded;

import io.vavr.collection.HashMap;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The tally of an invertible fold is invertible: a sliding window of it (append at the end, retract
 * the oldest) is the tally a fresh fold of the window gives, skipped count and examples included.
 */
class InvertibleTallyTest {

    /** Points per player; an entry whose points are not a number is unreadable, in step and retract alike. */
    static final InvertibleFold<Long> POINTS = InvertibleFold.of("points", 1, 0L,
            (n, e) -> n + points(e), Long::sum, (n, e) -> n - points(e));
    static final InvertibleFold<Map<String, Long>> BY_PLAYER = KeyedFolds.groupBy("player", e -> e.field("player"), POINTS);
    static final InvertibleFold<Tally<Map<String, Long>>> TALLY = Tally.counting(BY_PLAYER);

    static long points(StreamEntry e) {
        String n = e.field("n").getOrElse("");
        if (!n.matches("[0-9]{1,6}")) {
            throw new UnreadableEntryException(e.id(), "entry " + e.id() + ": n is \"" + n + "\"");
        }
        return Long.parseLong(n);
    }

    static StreamEntry entry(long ms, String player, String n) {
        return new StreamEntry(StreamId.of(ms, 0), Option.none(), LinkedHashMap.of("player", player, "n", n));
    }

    /** {@code n} entries from {@code ms} on, a share {@code badPercent} of them unreadable. */
    static List<StreamEntry> randomLog(Random r, long ms, int n, int badPercent) {
        List<StreamEntry> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String points = r.nextInt(100) < badPercent ? "x" + i : Integer.toString(r.nextInt(50));
            out.add(entry(ms + i, "p" + r.nextInt(4), points));
        }
        return out;
    }

    /** One dynamic test per case, each of a seed drawn from {@code owner}'s (printed, {@code -Dechomq.seed} replays). */
    static Stream<DynamicTest> seeded(String owner, java.util.function.Consumer<Random> property) {
        Random seeds = Seeded.random(owner);
        return IntStream.range(0, Math.max(50, Seeded.CASES / 5)).mapToObj(i -> {
            long seed = seeds.nextLong();
            return DynamicTest.dynamicTest("seed " + seed, () -> property.accept(new Random(seed)));
        });
    }

    @TestFactory
    Stream<DynamicTest> aSlidingWindowOfTheTallyEqualsAFreshFoldAfterEveryAddAndRemove() {
        return seeded("InvertibleTallyTest", r -> {
            // up to 100 % unreadable, so the examples overflow their sixteen in many runs
            List<StreamEntry> log = randomLog(r, 1_000, r.nextInt(120), r.nextInt(101));
            ArrayDeque<StreamEntry> window = new ArrayDeque<>();
            Tally<Map<String, Long>> running = TALLY.initial();
            int next = 0;
            while (next < log.size() || !window.isEmpty()) {
                if (next < log.size() && (window.isEmpty() || r.nextInt(3) > 0)) {
                    StreamEntry in = log.get(next++);
                    window.addLast(in);
                    running = TALLY.step(running, in);
                } else {
                    running = TALLY.retract(running, window.removeFirst());
                }
                assertThat(running).as("window %s..%s", window.isEmpty() ? "-" : window.getFirst().id(),
                        window.isEmpty() ? "-" : window.getLast().id()).isEqualTo(TALLY.foldAll(window));
            }
            assertThat(running).isEqualTo(TALLY.initial());
        });
    }

    @TestFactory
    Stream<DynamicTest> theTallyCombinesAndUndoesItsLastStep() {
        return seeded("InvertibleTallyTest.combine", r -> {
            List<StreamEntry> log = randomLog(r, 1_000, r.nextInt(80), r.nextInt(101));
            int cut = r.nextInt(log.size() + 1);
            Tally<Map<String, Long>> all = TALLY.foldAll(log);
            assertThat(TALLY.combine(TALLY.foldAll(log.subList(0, cut)), TALLY.foldAll(log.subList(cut, log.size()))))
                    .as("combined at %d", cut).isEqualTo(all);
            if (!log.isEmpty()) {
                StreamEntry last = log.get(log.size() - 1);
                Tally<Map<String, Long>> before = TALLY.foldAll(log.subList(0, log.size() - 1));
                Tally<Map<String, Long>> undone = TALLY.retract(all, last);
                // value and count always; the examples too unless the step pushed an older one out
                assertThat(undone.value()).isEqualTo(before.value());
                assertThat(undone.skipped()).isEqualTo(before.skipped());
                if (before.examples().size() < Tally.MAX_EXAMPLES) {
                    assertThat(undone).isEqualTo(before);
                }
            }
        });
    }

    @Test
    void theExamplesAreTheNewestSkippedEntriesAndRetractingTheOldestLeavesThemExact() {
        List<StreamEntry> log = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            log.add(entry(1_000 + i, "p", "x" + i));
        }
        Tally<Map<String, Long>> t = TALLY.foldAll(log);
        assertThat(t.skipped()).isEqualTo(20);
        assertThat(t.examples().map(Tally.Skipped::id)).containsExactlyElementsOf(
                log.subList(4, 20).stream().map(StreamEntry::id).toList());
        Tally<Map<String, Long>> less = TALLY.retract(TALLY.retract(t, log.get(0)), log.get(1));
        assertThat(less.skipped()).isEqualTo(18);
        assertThat(less).isEqualTo(TALLY.foldAll(log.subList(2, 20)));
        Tally<Map<String, Long>> fewer = log.subList(2, 10).stream().reduce(less, TALLY::retract, (a, b) -> a);
        assertThat(fewer.examples()).hasSize(10).isEqualTo(TALLY.foldAll(log.subList(10, 20)).examples());
    }

    @Test
    void retractingAReadableEntryLeavesTheSkippedAlone() {
        StreamEntry good = entry(1_000, "ann", "5");
        StreamEntry bad = entry(1_001, "ann", "five");
        Tally<Map<String, Long>> both = TALLY.foldAll(List.of(good, bad));
        assertThat(both.value()).isEqualTo(HashMap.of("ann", 5L));
        assertThat(TALLY.retract(both, good)).isEqualTo(new Tally<>(HashMap.empty(), 1, both.examples()));
        assertThat(TALLY.retract(both, bad)).isEqualTo(TALLY.foldAll(List.of(good)));
    }

    @Test
    void retractingAnUnreadableEntryThatWasNeverFoldedIsRefused() {
        assertThatThrownBy(() -> TALLY.retract(TALLY.initial(), entry(1_000, "ann", "?")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1000-0").hasMessageContaining("never folded");
    }

    @Test
    void strictRetractsAndStillFailsOnAnUnreadableEntry() {
        InvertibleFold<Tally<Long>> strict = Tally.strict(POINTS);
        StreamEntry good = entry(1_000, "ann", "5");
        assertThat(strict.retract(strict.step(strict.initial(), good), good)).isEqualTo(strict.initial());
        assertThatThrownBy(() -> strict.retract(strict.initial(), entry(1_001, "ann", "?")))
                .isInstanceOf(UnreadableEntryException.class);
        assertThat(strict.name()).isEqualTo("points+strict");
    }

    @Test
    void everyWrapperKeepsInvertibilityWhateverTheStaticType() {
        CombinableFold<Long> hidden = POINTS;
        Fold<Long> plain = POINTS;
        assertThat(Tally.counting(hidden)).isInstanceOf(InvertibleFold.class);
        assertThat(Tally.strict(hidden)).isInstanceOf(InvertibleFold.class);
        assertThat(KeyedFolds.groupBy("player", e -> e.field("player"), hidden)).isInstanceOf(InvertibleFold.class);
        assertThat(KeyedFolds.groupBy("player", e -> e.field("player"), plain)).isInstanceOf(InvertibleFold.class);
        StateCodec<Long> codec = new StateCodec<>() {
            @Override
            public String encode(Long value) {
                return value.toString();
            }

            @Override
            public Long decode(String text) {
                return Long.parseLong(text);
            }
        };
        Checkpointable<Long> cp = Checkpointable.of(hidden, codec);
        assertThat(cp).isInstanceOf(InvertibleFold.class);
        StreamEntry e = entry(1_000, "ann", "7");
        assertThat(((InvertibleFold<Long>) cp).retract(cp.step(3L, e), e)).isEqualTo(3L);
        assertThat(cp.name()).isEqualTo("points");
        assertThat(cp.codec()).isSameAs(codec);
        // and what cannot retract is not made to
        CombinableFold<Long> max = CombinableFold.of("max", 1, 0L, (n, x) -> Math.max(n, points(x)), Math::max);
        assertThat(Tally.counting(max)).isNotInstanceOf(InvertibleFold.class);
        assertThat(Checkpointable.of(max, codec)).isNotInstanceOf(InvertibleFold.class);
        assertThat(Tally.counting(hidden).name()).isEqualTo(Tally.counting(POINTS).name()).isEqualTo("points+tally");
    }
}
