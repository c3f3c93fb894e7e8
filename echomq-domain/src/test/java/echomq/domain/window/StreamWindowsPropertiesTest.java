package echomq.domain.window;

import echomq.domain.fold.Fold;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.window.FoldResult;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;

import echomq.domain.testing.Seeded;
import echomq.domain.testing.SortedMapStreamRange;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** INV-TT and INV-PAGE of {@link StreamWindows} against the in-memory port. */
class StreamWindowsPropertiesTest {

    static final String Q = "q";
    static final String NAME = "s";
    static final StreamKey KEY = StreamKey.of(Q, NAME);
    static final long T0 = Snowflake.EPOCH_MS + 3_600_000L;

    /** Collects the entries it sees, in order. */
    static final Fold<Vector<StreamEntry>> COLLECT = Fold.of("collect", Vector.empty(), Vector::append);

    /** A random stream: several entries in most milliseconds, tails at 0 and MAX_SNOWFLAKE_TAIL included. */
    record Case(long seed, List<StreamEntry> stream, Instant t0, Instant t1) {
        @Override
        public String toString() {
            return "seed " + seed + ": " + stream.size() + " entries, [" + t0 + ", " + t1 + "]";
        }
    }

    static Case randomCase(long seed) {
        Random r = new Random(seed);
        long t0 = T0 + r.nextInt(50);
        long t1 = t0 + r.nextInt(25);
        List<StreamEntry> stream = new ArrayList<>();
        for (long ms = T0 - 2; ms < T0 + 80; ms++) {
            // the milliseconds at and one outside both edges always hold entries
            boolean edge = ms == t0 || ms == t0 - 1 || ms == t1 || ms == t1 + 1;
            int n = edge ? 1 + r.nextInt(4) : r.nextInt(4);
            long tail = 0;
            List<Long> tails = new ArrayList<>();
            if (edge && r.nextBoolean()) {
                tails.add(0L);
            }
            for (int i = tails.size(); i < n; i++) {
                tail = Math.max(tail + 1, r.nextLong(StreamId.MAX_SNOWFLAKE_TAIL / 2));
                tails.add(Math.min(tail, StreamId.MAX_SNOWFLAKE_TAIL - 1));
            }
            if (edge && r.nextBoolean()) {
                tails.add(StreamId.MAX_SNOWFLAKE_TAIL);
            }
            for (long t : tails.stream().distinct().sorted().toList()) {
                long flake = (ms - Snowflake.EPOCH_MS) << 22 | t;
                stream.add(StreamEntry.of(BrandedId.event(flake),
                        LinkedHashMap.of("n", Integer.toString(stream.size()), "p", Long.toString(r.nextInt(100)))));
            }
        }
        Instant from = Instant.ofEpochMilli(t0).plusNanos(r.nextInt(1_000_000));
        Instant to = Instant.ofEpochMilli(t1).plusNanos(r.nextInt(1_000_000));
        return new Case(seed, stream, from, to.isBefore(from) ? from : to);
    }

    static Stream<Case> cases() {
        Random r = Seeded.random("StreamWindowsPropertiesTest.cases");
        // every page size of every case is folded: fewer, larger cases keep the run short
        return IntStream.range(0, Math.max(50, Seeded.CASES / 10)).mapToObj(i -> randomCase(r.nextLong()));
    }

    static List<StreamEntry> filterByMintInstant(List<StreamEntry> stream, Instant t0, Instant t1) {
        Instant from = Instant.ofEpochMilli(t0.toEpochMilli());
        Instant to = t1 == null ? Instant.MAX : Instant.ofEpochMilli(t1.toEpochMilli());
        return stream.stream()
                .filter(e -> !e.branded().get().instant().isBefore(from) && !e.branded().get().instant().isAfter(to))
                .toList();
    }

