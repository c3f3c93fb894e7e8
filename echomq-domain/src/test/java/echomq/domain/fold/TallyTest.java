package echomq.domain.fold;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TallyTest {

    /** Sums field n; an entry without a number is unreadable. */
    static final CombinableFold<Long> SUM = CombinableFold.of("sum", 1, 0L, (acc, e) -> {
        String n = e.field("n").getOrElse("");
        if (!n.matches("[0-9]+")) {
            throw new UnreadableEntryException(e.id(), "entry " + e.id() + ": n is \"" + n + "\"");
        }
        return acc + Long.parseLong(n);
    }, Long::sum);

    static List<StreamEntry> log(int size, int everyBad) {
        List<StreamEntry> out = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            out.add(new StreamEntry(StreamId.of(1_000 + i, 0), Option.none(),
                    LinkedHashMap.of("n", i % everyBad == 0 ? "x" + i : Integer.toString(i))));
        }
        return out;
    }

    @Test
    void countingSkipsAndCountsEveryUnreadableEntryAndNamesTheFirstOnes() {
        List<StreamEntry> log = log(100, 3); // entries 0, 3, … 99 are bad: 34 of them
        Tally<Long> t = Tally.counting(SUM).foldAll(log);
        long expected = log.stream().filter(e -> e.field("n").get().matches("[0-9]+")).mapToLong(e -> Long.parseLong(e.field("n").get())).sum();
        assertThat(t.value()).isEqualTo(expected);
        assertThat(t.skipped()).isEqualTo(34);
        assertThat(t.examples()).hasSize(Tally.MAX_EXAMPLES);
        assertThat(t.examples().head().id()).isEqualTo(StreamId.of(1_000, 0));
        assertThat(t.examples().get(1).reason()).contains("\"x3\"");
    }

    @Test
    void combiningTwoHalvesEqualsOnePass() {
        List<StreamEntry> log = log(60, 4);
        CombinableFold<Tally<Long>> f = Tally.counting(SUM);
        for (int cut = 0; cut <= log.size(); cut += 7) {
            Tally<Long> halves = f.combine(f.foldAll(log.subList(0, cut)), f.foldAll(log.subList(cut, log.size())));
            assertThat(halves).as("cut at %d", cut).isEqualTo(f.foldAll(log));
        }
    }

    @Test
    void strictFailsOnTheFirstUnreadableEntry() {
        assertThatThrownBy(() -> Tally.strict(SUM).foldAll(log(10, 5)))
                .isInstanceOf(UnreadableEntryException.class).hasMessageContaining("1000-0");
        assertThat(Tally.strict(SUM).name()).isNotEqualTo(Tally.counting(SUM).name()); // never one cache entry for both
    }
}
