package echomq.engine.projection;

import echomq.domain.fold.Fold;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.Seeded;

import io.vavr.collection.Vector;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sliding windows through the reader's parts (running folds, pane stacks, trailing suffixes, the
 * open pane) answer what a fresh fold of the same window answers, at every instant of a seeded
 * run of appends, deletes and clock moves; and cost what moved, not the window.
 */
class SlidingFoldsPropertiesTest {

    static final long SEED = Seeded.seed("SlidingFoldsPropertiesTest");

    record Case(int n, long seed, Duration length, Duration pane) {
    }

    static List<Case> cases() {
        Random r = new Random(SEED);
        List<Case> out = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            long lengthMs = 20 + r.nextInt(400);
            long paneMs = 1 + r.nextInt((int) lengthMs);
            out.add(new Case(i, r.nextLong(), Duration.ofMillis(lengthMs), Duration.ofMillis(paneMs)));
        }
        // explicit edges: one-millisecond panes, one pane the whole length, a pane that does not divide the length
        out.add(new Case(60, 1, Duration.ofMillis(50), Duration.ofMillis(1)));
        out.add(new Case(61, 2, Duration.ofMillis(50), Duration.ofMillis(50)));
        out.add(new Case(62, 3, Duration.ofMillis(100), Duration.ofMillis(33)));
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyKindOfFoldEqualsAFreshFoldAtEveryRead() {
        return cases().stream().map(c -> DynamicTest.dynamicTest("case " + c.n() + " " + c, () -> run(c)));
    }

