package echomq.domain.window;

import echomq.domain.fold.Fold;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.testing.Seeded;
import echomq.domain.testing.SortedMapStreamRange;

import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link StreamWindows#foldSessions} against a brute-force splitter over the whole stream: the same
 * sessions (bounds, entries in order, open or not) from any page size and from any read start at
 * or before the reach, keyed or not; a session past {@link Sessions#longest} or a read past
 * {@link Sessions#most} refused, naming the bound.
 */
class SessionsPropertiesTest {

    static final StreamKey KEY = StreamKey.of("q", "sessions");
    static final long T0 = Snowflake.EPOCH_MS + 400L * 86_400_000L;

    static final Fold<Vector<String>> COLLECT = Fold.of("collect", Vector.<String>empty(), (v, e) -> v.append(e.field("n").get()));

    record Case(long seed, List<StreamEntry> stream, Sessions sessions, Window.Closed range, int pageSize) {
        @Override
        public String toString() {
            return "seed " + seed + ": " + stream.size() + " entries, " + sessions + " over " + range + ", pages of " + pageSize;
        }
    }

    static StreamEntry entry(long ms, int i, Option<String> key) {
        long flake = (ms - Snowflake.EPOCH_MS) << 22 | i;
        LinkedHashMap<String, String> fields = LinkedHashMap.of("n", Integer.toString(i));
        return StreamEntry.of(BrandedId.event(flake), key.map(k -> fields.put("k", k)).getOrElse(fields));
    }

    static Case randomCase(long seed) {
        Random r = new Random(seed);
        long gap = 1 + r.nextInt(r.nextBoolean() ? 50 : 5_000);
        boolean keyed = r.nextBoolean();
        int keys = 1 + r.nextInt(4);
        List<StreamEntry> stream = new ArrayList<>();
        long ms = T0;
        int n = r.nextInt(300);
        for (int i = 0; i < n; i++) {
            ms += switch (r.nextInt(5)) {
                case 0 -> 0;                               // equal timestamps
                case 1 -> gap;                             // exactly the gap: a new session
                case 2 -> Math.max(0, gap - 1);            // just inside it
                case 3 -> gap + r.nextLong(gap * 4);       // quiet
                default -> r.nextLong(gap);                // a burst
            };
            Option<String> key = keyed && r.nextInt(12) > 0 ? Option.some("p" + r.nextInt(keys)) : keyed ? Option.none() : Option.none();
            stream.add(entry(ms, i, keyed ? key : Option.none()));
        }
        long span = Math.max(1, ms - T0);
        long t0 = T0 + r.nextLong(span);
        long t1 = t0 + r.nextLong(span);
        Sessions s = Sessions.of(Duration.ofMillis(gap))
                .longest(Duration.ofMillis(r.nextInt(4) == 0 ? r.nextLong(gap * 3) : gap * 50 + r.nextLong(span + 1)))
                .most(r.nextInt(5) == 0 ? 1 + r.nextInt(5) : Sessions.DEFAULT_MOST);
        if (keyed) {
            s = s.perKey("k");
        }
        return new Case(seed, stream, s, Window.closed(Instant.ofEpochMilli(t0), Instant.ofEpochMilli(t1)), 1 + r.nextInt(r.nextBoolean() ? 7 : 500));
    }

    static Stream<Case> cases() {
        Random r = Seeded.random("SessionsPropertiesTest.cases");
        return IntStream.range(0, Math.max(50, Seeded.CASES / 2)).mapToObj(i -> randomCase(r.nextLong()));
    }

    /** The sessions of {@code range} split by brute force from every entry up to its end, whatever the bounds. */
    static List<Session<Vector<String>>> bruteForce(List<StreamEntry> stream, Sessions s, Window.Closed range) {
        long gap = s.gap().toMillis();
        long t0 = range.t0().toEpochMilli();
        long t1 = range.t1().toEpochMilli();
        Map<Option<String>, List<List<StreamEntry>>> byKey = new TreeMap<>((a, b) -> a.getOrElse("").compareTo(b.getOrElse("")));
        for (StreamEntry e : stream) {
            if (e.id().ms() > t1) {
                break;
            }
            Option<String> key = s.keyField().isDefined() ? e.field("k") : Option.none();
            if (s.keyField().isDefined() && key.isEmpty()) {
                continue;
            }
            List<List<StreamEntry>> runs = byKey.computeIfAbsent(key, k -> new ArrayList<>());
            List<StreamEntry> last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
            if (last == null || e.id().ms() - last.get(last.size() - 1).id().ms() >= gap) {
                runs.add(new ArrayList<>(List.of(e)));
            } else {
                last.add(e);
            }
        }
        List<Session<Vector<String>>> out = new ArrayList<>();
        byKey.forEach((key, runs) -> {
            for (List<StreamEntry> run : runs) {
                long first = run.get(0).id().ms();
                long lastMs = run.get(run.size() - 1).id().ms();
                if (lastMs >= t0) {
                    out.add(new Session<>(key, Window.closed(Instant.ofEpochMilli(first), Instant.ofEpochMilli(lastMs)),
                            run.size(), Vector.ofAll(run).map(x -> x.field("n").get()), lastMs + gap - 1 > t1));
                }
            }
        });
        out.sort((a, b) -> a.from().equals(b.from()) ? a.key().getOrElse("").compareTo(b.key().getOrElse(""))
                : a.from().compareTo(b.from()));
        return out;
    }

    @ParameterizedTest
    @MethodSource("cases")
    void theSessionsAreTheBruteForceOnesFromAnyPageSizeAndAnyEarlierStart(Case c) {
        SortedMapStreamRange port = new SortedMapStreamRange();
        port.put(KEY, c.stream());
        StreamWindows windows = new StreamWindows(port);
        List<Session<Vector<String>>> expected = bruteForce(c.stream(), c.sessions(), c.range());
        boolean tooLong = expected.stream().anyMatch(s -> s.to().toEpochMilli() - s.from().toEpochMilli() > c.sessions().longest().toMillis());
        boolean tooMany = expected.size() > c.sessions().most();
        if (tooLong || tooMany) {
            assertThatThrownBy(() -> windows.foldSessions(KEY, c.sessions(), c.range(), COLLECT, c.pageSize()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageMatching(tooLong && tooMany ? "(?s).*(longest session|most sessions per read).*"
                            : tooLong ? "(?s).*longest session " + c.sessions().longest() + ".*"
                            : "(?s).*most sessions per read " + c.sessions().most() + ".*");
            return;
        }
        assertThat(windows.foldSessions(KEY, c.sessions(), c.range(), COLLECT, c.pageSize()).asJava()).isEqualTo(expected);
        // from the start of the stream (any start before the reach): the same sessions
        SessionFold<Vector<String>> pass = c.sessions().fold(c.range(), COLLECT);
        Window.Closed fromStart = Window.closed(Instant.ofEpochMilli(T0 - 1), c.range().t1());
        assertThat(pass.sessions(windows.foldWindow(KEY, fromStart, pass, c.pageSize()), c.range()).asJava()).isEqualTo(expected);
        // what a reader keeps: a pass from an earlier keepFrom, over the reach of that start
        Instant keepFrom = Instant.ofEpochMilli(Math.max(T0, c.range().t0().toEpochMilli() - c.pageSize() * 97L));
        SessionFold<Vector<String>> kept = c.sessions().foldFrom(keepFrom, COLLECT);
        Window.Closed keptReach = c.sessions().reach(Window.closed(keepFrom, c.range().t1()));
        assertThat(kept.sessions(windows.foldWindow(KEY, keptReach, kept, c.pageSize()), c.range()).asJava()).isEqualTo(expected);
    }

    // --- explicit edges ---------------------------------------------------------------------------

    static List<Session<Vector<String>>> read(Sessions s, Window.Closed range, long... offsets) {
        SortedMapStreamRange port = new SortedMapStreamRange();
        List<StreamEntry> stream = new ArrayList<>();
        for (int i = 0; i < offsets.length; i++) {
            stream.add(entry(T0 + offsets[i], i, Option.none()));
        }
        port.put(KEY, stream);
        return new StreamWindows(port).foldSessions(KEY, s, range, COLLECT, 2).asJava();
    }

    static Window.Closed upTo(long offset) {
        return Window.closed(Instant.ofEpochMilli(T0), Instant.ofEpochMilli(T0 + offset));
    }

    @Test
    void entriesExactlyTheGapApartAreTwoSessionsAndOneMillisecondLessIsOne() {
        Sessions s = Sessions.of(Duration.ofSeconds(1));
        assertThat(read(s, upTo(10_000), 0, 1_000)).extracting(Session::entries).containsExactly(1L, 1L);
        assertThat(read(s, upTo(10_000), 0, 999)).extracting(Session::entries).containsExactly(2L);
    }

    @Test
    void aLoneEntryIsASessionOfOneAndEqualTimestampsAreOneSession() {
        Sessions s = Sessions.of(Duration.ofMillis(10));
        List<Session<Vector<String>>> out = read(s, upTo(1_000), 0, 100, 100, 100, 500);
        assertThat(out).extracting(Session::entries).containsExactly(1L, 3L, 1L);
        assertThat(out.get(1).value()).containsExactly("1", "2", "3");
        assertThat(out.get(1).window()).isEqualTo(Window.closed(Instant.ofEpochMilli(T0 + 100), Instant.ofEpochMilli(T0 + 100)));
    }

    @Test
    void aSessionIsOpenUntilTheWholeGapAfterItLiesInTheRange() {
        Sessions s = Sessions.of(Duration.ofSeconds(1));
        // an entry at 1_999 would be a whole gap after 999: a new session, so 1_000..1_998 is the gap
        assertThat(read(s, upTo(1_997), 999).get(0).open()).isTrue();
        assertThat(read(s, upTo(1_998), 999).get(0).open()).isFalse();
    }

    @Test
    void aSessionThatBeganBeforeTheRangeIsSeenWhole() {
        Sessions s = Sessions.of(Duration.ofSeconds(1)).longest(Duration.ofSeconds(10));
        Window.Closed range = Window.closed(Instant.ofEpochMilli(T0 + 5_000), Instant.ofEpochMilli(T0 + 20_000));
        List<Session<Vector<String>>> out = read(s, range, 0, 900, 1_800, 2_700, 3_600, 4_500, 5_400, 12_000);
        assertThat(out).extracting(Session::entries).containsExactly(7L, 1L);
        assertThat(out.get(0).from()).isEqualTo(Instant.ofEpochMilli(T0));
    }

    @Test
    void aSessionLongerThanTheLongestIsRefusedNamingTheBound() {
        Sessions s = Sessions.of(Duration.ofSeconds(1)).longest(Duration.ofSeconds(3));
        assertThatThrownBy(() -> read(s, upTo(10_000), 0, 900, 1_800, 2_700, 3_600))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("longest session PT3S");
        assertThat(read(s, upTo(10_000), 0, 900, 1_800, 2_700)).hasSize(1); // exactly the longest: accepted
    }

    @Test
    void aSessionReachingBackPastTheReachIsRefusedRatherThanCut() {
        Sessions s = Sessions.of(Duration.ofSeconds(1)).longest(Duration.ofSeconds(2));
        Window.Closed range = Window.closed(Instant.ofEpochMilli(T0 + 10_000), Instant.ofEpochMilli(T0 + 20_000));
        long[] burst = LongStreamOf(0, 10_000, 500);
        assertThatThrownBy(() -> read(s, range, burst)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("longest session PT2S");
    }

    static long[] LongStreamOf(long from, long to, long step) {
        return java.util.stream.LongStream.iterate(from, x -> x <= to, x -> x + step).toArray();
    }

    @Test
    void moreSessionsThanTheMostIsRefusedNamingTheBound() {
        Sessions s = Sessions.of(Duration.ofMillis(10)).most(2);
        assertThat(read(s, upTo(1_000), 0, 100)).hasSize(2);
        assertThatThrownBy(() -> read(s, upTo(1_000), 0, 100, 200)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("most sessions per read 2");
    }

    @Test
    void perKeyEachKeyHasItsOwnSessionsAndEntriesWithoutTheKeyAreInNone() {
        SortedMapStreamRange port = new SortedMapStreamRange();
        port.put(KEY, List.of(entry(T0, 0, Option.some("a")), entry(T0 + 5, 1, Option.some("b")),
                entry(T0 + 8, 2, Option.none()), entry(T0 + 15, 3, Option.some("a")), entry(T0 + 20, 4, Option.some("b"))));
        List<Session<Vector<String>>> out = new StreamWindows(port).foldSessions(KEY,
                Sessions.of(Duration.ofMillis(20)).perKey("k"), upTo(100), COLLECT).asJava();
        assertThat(out).extracting(x -> x.key().get()).containsExactly("a", "b");
        assertThat(out).extracting(Session::value).containsExactly(Vector.of("0", "3"), Vector.of("1", "4"));
    }

    @Test
    void badSessionsAreRefusedNamingTheValue() {
        assertThatThrownBy(() -> Sessions.of(Duration.ZERO)).hasMessageContaining("session gap");
        assertThatThrownBy(() -> Sessions.of(Duration.ofSeconds(1)).perKey("")).hasMessageContaining("key field");
        assertThatThrownBy(() -> Sessions.of(Duration.ofSeconds(1)).most(0)).hasMessageContaining("most sessions per read 0");
        assertThatThrownBy(() -> Sessions.of(Duration.ofSeconds(1)).most(Sessions.MAX_SESSIONS + 1)).hasMessageContaining("100001");
        assertThatThrownBy(() -> Sessions.of(Duration.ofSeconds(1)).longest(Duration.ofSeconds(-1))).hasMessageContaining("longest session PT-1S");
    }
}
