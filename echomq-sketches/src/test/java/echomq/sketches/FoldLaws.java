package echomq.sketches;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The laws every text-spelled fold keeps, checked over a run of entries: every split the reader
 * makes (pages, pieces in any association, partitions merged in any order when the fold's
 * combination does not depend on the order) and the codec give the one-pass state; a rollup of the
 * per-minute rollup equals the direct hourly rollup, field for field; and the rollup entries folded
 * as they are give the one-pass state. A new fold's test calls {@link #check} beside its exact
 * reference.
 */
final class FoldLaws {

    private FoldLaws() {
    }

    /**
     * Checks the laws of {@code folds} over {@code entries} (in id order) and returns the one-pass state.
     *
     * @param anyOrder whether states of interleaved partitions may be combined in any order (false for a
     *                 fold whose combination needs adjacent runs, like a time-weighted average)
     */
    static AggregateState check(Aggregates folds, List<StreamEntry> entries, Random r, boolean anyOrder) {
        AggregateState once = folds.fold().foldAll(entries);
        List<AggregateState> splits = new ArrayList<>(List.of(Splits.paged(folds.fold(), entries, r), Splits.pieces(folds.fold(), entries, r),
                folds.fold().codec().decode(folds.fold().codec().encode(once))));
        if (anyOrder) {
            splits.add(Splits.partitioned(folds.fold(), entries, r));
        }
        for (AggregateState split : splits) {
            assertThat(split).isEqualTo(once).hasSameHashCodeAs(once);
            assertThat(split.values()).isEqualTo(once.values());
            assertThat(split.skipped()).isEqualTo(once.skipped());
        }
        // rolled up per minute, then per hour from the minutes: the direct hourly rollup, entry by entry
        assertThat(rollup(folds, rollupEntries(folds, entries, 60_000L), 3_600_000L)).isEqualTo(rollup(folds, entries, 3_600_000L));
        // every rollup entry, folded as it is, gives the one-pass state of all
        assertThat(folds.fold().foldAll(rollupEntries(folds, entries, 60_000L))).isEqualTo(once);
        return once;
    }

    /** A check of one seeded case. */
    interface Case {
        void check(Random r) throws Throwable;
    }

    /**
     * A quarter of {@link echomq.testkit.Seeded#CASES} dynamic tests, each a {@link Random} of its own
     * seed drawn from {@code seed} (printed in its name, so a failing case replays alone).
     */
    static java.util.stream.Stream<org.junit.jupiter.api.DynamicTest> cases(long seed, Case check) {
        Random cases = new Random(seed);
        return java.util.stream.IntStream.range(0, Math.max(1, echomq.testkit.Seeded.CASES / 4)).mapToObj(i -> {
            long own = cases.nextLong();
            return org.junit.jupiter.api.DynamicTest.dynamicTest("case " + i + " seed " + own, () -> check.check(new Random(own)));
        });
    }

    /** A number of an entry's field, by the reference rule ({@link FieldNumberTest#reference}), with the entry's id. */
    record Sample(StreamId id, java.math.BigDecimal number) {
    }

    /** The entries' numbers of {@code field}, in the entries' order: what a numeric fold reads, by a reference written apart. */
    static List<Sample> samples(List<StreamEntry> entries, String field) {
        List<Sample> out = new ArrayList<>();
        for (StreamEntry e : entries) {
            e.field(field).flatMap(FieldNumberTest::reference).forEach(v -> out.add(new Sample(e.id(), v)));
        }
        return out;
    }

    /** Rollup fields by bucket start, as a rollup writes them (no bucket without entries). */
    static TreeMap<Long, LinkedHashMap<String, String>> rollup(Aggregates folds, List<StreamEntry> entries, long size) {
        TreeMap<Long, AggregateState> buckets = new TreeMap<>();
        for (StreamEntry e : entries) {
            long start = Math.floorDiv(e.id().ms(), size) * size;
            buckets.merge(start, folds.fold().step(folds.empty(), e), AggregateState::combine);
        }
        TreeMap<Long, LinkedHashMap<String, String>> out = new TreeMap<>();
        buckets.forEach((start, s) -> out.put(start, s.rollupFields(start + size - 1)));
        return out;
    }

    /** The rollup entries of {@code entries} per bucket of {@code size}, as a rollup stream holds them. */
    static List<StreamEntry> rollupEntries(Aggregates folds, List<StreamEntry> entries, long size) {
        List<StreamEntry> out = new ArrayList<>();
        rollup(folds, entries, size).forEach((start, f) -> out.add(new StreamEntry(StreamId.of(start, 0), Option.none(), f)));
        return out;
    }
}