    /** INV-TT and INV-PAGE: with every page size from 1 to the window's size, the fold sees exactly the window. */
    @ParameterizedTest
    @MethodSource("cases")
    void foldWindowEqualsFilteringTheWholeStreamWithEveryPageSize(Case c) {
        SortedMapStreamRange port = new SortedMapStreamRange();
        port.put(KEY, c.stream());
        StreamWindows windows = new StreamWindows(port);
        List<StreamEntry> expected = filterByMintInstant(c.stream(), c.t0(), c.t1());
        List<StreamEntry> expectedOpen = filterByMintInstant(c.stream(), c.t0(), null);
        assertThat(expected).isNotEmpty();
        for (int page = 1; page <= expectedOpen.size() + 1; page++) {
            if (page <= expected.size() + 1) {
                assertThat(windows.foldWindow(StreamKey.of(Q, NAME), Window.closed(c.t0(), c.t1()), COLLECT, page).toJavaList())
                        .as("closed, page size %d", page).isEqualTo(expected);
            }
            assertThat(windows.foldWindow(StreamKey.of(Q, NAME), Window.since(c.t0()), COLLECT, page).toJavaList())
                    .as("since, page size %d", page).isEqualTo(expectedOpen);
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void readWindowReturnsTheFirstCountOfTheWindowInOneCall(Case c) {
        SortedMapStreamRange port = new SortedMapStreamRange();
        port.put(KEY, c.stream());
        StreamWindows windows = new StreamWindows(port);
        List<StreamEntry> expected = filterByMintInstant(c.stream(), c.t0(), c.t1());
        List<StreamEntry> expectedOpen = filterByMintInstant(c.stream(), c.t0(), null);
        for (int count = 1; count <= expected.size() + 2; count++) {
            int before = port.calls();
            assertThat(windows.readWindow(Q, NAME, c.t0(), c.t1(), count))
                    .isEqualTo(expected.subList(0, Math.min(count, expected.size())));
            assertThat(windows.readSince(Q, NAME, c.t0(), count))
                    .isEqualTo(expectedOpen.subList(0, Math.min(count, expectedOpen.size())));
            assertThat(port.calls() - before).isEqualTo(2);
        }
    }

    /** Adjacent windows [a, b] and [b + 1ms, c] partition the log. */
    @ParameterizedTest
    @MethodSource("cases")
    void adjacentWindowsPartitionTheLog(Case c) {
        SortedMapStreamRange port = new SortedMapStreamRange();
        port.put(KEY, c.stream());
        StreamWindows windows = new StreamWindows(port);
        Instant a = Instant.ofEpochMilli(T0 - 2);
        Instant b = c.t1();
        Instant next = Instant.ofEpochMilli(b.toEpochMilli() + 1);
        Instant end = Instant.ofEpochMilli(T0 + 100);
        Vector<StreamEntry> left = windows.foldWindow(StreamKey.of(Q, NAME), Window.closed(a, b), COLLECT, 3);
        Vector<StreamEntry> right = windows.foldWindow(StreamKey.of(Q, NAME), Window.closed(next, end), COLLECT, 3);
        assertThat(left.appendAll(right).toJavaList()).isEqualTo(c.stream());
    }

    @Test
    void aFoldHoldsAtMostOnePageAndPagesFromTheSuccessor() {
        Case c = randomCase(7);
        List<Integer> pageSizes = new ArrayList<>();
        List<StreamId> froms = new ArrayList<>();
        SortedMapStreamRange store = new SortedMapStreamRange();
        store.put(KEY, c.stream());
        StreamRangePort spy = new StreamRangePort() {
            @Override
            public List<StreamEntry> range(StreamKey key, StreamId from, StreamId to, int count) {
                froms.add(from);
                List<StreamEntry> page = store.range(key, from, to, count);
                pageSizes.add(page.size());
                return page;
            }

            @Override
            public List<StreamEntry> rangeFrom(StreamKey key, StreamId from, int count) {
                froms.add(from);
                List<StreamEntry> page = store.rangeFrom(key, from, count);
                pageSizes.add(page.size());
                return page;
            }
        };
        FoldResult<Long> r = new StreamWindows(spy).foldDetailed(StreamKey.of(Q, NAME), Window.since(Instant.ofEpochMilli(T0 - 2)),
                Fold.of("count", 0L, (n, e) -> n + 1), 5);
        assertThat(r.value()).isEqualTo((long) c.stream().size());
        assertThat(r.entries()).isEqualTo(c.stream().size());
        assertThat(r.last()).contains(c.stream().get(c.stream().size() - 1).id());
        assertThat(pageSizes).allMatch(n -> n <= 5);
        for (int i = 1; i < froms.size(); i++) {
            assertThat(froms.get(i)).isEqualTo(c.stream().get(5 * i - 1).id().successor());
        }
    }

    @Test
    void resumeFoldsOnlyWhatCameAfterTheLastIdFolded() {
        Case c = randomCase(11);
        SortedMapStreamRange port = new SortedMapStreamRange();
        List<StreamEntry> firstHalf = c.stream().subList(0, c.stream().size() / 2);
        port.put(KEY, firstHalf);
        StreamWindows windows = new StreamWindows(port);
        Window.Since open = Window.since(Instant.ofEpochMilli(T0 - 2));
        FoldResult<Vector<StreamEntry>> half = windows.foldDetailed(StreamKey.of(Q, NAME), open, COLLECT, 4);
        assertThat(half.value().toJavaList()).isEqualTo(firstHalf);
        port.put(KEY, c.stream());
        FoldResult<Vector<StreamEntry>> whole = windows.resume(StreamKey.of(Q, NAME), open, COLLECT, half, 4);
        assertThat(whole.value().toJavaList()).isEqualTo(c.stream());
        assertThat(whole.entries()).isEqualTo(c.stream().size());
    }

    @Test
    void resumeThroughAnIdFoldsNothingAboveItAndThenFoldsOnFromThere() {
        Case c = randomCase(13);
        SortedMapStreamRange port = new SortedMapStreamRange();
        port.put(KEY, c.stream());
        StreamWindows windows = new StreamWindows(port);
        Window.Since open = Window.since(Instant.ofEpochMilli(T0 - 2));
        int cut = c.stream().size() / 2;
        StreamId through = c.stream().get(cut - 1).id(); // what a state read saw; the rest came after it
        FoldResult<Vector<StreamEntry>> seen = windows.resume(StreamKey.of(Q, NAME), open, COLLECT, FoldResult.empty(Vector.empty()), through, 3);
        assertThat(seen.value().toJavaList()).isEqualTo(c.stream().subList(0, cut));
        assertThat(seen.last()).contains(through);
        FoldResult<Vector<StreamEntry>> all = windows.resume(StreamKey.of(Q, NAME), open, COLLECT, seen, StreamId.MAX, 3);
        assertThat(all.value().toJavaList()).isEqualTo(c.stream());
        assertThat(all.entries()).isEqualTo(c.stream().size());
        // a window's own end below the id bounds it; an id below the window's start folds nothing
        Window.Closed early = Window.closed(Instant.ofEpochMilli(T0 - 2), c.stream().get(1).id().instant());
        assertThat(windows.resume(StreamKey.of(Q, NAME), early, COLLECT, FoldResult.empty(Vector.empty()), StreamId.MAX, 3).value().toJavaList())
                .isEqualTo(windows.foldWindow(StreamKey.of(Q, NAME), early, COLLECT).toJavaList());
        assertThat(windows.resume(StreamKey.of(Q, NAME), open, COLLECT, FoldResult.empty(Vector.empty()), StreamId.MIN, 3).entries()).isZero();
    }

    @Test
    void aPortThatAnswersOutOfOrderIsRefusedNotFolded() {
        Case c = randomCase(3);
        StreamRangePort liar = new StreamRangePort() {
            @Override
            public List<StreamEntry> range(StreamKey key, StreamId from, StreamId to, int count) {
                return List.of(c.stream().get(2), c.stream().get(1));
            }

            @Override
            public List<StreamEntry> rangeFrom(StreamKey key, StreamId from, int count) {
                return range(key, from, StreamId.MAX, count);
            }
        };
        assertThatThrownBy(() -> new StreamWindows(liar)
                        .foldWindow(StreamKey.of(Q, NAME), Window.since(Instant.ofEpochMilli(T0 - 2)), COLLECT, 10))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("out of order");
    }

    @Test
    void aPageInOrderIsCheckedAtItsEndsAgainstTheRangeAndNamesTheEntryOutside() {
        Case c = randomCase(4);
        List<StreamEntry> s = c.stream();
        StreamId from = s.get(1).id();
        StreamId to = s.get(3).id();
        // in order and within: taken as it is
        assertThat(StreamWindows.checked(s.subList(1, 4), from, Option.some(to), 3)).isEqualTo(s.subList(1, 4));
        assertThat(StreamWindows.checked(List.of(), from, Option.some(to), 3)).isEmpty();
        // one entry below the range's start, one above its end (in order otherwise), one too many, a repeat: each refused
        assertThatThrownBy(() -> StreamWindows.checked(s.subList(0, 3), from, Option.some(to), 3))
                .hasMessage("the port returned entry " + s.get(0).id() + " out of order or outside " + from + ".." + to);
        assertThatThrownBy(() -> StreamWindows.checked(s.subList(2, 5), from, Option.some(to), 3))
                .hasMessage("the port returned entry " + s.get(4).id() + " out of order or outside " + from + ".." + to);
        assertThatThrownBy(() -> StreamWindows.checked(s.subList(1, 5), from, Option.none(), 3))
                .hasMessage("the port returned 4 entries for COUNT 3");
        assertThatThrownBy(() -> StreamWindows.checked(List.of(s.get(1), s.get(2), s.get(2)), from, Option.none(), 3))
                .hasMessage("the port returned entry " + s.get(2).id() + " out of order or outside " + from + "..+");
        // with no end, an entry far above the start is in range
        assertThat(StreamWindows.checked(s.subList(1, 5), from, Option.none(), 4)).hasSize(4);
    }
}
