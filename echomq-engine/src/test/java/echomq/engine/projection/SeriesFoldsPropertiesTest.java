package echomq.engine.projection;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.window.Bucket;
import echomq.domain.window.Bucketed;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.domain.fold.Fold;
import echomq.testkit.Seeded;
import io.vavr.collection.Vector;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Series through the reader ({@link SeriesFolds} over the fold cache and the trailing suffixes)
 * answer what a fresh {@link StreamWindows#foldSeries} answers, at every read of a seeded run of
 * appends, deletes and clock moves, for closed and sliding ranges and every kind of bucket; and a
 * re-read costs what changed, not the range.
 */
class SeriesFoldsPropertiesTest {

    static final long SEED = Seeded.seed("SeriesFoldsPropertiesTest");

    record Case(int n, long seed, Buckets buckets, boolean sliding, long lengthMs) {
    }

    static List<Case> cases() {
        Random r = new Random(SEED);
        List<Case> out = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            long length = 20 + r.nextInt(400);
            long size = 1 + r.nextInt((int) length);
            Buckets b = switch (r.nextInt(4)) {
                case 0 -> Buckets.tumbling(Duration.ofMillis(size)).alignedTo(Instant.ofEpochMilli(r.nextInt(1000)));
                case 1 -> {
                    long advance = 1 + r.nextInt((int) size);
                    yield Buckets.hopping(Duration.ofMillis(size), Duration.ofMillis(advance));
                }
                case 2 -> {
                    long step = 1 + r.nextInt((int) size);
                    yield Buckets.cumulate(Duration.ofMillis(step), Duration.ofMillis(step * (1 + r.nextInt(6))))
                            .alignedTo(Instant.ofEpochMilli(r.nextInt(1000)));
                }
                default -> Buckets.calendar(ChronoUnit.DAYS, ZoneId.of("Europe/Berlin"));
            };
            out.add(new Case(i, r.nextLong(), b, r.nextBoolean(), length));
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everySeriesEqualsAFreshSeriesAtEveryRead() {
        return cases().stream().map(c -> DynamicTest.dynamicTest("case " + c.n() + " " + c, () -> run(c)));
    }

    void run(Case c) {
        ReaderFixture f = new ReaderFixture();
        Random r = new Random(c.seed());
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 1 + r.nextInt(7));
        StreamWindows fresh = new StreamWindows(f.streams, f.clock);
        Instant start = f.clock.instant();
        List<StreamEntry> appended = new ArrayList<>();
        for (int step = 0; step < 80; step++) {
            int move = r.nextInt(10);
            if (move < 5) {
                for (int k = r.nextInt(4); k >= 0; k--) {
                    appended.add(f.append());
                }
            } else if (move == 5 && !appended.isEmpty()) {
                f.streams.delete(ReaderFixture.KEY, appended.get(r.nextInt(appended.size())).id());
            }
            f.clock.advance(r.nextInt(20));
            Bucketed w = c.sliding() ? c.buckets().within(Window.last(Duration.ofMillis(c.lengthMs())))
                    : c.buckets().within(Window.closed(start, start.plusMillis(c.lengthMs())));
            Window.Closed range = w.at(f.clock.instant());
            for (Fold<?> fold : List.of(ReaderFixture.IDS, ReaderFixture.COUNT, ReaderFixture.IDS_PLAIN)) {
                assertThat(reader.fold(ReaderFixture.KEY, w, fold)).as("%s at step %d", fold.name(), step)
                        .isEqualTo(fresh.foldSeries(ReaderFixture.KEY, c.buckets(), range, fold));
            }
            // the same series with each bucket's encoding beside it: kept sealed buckets keep theirs
            EncodedSeries<Vector<StreamId>, String> encoded = reader.fold(ReaderFixture.KEY, w, ReaderFixture.IDS, ENCODE);
            Series<Vector<StreamId>> expected = fresh.foldSeries(ReaderFixture.KEY, c.buckets(), range, ReaderFixture.IDS);
            assertThat(encoded.series()).as("encoded series at step %d", step).isEqualTo(expected);
            assertThat(encoded.encodings()).as("encodings at step %d", step).isEqualTo(expected.buckets().map(ENCODE));
        }
    }

    /** A bucket as text: its window, count and ids. */
    static final java.util.function.Function<Bucket<Vector<StreamId>>, String> ENCODE =
            b -> b.window() + " " + b.entries() + " " + b.value().mkString(",");

    @TestFactory
    Stream<DynamicTest> aPartitionedSeriesMergedAndEncodedEqualsAFreshOneAtEveryRead() {
        return cases().stream().filter(c -> c.n() % 3 == 0).map(c -> DynamicTest.dynamicTest("case " + c.n() + " " + c, () -> partitioned(c)));
    }

    /** Three partitions appended to at random: the merged series and its encodings, against a fresh partitioned series. */
    void partitioned(Case c) {
        ReaderFixture f = new ReaderFixture();
        Random r = new Random(c.seed());
        var channel = new echomq.domain.partition.PartitionedChannel("eng", "p", 3);
        var minter = new echomq.domain.id.Snowflake(3, f.clock::ms);
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 1 + r.nextInt(7));
        var fresh = new echomq.domain.window.PartitionedWindows(f.streams, io.vavr.control.Option.none(), f.clock);
        Instant start = f.clock.instant();
        List<StreamEntry> appended = new ArrayList<>();
        for (int step = 0; step < 60; step++) {
            int move = r.nextInt(10);
            if (move < 6) {
                for (int k = r.nextInt(4); k >= 0; k--) {
                    appended.add(f.streams.append(channel.partition(r.nextInt(3)), minter.nextId(), io.vavr.collection.LinkedHashMap.of("k", "v")));
                }
            } else if (move == 6 && !appended.isEmpty()) {
                StreamEntry gone = appended.get(r.nextInt(appended.size()));
                for (int p = 0; p < 3; p++) {
                    f.streams.delete(channel.partition(p), gone.id());
                }
            }
            f.clock.advance(r.nextInt(20));
            Bucketed w = c.sliding() ? c.buckets().within(Window.last(Duration.ofMillis(c.lengthMs())))
                    : c.buckets().within(Window.closed(start, start.plusMillis(c.lengthMs())));
            Window.Closed range = w.at(f.clock.instant());
            // the merge answers what folding both partitions' entries in id order answers: the ids merged in order
            EncodedSeries<Vector<StreamId>, String> encoded = reader.fold(channel, w, ReaderFixture.IDS, (x, y) -> x.appendAll(y).sorted(), ENCODE);
            Series<Vector<StreamId>> expected = fresh.foldSeries(channel, c.buckets(), range, ReaderFixture.IDS);
            assertThat(encoded.series()).as("merged series at step %d", step).isEqualTo(expected);
            assertThat(encoded.encodings()).as("encodings at step %d", step).isEqualTo(expected.buckets().map(ENCODE));
        }
    }

    @Test
    void anHourOfMinuteBucketsReReadServesItsSealedBucketsAsKeptAndEncodesOnlyWhatChanged() {
        ReaderFixture f = new ReaderFixture();
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 1_000);
        Bucketed hour = Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1)));
        java.util.function.Function<Bucket<Long>, String> json = b -> "{\"n\":" + b.value() + "}";
        f.appendEvery(200, 5 * 3_600); // an hour of five entries a second
        reader.fold(ReaderFixture.KEY, hour, ReaderFixture.COUNT, json);
        ProjectionReader.Metrics before = reader.metrics();
        int reads = 0;
        EncodedSeries<Long, String> last = null;
        for (int s = 0; s < 150; s++) { // two and a half minutes, a read a second: buckets seal and slide out
            f.appendEvery(200, 5);
            last = reader.fold(ReaderFixture.KEY, hour, ReaderFixture.COUNT, json);
            reads++;
        }
        ProjectionReader.Metrics after = reader.metrics();
        Series<Long> fresh = new StreamWindows(f.streams, f.clock).foldSeries(ReaderFixture.KEY, hour.buckets(), hour.at(f.clock.instant()),
                ReaderFixture.COUNT);
        assertThat(last.series()).isEqualTo(fresh);
        assertThat(last.encodings()).isEqualTo(fresh.buckets().map(json));
        double kept = (after.bucketsKept() - before.bucketsKept()) / (double) reads;
        double encoded = (after.encoded() - before.encoded()) / (double) reads;
        System.out.printf("[series] 60 minute buckets read every second: %.1f sealed buckets served as kept, %.2f encoded a read%n", kept, encoded);
        // of 60 or 61 buckets, the clipped first and the open last are made at every read, and a sealing one once a minute
        assertThat(kept).as("sealed buckets served as kept per read").isGreaterThanOrEqualTo(57.5);
        assertThat(encoded).as("buckets encoded per read").isLessThanOrEqualTo(2.1);
    }

    @Test
    void sixtyMinuteBucketsOfTheLastHourReReadEverySecondFoldWhatMoved() {
        ReaderFixture f = new ReaderFixture();
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 1_000);
        Bucketed hour = Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1)));
        for (int i = 0; i < 3_600 * 50; i++) { // an hour of 50 entries a second
            f.clock.advance(20);
            f.append();
        }
        Series<Long> first = reader.fold(ReaderFixture.KEY, hour, ReaderFixture.COUNT);
        assertThat(first.buckets().size()).isBetween(60, 61);
        long before = reader.metrics().entriesFolded();
        int reads = 120;
        for (int read = 0; read < reads; read++) {
            for (int k = 0; k < 50; k++) {
                f.clock.advance(20);
                f.append();
            }
            Series<Long> s = reader.fold(ReaderFixture.KEY, hour, ReaderFixture.COUNT);
            assertThat(s).isEqualTo(new StreamWindows(f.streams, f.clock).foldSeries(ReaderFixture.KEY, hour.buckets(),
                    hour.at(f.clock.instant()), ReaderFixture.COUNT));
        }
        long perRead = (reader.metrics().entriesFolded() - before) / reads;
        System.out.println("[series] 60 one-minute buckets of the last hour, 50 appends a second: " + perRead + " entries folded per read");
        // 50 in and 50 out each second: at most twice that, on average (the first bucket's suffixes
        // are built once a minute, when it becomes another bucket)
        assertThat(perRead).as("entries folded per read").isLessThanOrEqualTo(2 * (50 + 50));
    }

    @Test
    void theLastBucketIsFoldedOnWhileAWritersClockRunsAheadOfTheReaders() {
        ReaderFixture f = new ReaderFixture();
        // every id minted 30 ms after the reader's now: entries always lie after the range's end
        echomq.domain.id.Snowflake ahead = new echomq.domain.id.Snowflake(9, () -> f.clock.ms() + 30);
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 1_000);
        Bucketed hour = Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1)));
        for (int i = 0; i < 600 * 50; i++) { // ten minutes of 50 entries a second
            f.clock.advance(20);
            f.streams.append(ReaderFixture.KEY, ahead.nextId(), io.vavr.collection.LinkedHashMap.of("k", "v"));
        }
        reader.fold(ReaderFixture.KEY, hour, ReaderFixture.IDS);
        long before = reader.metrics().entriesFolded();
        int reads = 150; // two and a half minutes: the open bucket grows, closes, and another opens
        for (int read = 0; read < reads; read++) {
            for (int k = 0; k < 50; k++) {
                f.clock.advance(20);
                f.streams.append(ReaderFixture.KEY, ahead.nextId(), io.vavr.collection.LinkedHashMap.of("k", "v"));
            }
            Series<Vector<StreamId>> s = reader.fold(ReaderFixture.KEY, hour, ReaderFixture.IDS);
            Series<Vector<StreamId>> fresh = new StreamWindows(f.streams, f.clock).foldSeries(ReaderFixture.KEY, hour.buckets(),
                    hour.at(f.clock.instant()), ReaderFixture.IDS);
            assertThat(s).as("read %d", read).isEqualTo(fresh);
            assertThat(s.buckets().last().value()).as("the last bucket leaves out what lies after now").allMatch(id -> id.ms() <= f.clock.ms());
        }
        long perRead = (reader.metrics().entriesFolded() - before) / reads;
        System.out.println("[series] the last bucket with a writer 30 ms ahead: " + perRead + " entries folded per read");
        // the open minute read whole at every read would be about 1,500 entries a read on average
        assertThat(perRead).as("entries folded per read").isLessThanOrEqualTo(2 * (50 + 50));
    }

    @Test
    void aCalendarSeriesReReadAfterAppendsFoldsOnlyTheBucketsTheyFallIn() {
        ReaderFixture f = new ReaderFixture();
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 1_000);
        Instant from = f.clock.instant();
        for (int i = 0; i < 30 * 24; i++) { // 30 days, an entry an hour
            f.append();
            f.clock.advance(3_600_000);
        }
        Bucketed month = Buckets.calendar(ChronoUnit.DAYS, ZoneId.of("Europe/Berlin"))
                .within(Window.closed(from, from.plus(Duration.ofDays(31))));
        reader.fold(ReaderFixture.KEY, month, ReaderFixture.COUNT);
        long before = reader.metrics().entriesFolded();
        for (int i = 0; i < 100; i++) {
            f.append();
        }
        Series<Long> s = reader.fold(ReaderFixture.KEY, month, ReaderFixture.COUNT);
        System.out.println("[series] 31 calendar days re-read after 100 appends: " + (reader.metrics().entriesFolded() - before) + " entries folded");
        assertThat(s.entries()).isEqualTo(30 * 24 + 100);
        assertThat(reader.metrics().entriesFolded() - before).as("entries folded by the re-read").isLessThanOrEqualTo(200);
        assertThat(s.buckets().map(Bucket::entries).sum().longValue()).isEqualTo(820);
    }

    @Test
    void hoppingBucketsOfACombinableFoldReadEachEntryOnceNotOncePerBucket() {
        ReaderFixture f = new ReaderFixture();
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 10_000, 1_000);
        Instant from = f.clock.instant();
        for (int i = 0; i < 24 * 60; i++) { // a day, an entry a minute
            f.append();
            f.clock.advance(60_000);
        }
        Bucketed day = Buckets.hopping(Duration.ofHours(1), Duration.ofMinutes(15)).alignedTo(from)
                .within(Window.closed(from, from.plus(Duration.ofDays(1)).minusMillis(1)));
        Series<Long> s = reader.fold(ReaderFixture.KEY, day, ReaderFixture.COUNT);
        assertThat(s).isEqualTo(new StreamWindows(f.streams, f.clock).foldSeries(ReaderFixture.KEY, day.buckets(),
                (Window.Closed) day.range(), ReaderFixture.COUNT));
        // each entry lies in four buckets; folded once, in its 15-minute pane
        assertThat(reader.metrics().entriesFolded()).isEqualTo(24 * 60);
    }

    @Test
    void aSeriesOverTheLimitIsRefusedBeforeTheStreamIsRead() {
        ReaderFixture f = new ReaderFixture();
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 1_000);
        assertThatThrownBy(() -> reader.fold(ReaderFixture.KEY,
                Buckets.tumbling(Duration.ofMillis(1)).within(Window.last(Duration.ofDays(1))), ReaderFixture.COUNT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("86400001 buckets");
        assertThat(reader.metrics().stateReads()).isZero();
    }
}