    void run(Case c) {
        ReaderFixture f = new ReaderFixture();
        Random r = new Random(c.seed());
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 1 + r.nextInt(7));
        StreamWindows fresh = new StreamWindows(f.streams, f.clock);
        Window.Sliding w = Window.last(c.length()).inPanesOf(c.pane());
        List<StreamEntry> appended = new ArrayList<>();
        for (int step = 0; step < 120; step++) {
            int move = r.nextInt(10);
            if (move < 5) {
                for (int k = r.nextInt(4); k >= 0; k--) {
                    appended.add(f.append());
                }
            } else if (move == 5 && !appended.isEmpty()) {
                f.streams.delete(ReaderFixture.KEY, appended.get(r.nextInt(appended.size())).id());
            }
            f.clock.advance(r.nextInt((int) Math.max(2, c.pane().toMillis())));
            assertThat(reader.fold(ReaderFixture.KEY, w, ReaderFixture.IDS)).as("ids at step %d", step)
                    .isEqualTo(fresh.foldWindow(ReaderFixture.KEY, w, ReaderFixture.IDS));
            assertThat(reader.fold(ReaderFixture.KEY, w, ReaderFixture.COUNT)).as("count at step %d", step)
                    .isEqualTo(fresh.foldWindow(ReaderFixture.KEY, w, ReaderFixture.COUNT));
            assertThat(reader.fold(ReaderFixture.KEY, w, ReaderFixture.TALLY)).as("tally at step %d", step)
                    .isEqualTo(fresh.foldWindow(ReaderFixture.KEY, w, ReaderFixture.TALLY));
            assertThat(reader.fold(ReaderFixture.KEY, w, ReaderFixture.IDS_PLAIN)).as("plain at step %d", step)
                    .isEqualTo(fresh.foldWindow(ReaderFixture.KEY, w, ReaderFixture.IDS_PLAIN));
        }
    }

    @Test
    void aRunningFoldCostsWhatEnteredAndLeftNotTheWindow() {
        ReaderFixture f = new ReaderFixture();
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 100);
        Window.Sliding hour = Window.last(Duration.ofMillis(1_000));
        f.appendEvery(1, 1_000);
        assertThat(reader.fold(ReaderFixture.KEY, hour, ReaderFixture.COUNT)).isEqualTo(1_000L);
        long before = reader.metrics().entriesFolded();
        f.appendEvery(1, 10);
        // the window is closed at its start: [now - 1 s, now] holds 1,001 entries of one a millisecond
        assertThat(reader.fold(ReaderFixture.KEY, hour, ReaderFixture.COUNT)).isEqualTo(1_001L)
                .isEqualTo(new StreamWindows(f.streams, f.clock).foldWindow(ReaderFixture.KEY, hour, ReaderFixture.COUNT));
        // 10 in, 9 out: not the thousand in the window
        assertThat(reader.metrics().entriesFolded() - before).isEqualTo(19);
    }

    @Test
    void aCountedInvertibleFoldTakesTheRunningPath() {
        ReaderFixture f = new ReaderFixture();
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 100);
        Window.Sliding second = Window.last(Duration.ofMillis(1_000)).inPanesOf(Duration.ofMillis(100));
        f.appendEvery(1, 1_000);
        StreamWindows fresh = new StreamWindows(f.streams, f.clock);
        assertThat(reader.fold(ReaderFixture.KEY, second, ReaderFixture.TALLY))
                .isEqualTo(fresh.foldWindow(ReaderFixture.KEY, second, ReaderFixture.TALLY))
                .satisfies(t -> assertThat(t.skipped()).isEqualTo(200));
        ProjectionReader.Metrics before = reader.metrics();
        f.appendEvery(1, 10);
        assertThat(reader.fold(ReaderFixture.KEY, second, ReaderFixture.TALLY))
                .isEqualTo(fresh.foldWindow(ReaderFixture.KEY, second, ReaderFixture.TALLY));
        ProjectionReader.Metrics after = reader.metrics();
        // running: 10 in, 9 out, nothing folded afresh and no pane combined (a pane path would combine its panes)
        assertThat(after.entriesFolded() - before.entriesFolded()).isEqualTo(19);
        assertThat(after.fullFolds()).isEqualTo(before.fullFolds());
        assertThat(after.combines()).isEqualTo(before.combines());
        assertThat(after.incrementalFolds()).isEqualTo(before.incrementalFolds() + 1);
    }

    @Test
    void sealedPanesAreFoldedOnceEachHoweverOftenTheWindowIsRead() {
        ReaderFixture f = new ReaderFixture();
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 100);
        Window.Sliding w = Window.last(Duration.ofMillis(600)).inPanesOf(Duration.ofMillis(10));
        f.appendEvery(1, 600);
        Vector<StreamId> first = reader.fold(ReaderFixture.KEY, w, ReaderFixture.IDS);
        long after = reader.metrics().entriesFolded();
        for (int read = 0; read < 20; read++) {
            f.clock.advance(1);
            f.append();
            assertThat(reader.fold(ReaderFixture.KEY, w, ReaderFixture.IDS))
                    .isEqualTo(new StreamWindows(f.streams, f.clock).foldWindow(ReaderFixture.KEY, w, ReaderFixture.IDS));
        }
        assertThat(first).hasSize(600);
        // each read folds the new entry and at most the two panes at the edges, never the 600 again
        assertThat(reader.metrics().entriesFolded() - after).isLessThan(20 * 25);
    }

    @Test
    void aSlidingWindowOfAPartitionedChannelIsReadAtOneInstantAndMerged() {
        ReaderFixture f = new ReaderFixture();
        var channel = new echomq.domain.partition.PartitionedChannel("eng", "s", 3);
        var minter = new echomq.domain.id.Snowflake(3, f.clock::ms);
        for (int i = 0; i < 90; i++) {
            f.clock.advance(1);
            f.streams.append(channel.partition(i % 3), minter.nextId(), io.vavr.collection.LinkedHashMap.of("i", "" + i));
        }
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 7);
        Window.Sliding w = Window.last(Duration.ofMillis(30)).inPanesOf(Duration.ofMillis(10));
        Fold<Long> count = ReaderFixture.COUNT;
        assertThat(reader.fold(channel, w, count, Long::sum))
                .isEqualTo(new echomq.domain.window.PartitionedWindows(f.streams, io.vavr.control.Option.none(), f.clock)
                        .foldWindow(channel, w, count, 7));
    }
}
