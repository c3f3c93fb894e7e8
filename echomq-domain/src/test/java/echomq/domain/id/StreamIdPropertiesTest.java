package echomq.domain.id;

import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.window.Window;

import echomq.domain.testing.Seeded;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Properties of {@link StreamId} and the bound math, over seeded random cases and the edges. */
class StreamIdPropertiesTest {

    /** Edge values of a part: 0, 1, MAX_SNOWFLAKE_TAIL and its neighbours, Long.MAX_VALUE and its neighbour. */
    static final long[] EDGES = {0, 1, StreamId.MAX_SNOWFLAKE_TAIL - 1, StreamId.MAX_SNOWFLAKE_TAIL, StreamId.MAX_SNOWFLAKE_TAIL + 1,
            Long.MAX_VALUE - 1, Long.MAX_VALUE};

    static long part(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> r.nextInt(10);
            case 1 -> r.nextLong(StreamId.MAX_SNOWFLAKE_TAIL + 2);
            case 2 -> 1_700_000_000_000L + r.nextLong(100_000_000_000L);
            default -> r.nextLong(Long.MAX_VALUE);
        };
    }

    static Stream<StreamId> ids() {
        Random r = Seeded.random("StreamIdPropertiesTest.ids");
        List<StreamId> out = new ArrayList<>();
        for (long ms : EDGES) {
            for (long seq : EDGES) {
                out.add(StreamId.of(ms, seq));
            }
        }
        for (int i = 0; i < Seeded.CASES; i++) {
            out.add(StreamId.of(part(r), part(r)));
        }
        return out.stream();
    }

    static Stream<Arguments> pairs() {
        Random r = Seeded.random("StreamIdPropertiesTest.pairs");
        List<Arguments> out = new ArrayList<>();
        for (long a : EDGES) {
            for (long b : EDGES) {
                out.add(Arguments.of(StreamId.of(a, b), StreamId.of(b, a)));
                out.add(Arguments.of(StreamId.of(a, b), StreamId.of(a, b)));
            }
        }
        for (int i = 0; i < Seeded.CASES; i++) {
            long ms = part(r);
            // half of the pairs share the millisecond, so the seq decides
            out.add(Arguments.of(StreamId.of(ms, part(r)), StreamId.of(r.nextBoolean() ? ms : part(r), part(r))));
        }
        return out.stream();
    }

    /** Instants in the range a stream id can hold, with sub-millisecond parts, plus the edges. */
    static Stream<Instant> instants() {
        Random r = Seeded.random("StreamIdPropertiesTest.instants");
        List<Instant> out = new ArrayList<>(List.of(
                Instant.EPOCH, Instant.EPOCH.plusNanos(1), Instant.EPOCH.plusNanos(999_999),
                Instant.EPOCH.plusMillis(1), Instant.ofEpochMilli(Snowflake.EPOCH_MS),
                Instant.ofEpochMilli(Snowflake.EPOCH_MS).minusNanos(1),
                Instant.ofEpochMilli(Long.MAX_VALUE - 1), Instant.ofEpochMilli(Long.MAX_VALUE - 1).plusNanos(999_999)));
        for (int i = 0; i < Seeded.CASES; i++) {
            long ms = r.nextBoolean() ? 1_700_000_000_000L + r.nextLong(10_000_000_000L) : r.nextLong(Long.MAX_VALUE - 1);
            out.add(Instant.ofEpochMilli(ms).plusNanos(r.nextInt(1_000_000)));
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("ids")
    void parseOfToStringIsTheIdentity(StreamId id) {
        assertThat(StreamId.parse(id.toString())).isEqualTo(id);
        assertThat(id.toString()).isEqualTo(id.ms() + "-" + id.seq());
    }

    @ParameterizedTest
    @MethodSource("pairs")
    void orderIsTheOrderOfMsThenSeq(StreamId a, StreamId b) {
        int expected = a.ms() != b.ms() ? Long.compare(a.ms(), b.ms()) : Long.compare(a.seq(), b.seq());
        assertThat(Integer.signum(a.compareTo(b))).isEqualTo(Integer.signum(expected));
        assertThat(Integer.signum(b.compareTo(a))).isEqualTo(-Integer.signum(expected));
        assertThat(a.equals(b)).isEqualTo(expected == 0);
    }

    @ParameterizedTest
    @MethodSource("ids")
    void successorIsTheNextIdInOrder(StreamId id) {
        if (id.isMax()) {
            return;
        }
        StreamId next = id.successor();
        assertThat(next).isGreaterThan(id);
        // nothing fits between: the seq steps by one, or the ms does with seq 0 past the last seq
        if (id.seq() < Long.MAX_VALUE) {
            assertThat(next).isEqualTo(StreamId.of(id.ms(), id.seq() + 1));
        } else {
            assertThat(next).isEqualTo(StreamId.of(id.ms() + 1, 0));
        }
    }

    @ParameterizedTest
    @MethodSource("instants")
    void floorAndCeilingBracketTheMillisecond(Instant t) {
        long ms = t.toEpochMilli();
        assertThat(StreamId.floor(t)).isEqualTo(StreamId.of(ms, 0));
        assertThat(StreamId.ceiling(t)).isEqualTo(StreamId.of(ms, StreamId.MAX_SNOWFLAKE_TAIL));
        assertThat(StreamId.floor(t).instant()).isEqualTo(Instant.ofEpochMilli(ms));
        Instant next = t.plusMillis(1);
        if (next.toEpochMilli() < Long.MAX_VALUE) {
            assertThat(StreamId.ceiling(t)).isLessThan(StreamId.floor(next));
        }
    }

    /** INV-BOUND: an entry at t0 and one at t1 are in; one a millisecond outside either is out. */
    @ParameterizedTest
    @MethodSource("instants")
    void invBoundAtBothEdges(Instant t0) {
        if (t0.toEpochMilli() < 1 || t0.toEpochMilli() > Long.MAX_VALUE - 10_000) {
            return;
        }
        Instant t1 = t0.plus(Duration.ofMillis(Math.floorMod(t0.getNano(), 5000)));
        Window.Closed w = Window.closed(t0, t1);
        for (long tail : new long[] {0, 1, StreamId.MAX_SNOWFLAKE_TAIL}) {
            assertThat(w.contains(StreamId.of(t0.toEpochMilli(), tail))).as("at t0, tail %d", tail).isTrue();
            assertThat(w.contains(StreamId.of(t1.toEpochMilli(), tail))).as("at t1, tail %d", tail).isTrue();
            assertThat(w.contains(StreamId.of(t0.toEpochMilli() - 1, tail))).as("t0 - 1ms, tail %d", tail).isFalse();
            assertThat(w.contains(StreamId.of(t1.toEpochMilli() + 1, tail))).as("t1 + 1ms, tail %d", tail).isFalse();
        }
        Window.Since open = Window.since(t0);
        assertThat(open.contains(StreamId.of(t0.toEpochMilli(), 0))).isTrue();
        assertThat(open.contains(StreamId.of(t0.toEpochMilli() - 1, StreamId.MAX_SNOWFLAKE_TAIL))).isFalse();
        assertThat(open.contains(StreamId.of(Long.MAX_VALUE, StreamId.MAX_SNOWFLAKE_TAIL))).isTrue();
    }

    static Stream<Arguments> windowsAndIds() {
        Random r = Seeded.random("StreamIdPropertiesTest.windowsAndIds");
        List<Arguments> out = new ArrayList<>();
        for (int i = 0; i < Seeded.CASES; i++) {
            long t0 = 1_700_000_000_000L + r.nextInt(1000);
            long t1 = t0 + r.nextInt(20);
            long idMs = t0 - 3 + r.nextInt(30);
            long seq = r.nextInt(3) == 0 ? (r.nextBoolean() ? 0 : StreamId.MAX_SNOWFLAKE_TAIL) : r.nextLong(StreamId.MAX_SNOWFLAKE_TAIL + 1);
            Instant from = Instant.ofEpochMilli(t0).plusNanos(r.nextInt(1_000_000));
            Instant to = Instant.ofEpochMilli(t1).plusNanos(r.nextInt(1_000_000));
            out.add(Arguments.of(from, to.isBefore(from) ? from : to, StreamId.of(idMs, seq)));
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("windowsAndIds")
    void containsIffTheMintInstantLiesInTheWindow(Instant t0, Instant t1, StreamId id) {
        Instant from = Instant.ofEpochMilli(t0.toEpochMilli());
        Instant to = Instant.ofEpochMilli(t1.toEpochMilli());
        boolean inside = !id.instant().isBefore(from) && !id.instant().isAfter(to);
        assertThat(Window.closed(t0, t1).contains(id)).isEqualTo(inside);
        assertThat(Window.since(t0).contains(id)).isEqualTo(!id.instant().isBefore(from));
    }

    /** Adjacent windows [a, b] and [b + 1ms, c] partition the ids: none in both, none in neither. */
    @ParameterizedTest
    @MethodSource("windowsAndIds")
    void adjacentWindowsPartition(Instant a, Instant b, StreamId id) {
        Instant c = b.plusMillis(10);
        Window.Closed left = Window.closed(a, b);
        Window.Closed right = Window.closed(Instant.ofEpochMilli(b.toEpochMilli() + 1), c);
        Window.Closed whole = Window.closed(a, c);
        assertThat(left.contains(id) ^ right.contains(id) || !whole.contains(id)).isTrue();
        assertThat(left.contains(id) || right.contains(id)).isEqualTo(whole.contains(id));
    }
}
