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

    @TestFactory
    Stream<DynamicTest> aStandingAnswerEqualsAFreshFoldWhateverTheClocksDo() {
        Random r = new Random(SEED ^ 0x5eed);
        List<Case> out = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            long lengthMs = 20 + r.nextInt(300);
            long paneMs = 1 + r.nextInt((int) Math.min(lengthMs, 60));
            out.add(new Case(i, r.nextLong(), Duration.ofMillis(lengthMs), Duration.ofMillis(paneMs)));
        }
        return out.stream().map(c -> DynamicTest.dynamicTest("case " + c.n() + " " + c, () -> clocks(c)));
    }

    /**
     * A writer whose clock runs ahead of the reader's by up to three panes and falls back, a reader
     * whose clock steps back, deletes, and reads asked again at the same instant: the kept answer of a
     * combinable fold (the edge, the sealed total, the open panes) stays the fresh fold's, and a read
     * that found nothing changed is answered as it stood.
     */
    void clocks(Case c) {
        ReaderFixture f = new ReaderFixture();
        Random r = new Random(c.seed());
        long[] skew = {0};
        echomq.domain.id.Snowflake writer = new echomq.domain.id.Snowflake(8, () -> f.clock.ms() + skew[0]);
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 1 + r.nextInt(7));
        StreamWindows fresh = new StreamWindows(f.streams, f.clock);
        Window.Sliding w = Window.last(c.length()).inPanesOf(c.pane());
        List<StreamEntry> appended = new ArrayList<>();
        long asked = 0;
        long again = 0;
        for (int step = 0; step < 150; step++) {
            int move = r.nextInt(12);
            if (move < 5) {
                for (int k = r.nextInt(4); k >= 0; k--) {
                    appended.add(f.streams.append(ReaderFixture.KEY, writer.nextId(), io.vavr.collection.LinkedHashMap.of("k", "v")));
                }
            } else if (move == 5 && !appended.isEmpty()) {
                f.streams.delete(ReaderFixture.KEY, appended.get(r.nextInt(appended.size())).id());
            } else if (move == 6) {
                skew[0] = r.nextInt(4) * c.pane().toMillis(); // the writer's clock ahead by 0 to 3 panes (its ids never go back)
            }
            if (r.nextInt(15) == 0) {
                f.clock.advance(-r.nextInt((int) c.pane().toMillis() + 1)); // the reader's clock steps back
            } else {
                f.clock.advance(r.nextInt((int) Math.max(2, c.pane().toMillis())));
            }
            for (int read = 1 + (r.nextInt(3) == 0 ? 1 : 0); read > 0; read--) {
                asked++;
                assertThat(reader.fold(ReaderFixture.KEY, w, ReaderFixture.IDS)).as("ids at step %d", step)
                        .isEqualTo(fresh.foldWindow(ReaderFixture.KEY, w, ReaderFixture.IDS));
                assertThat(reader.fold(ReaderFixture.KEY, w, ReaderFixture.COUNT)).as("count at step %d", step)
                        .isEqualTo(fresh.foldWindow(ReaderFixture.KEY, w, ReaderFixture.COUNT));
            }
            again += asked > step + 1 ? 1 : 0;
        }
        // a read asked again at the same instant, nothing appended or deleted: its parts are the same objects
        assertThat(reader.metrics().standing()).as("answers served as they stood").isPositive();
    }

    @Test
    void anHourInMinutePanesReadAThousandTimesASecondCombinesAtMostOncePerRead() {
        ReaderFixture f = new ReaderFixture();
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 10_000, 1_000);
        Window.Sliding hour = Window.last(Duration.ofHours(1)).inPanesOf(Duration.ofMinutes(1));
        // a count that combines and cannot retract: the pane path, at the cost of a sum per combine
        echomq.domain.fold.CombinableFold<Long> count = echomq.domain.fold.CombinableFold.of("count-panes", 1, 0L, (n, e) -> n + 1, Long::sum);
        f.appendEvery(100, 36_000); // an hour of ten entries a second
        reader.fold(ReaderFixture.KEY, hour, count);
        ProjectionReader.Metrics before = reader.metrics();
        int reads = 0;
        int appended = 0;
        for (int ms = 0; ms < 65_000; ms++) { // more than a minute: a pane seals, another slides out
            f.clock.advance(1);
            if (ms % 100 == 0) {
                f.append();
                appended++;
            }
            reader.fold(ReaderFixture.KEY, hour, count);
            reads++;
        }
        ProjectionReader.Metrics after = reader.metrics();
        StreamWindows fresh = new StreamWindows(f.streams, f.clock);
        assertThat(reader.fold(ReaderFixture.KEY, hour, count)).isEqualTo(fresh.foldWindow(ReaderFixture.KEY, hour, count));
        double combines = (after.combines() - before.combines()) / (double) reads;
        long entries = after.entriesFolded() - before.entriesFolded();
        System.out.printf("[sliding] an hour in minute panes read %d times, %d appends: %.3f combines a read, %d entries read,"
                + " %d answers as they stood%n", reads, appended, combines, entries, after.standing() - before.standing());
        assertThat(combines).as("combines per read").isLessThanOrEqualTo(1.0);
        // each entry read as it is appended, and the trailing panes (600 entries each) whole once each as the edge enters
        // them: a pane is not read again when it seals (that would be 900 more)
        assertThat(entries).as("entries read").isLessThanOrEqualTo(appended + 2 * 600);
        assertThat(after.standing() - before.standing()).as("reads that found the answer as it stood").isGreaterThan(reads / 2);
    }

    @Test
    void aRunningFoldCostsWhatEnteredAndLeftNotTheWindow() {
        ReaderFixture f = new ReaderFixture();
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 100);
        Window.Sliding hour = Window.last(Duration.ofMillis(1_000));
        StreamWindows fresh = new StreamWindows(f.streams, f.clock);
        f.appendEvery(1, 1_000);
        assertThat(reader.fold(ReaderFixture.KEY, hour, ReaderFixture.COUNT)).isEqualTo(1_000L);
        long before = reader.metrics().entriesFolded();
        f.appendEvery(1, 10);
        // the window is closed at its start: [now - 1 s, now] holds 1,001 entries of one a millisecond
        assertThat(reader.fold(ReaderFixture.KEY, hour, ReaderFixture.COUNT)).isEqualTo(1_001L)
                .isEqualTo(fresh.foldWindow(ReaderFixture.KEY, hour, ReaderFixture.COUNT));
        // 10 in; out, a page of 100 read from the window's old start: 9 slid out, 91 kept ahead. Not the thousand in the window
        assertThat(reader.metrics().entriesFolded() - before).isEqualTo(10 + 100);
        assertThat(reader.metrics().retractedAhead()).isZero();
        for (int slide = 1; slide <= 8; slide++) {
            long was = reader.metrics().entriesFolded();
            f.appendEvery(1, 10);
            assertThat(reader.fold(ReaderFixture.KEY, hour, ReaderFixture.COUNT)).as("slide %d", slide)
                    .isEqualTo(fresh.foldWindow(ReaderFixture.KEY, hour, ReaderFixture.COUNT));
            // the 10 in read; the 10 out retracted from what was read ahead, with no range read
            assertThat(reader.metrics().entriesFolded() - was).as("entries read by slide %d", slide).isEqualTo(10);
            assertThat(reader.metrics().retractedAhead()).isEqualTo(10L * slide);
        }
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
        // running: 10 in, 9 out of a page of 100 read ahead, nothing folded afresh and no pane combined (a pane path would
        // combine its panes)
        assertThat(after.entriesFolded() - before.entriesFolded()).isEqualTo(10 + 100);
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
