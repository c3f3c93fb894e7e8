package echomq.domain.window;

import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Fold;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.testing.Seeded;
import echomq.domain.testing.SortedMapStreamRange;

import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link StreamWindows#foldSeries} against the in-memory port: every bucket is the fold of exactly
 * its entries, empty buckets included, in one paged pass; the tumbling series combined is the fold
 * of the range as one window.
 */
class SeriesPropertiesTest {

    static final StreamKey KEY = StreamKey.of("q", "series");
    static final long T0 = Snowflake.EPOCH_MS + 400L * 86_400_000L;

    /** Collects the entries' numbers: combinable (concatenation), so it also checks order. */
    static final CombinableFold<Vector<String>> COLLECT = CombinableFold.of("collect", 1, Vector.<String>empty(),
            (v, e) -> v.append(e.field("n").get()), Vector::appendAll);

    record Case(long seed, List<StreamEntry> stream, Buckets buckets, Window.Closed range) {
        @Override
        public String toString() {
            return "seed " + seed + ": " + stream.size() + " entries, " + buckets + " over " + range;
        }
    }

    static Case randomCase(long seed) {
        Random r = new Random(seed);
        long span = switch (r.nextInt(3)) {
            case 0 -> 1_000;
            case 1 -> 3_600_000;
            default -> 40L * 86_400_000;
        };
        List<StreamEntry> stream = new ArrayList<>();
        long ms = T0;
        int n = r.nextInt(400);
        for (int i = 0; i < n; i++) {
            ms += r.nextInt(4) == 0 ? 0 : 1 + r.nextLong(Math.max(1, 3 * span / Math.max(1, n)));
            long flake = (ms - Snowflake.EPOCH_MS) << 22 | i;
            stream.add(StreamEntry.of(BrandedId.event(flake), LinkedHashMap.of("n", Integer.toString(i))));
        }
        long t0 = T0 + r.nextLong(span);
        long t1 = t0 + r.nextLong(span * 2);
        // the smallest step that keeps the range within a few thousand buckets: a series over
        // Buckets.MAX_BUCKETS is refused (its own test below), not folded
        long least = 1 + (t1 - t0) / 5_000;
        Buckets buckets = switch (r.nextInt(4)) {
            case 0 -> Buckets.tumbling(Duration.ofMillis(least + r.nextLong(span / 10))).alignedTo(Instant.ofEpochMilli(T0 + r.nextLong(span)));
            case 1 -> {
                long advance = least + r.nextLong(span / 20);
                yield Buckets.hopping(Duration.ofMillis(advance * (1 + r.nextInt(4))), Duration.ofMillis(advance));
            }
            case 2 -> {
                long step = least + r.nextLong(span / 20);
                yield Buckets.cumulate(Duration.ofMillis(step), Duration.ofMillis(step * (1 + r.nextInt(5))))
                        .alignedTo(Instant.ofEpochMilli(T0 + r.nextLong(span)));
            }
            default -> Buckets.calendar(ChronoUnit.DAYS, ZoneId.of(r.nextBoolean() ? "Europe/Berlin" : "America/New_York"))
                    .startingAt(LocalTime.of(r.nextInt(24), 0));
        };
        return new Case(seed, stream, buckets, Window.closed(Instant.ofEpochMilli(t0), Instant.ofEpochMilli(t1)));
    }

    static Stream<Case> cases() {
        Random r = Seeded.random("SeriesPropertiesTest.cases");
        return IntStream.range(0, Math.max(50, Seeded.CASES / 4)).mapToObj(i -> randomCase(r.nextLong()));
    }

    static Vector<String> naive(List<StreamEntry> stream, Window.Closed w) {
        return Vector.ofAll(stream).filter(e -> {
            long ms = e.id().ms();
            return ms >= w.t0().toEpochMilli() && ms <= w.t1().toEpochMilli();
        }).map(e -> e.field("n").get());
    }

    @ParameterizedTest
    @MethodSource("cases")
    void everyBucketIsTheFoldOfExactlyItsEntriesInOnePagedPass(Case c) {
        SortedMapStreamRange port = new SortedMapStreamRange();
        port.put(KEY, c.stream());
        Series<Vector<String>> series = new StreamWindows(port).foldSeries(KEY, c.buckets(), c.range(), COLLECT);
        assertThat(series.buckets().map(Bucket::window)).isEqualTo(c.buckets().over(c.range()));
        for (Bucket<Vector<String>> b : series.buckets()) {
            Vector<String> expected = naive(c.stream(), b.window());
            assertThat(b.value()).as("bucket %s", b.window()).isEqualTo(expected);
            assertThat(b.entries()).isEqualTo(expected.size());
        }
        long inRange = naive(c.stream(), c.range()).size();
        assertThat(port.calls()).as("range reads: one pass over %d entries, not one per bucket", inRange)
                .isLessThanOrEqualTo((int) (inRange / StreamWindows.DEFAULT_PAGE_SIZE) + 2);
    }

    @ParameterizedTest
    @MethodSource("cases")
    void theTumblingSeriesCombinedIsTheRangeFoldedAsOneWindow(Case c) {
        if (!c.buckets().tilesTime()) {
            return; // overlapping (hopping, cumulating) buckets hold an entry more than once: they do not combine into the range
        }
        SortedMapStreamRange port = new SortedMapStreamRange();
        port.put(KEY, c.stream());
        StreamWindows windows = new StreamWindows(port);
        Series<Vector<String>> series = windows.foldSeries(KEY, c.buckets(), c.range(), COLLECT);
        Vector<String> combined = series.buckets().map(Bucket::value).foldLeft(COLLECT.initial(), COLLECT::combine);
        assertThat(combined).isEqualTo(windows.foldWindow(KEY, c.range(), COLLECT));
        assertThat(series.entries()).isEqualTo(combined.size());
    }

    @Test
    void emptyBucketsAreInTheSeriesWithTheInitialValue() {
        SortedMapStreamRange port = new SortedMapStreamRange();
        Instant t = Instant.ofEpochMilli(T0);
        port.put(KEY, List.of(StreamEntry.of(BrandedId.event((T0 + 90_000 - Snowflake.EPOCH_MS) << 22), LinkedHashMap.of("n", "7"))));
        Fold<Long> count = Fold.of("count", 0L, (a, e) -> a + 1);
        Series<Long> s = new StreamWindows(port).foldSeries(KEY, Buckets.tumbling(Duration.ofMinutes(1)).alignedTo(t),
                Window.closed(t, t.plus(Duration.ofMinutes(5)).minusMillis(1)), count);
        assertThat(s.buckets().map(Bucket::value)).containsExactly(0L, 1L, 0L, 0L, 0L);
        assertThat(s.buckets().map(Bucket::entries)).containsExactly(0L, 1L, 0L, 0L, 0L);
        assertThat(s.buckets().get(4).window().t1()).isEqualTo(t.plus(Duration.ofMinutes(5)).minusMillis(1));
    }

    @Test
    void aSeriesOverTheLimitIsRefusedBeforeAnythingIsRead() {
        SortedMapStreamRange port = new SortedMapStreamRange();
        Instant t = Instant.ofEpochMilli(T0);
        assertThatThrownBy(() -> new StreamWindows(port).foldSeries(KEY, Buckets.tumbling(Duration.ofSeconds(1)),
                Window.closed(t, t.plus(Duration.ofDays(2))), COLLECT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("172801 buckets");
        assertThat(port.calls()).isZero();
    }
}
