package echomq.domain.eventtime;

import echomq.domain.fold.Fold;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.testing.Seeded;
import echomq.domain.testing.SortedMapStreamRange;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.Session;
import echomq.domain.window.Sessions;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;

import io.vavr.Tuple;
import io.vavr.Tuple2;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The event-time view against a brute-force reading of the rule over the whole stream (#57): for
 * random streams whose entries carry times inside and outside the bounds (late, early, missing,
 * malformed), every window, series and session read through the view equals the same read of the
 * brute-force event-time stream (every entry on time, in event-time order, at {@code <e>-<k>}), from
 * any page size; the entries each read leaves out are counted as the brute force counts them (by the
 * read whose own range holds their id), and adjacent reads partition the counts.
 */
class EventTimePropertiesTest {

    static final StreamKey KEY = StreamKey.existing("orders");
    static final long T = 1_800_000_000_000L;

    /** The entries' {@code n}, in the order folded. */
    static final Fold<Vector<String>> ORDER = Fold.of("order", Vector.<String>empty(), (v, e) -> v.append(e.field("n").get()));

    record Case(long seed, List<StreamEntry> stream, EventTime time, Window.Closed window, int pageSize) {
        @Override
        public String toString() {
            return "seed " + seed + ": " + stream.size() + " entries by " + time + ", " + window + ", pages of " + pageSize;
        }
    }

    static String written(TimeFormat format, long ms, Random r) {
        return switch (format) {
            case EPOCH_MILLIS -> Long.toString(ms);
            case EPOCH_SECONDS -> ms % 1000 == 0 && r.nextBoolean() ? Long.toString(ms / 1000)
                    : ms / 1000 + "." + String.format("%03d", ms % 1000) + (r.nextBoolean() ? "" : "999");
            case ISO_8601 -> DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(Instant.ofEpochMilli(ms)
                    .atZone(ZoneId.of(r.nextBoolean() ? "UTC" : "Europe/Berlin")));
        };
    }

    static Case randomCase(long seed) {
        Random r = new Random(seed);
        TimeFormat format = TimeFormat.values()[r.nextInt(3)];
        long lateness = switch (r.nextInt(4)) {
            case 0 -> 0;
            case 1 -> r.nextInt(50);
            case 2 -> r.nextInt(2_000);
            default -> r.nextInt(60_000);
        };
        long lead = r.nextInt(3) == 0 ? 0 : r.nextInt(1_500);
        EventTime time = EventTime.field("ts").format(format).lateness(Duration.ofMillis(lateness)).lead(Duration.ofMillis(lead));
        int n = r.nextInt(400);
        List<StreamEntry> stream = new ArrayList<>();
        long ms = T + r.nextInt(1_000);
        long seq = 0;
        long spread = Math.max(10, lateness + lead) * 3;
        for (int i = 0; i < n; i++) {
            if (r.nextInt(3) == 0) {
                seq++; // another entry of the same millisecond
            } else {
                ms += 1 + r.nextInt(r.nextBoolean() ? 20 : (int) Math.min(Integer.MAX_VALUE, spread));
                seq = r.nextInt(3);
            }
            LinkedHashMap<String, String> fields = LinkedHashMap.of("n", Integer.toString(i), "k", "k" + r.nextInt(4));
            int kind = r.nextInt(20);
            if (kind == 0) {
                // no field
            } else if (kind == 1) {
                fields = fields.put("ts", List.of("", "x", "-5", "1e3", " 12", "12 ", "+12", "２", "1.2.3", "2026-12-07T10:00:00").get(r.nextInt(10)));
            } else {
                long offset = (long) ((r.nextDouble() * 2 - 1.2) * spread); // mostly late of the id, some ahead
                long e = Math.max(0, ms + offset);
                if (format == TimeFormat.EPOCH_SECONDS) {
                    e = e / (r.nextBoolean() ? 1000 : 1) * (e % 1000 == 0 ? 1 : 1);
                }
                fields = fields.put("ts", written(format, e, r));
            }
            stream.add(new StreamEntry(StreamId.of(ms, seq), Option.none(), fields));
        }
        long first = stream.isEmpty() ? T : stream.get(0).id().ms();
        long last = stream.isEmpty() ? T + 1000 : stream.get(stream.size() - 1).id().ms();
        long a = first - spread + (long) (r.nextDouble() * (last - first + 2 * spread));
        long b = a + (long) (r.nextDouble() * (last - first + spread));
        return new Case(seed, stream, time, Window.closed(Instant.ofEpochMilli(Math.max(0, a)), Instant.ofEpochMilli(Math.max(0, Math.max(a, b)))),
                1 + r.nextInt(r.nextBoolean() ? 7 : 500));
    }

    static Stream<Case> cases() {
        long base = Seeded.seed("EventTimePropertiesTest");
        return LongStream.range(0, Seeded.CASES).mapToObj(i -> randomCase(base + i));
    }

    /** The brute force: every entry on time, in event-time order (then id order), at {@code <e>-<k>}. */
    static List<StreamEntry> byEventTime(List<StreamEntry> stream, EventTime time) {
        List<Tuple2<Long, StreamEntry>> on = new ArrayList<>();
        for (StreamEntry e : stream) {
            Option<Long> t = e.field(time.field()).flatMap(time.format()::millis);
            long m = e.id().ms();
            if (t.isDefined() && m - time.lateness().toMillis() <= t.get() && t.get() <= m + time.lead().toMillis()) {
                on.add(Tuple.of(t.get(), e));
            }
        }
        on.sort(Comparator.<Tuple2<Long, StreamEntry>>comparingLong(p -> p._1).thenComparing(p -> p._2.id()));
        List<StreamEntry> out = new ArrayList<>();
        long previous = -1;
        int k = 0;
        for (Tuple2<Long, StreamEntry> p : on) {
            k = p._1 == previous ? k + 1 : 0;
            previous = p._1;
            out.add(p._2.at(StreamId.of(p._1, k)));
        }
        return out;
    }

    /** The brute-force counts of the entries whose own id lies in {@code [from, to]} and are left out. */
    static LeftOut leftOut(List<StreamEntry> stream, EventTime time, StreamId from, StreamId to) {
        LeftOut counts = LeftOut.NONE;
        for (StreamEntry e : stream) {
            if (e.id().compareTo(from) < 0 || e.id().compareTo(to) > 0) {
                continue;
            }
            Option<Long> t = e.field(time.field()).flatMap(time.format()::millis);
            long m = e.id().ms();
            if (t.isEmpty()) {
                counts = counts.plus(LeftOut.Reason.UNTIMED);
            } else if (t.get() < m - time.lateness().toMillis()) {
                counts = counts.plus(LeftOut.Reason.LATE);
            } else if (t.get() > m + time.lead().toMillis()) {
                counts = counts.plus(LeftOut.Reason.EARLY);
            }
        }
        return counts;
    }

    static SortedMapStreamRange store(List<StreamEntry> entries) {
        SortedMapStreamRange s = new SortedMapStreamRange();
        s.put(KEY, entries);
        return s;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aWindowSeriesAndSessionsByEventTimeAreTheSameReadsOfTheBruteForceEventTimeStream(Case c) {
        SortedMapStreamRange real = store(c.stream());
        SortedMapStreamRange brute = store(byEventTime(c.stream(), c.time()));
        LeftOut.Tally tally = new LeftOut.Tally();
        StreamWindows view = new StreamWindows(c.time().over(real, tally));
        StreamWindows reference = new StreamWindows(brute);

        // a window: the same entries in the same order, from any page size, and the left-out counts of its own ids
        assertThat(view.foldWindow(KEY, c.window(), ORDER, c.pageSize())).isEqualTo(reference.foldWindow(KEY, c.window(), ORDER, c.pageSize()));
        assertThat(tally.counts()).isEqualTo(leftOut(c.stream(), c.time(), StreamId.floor(c.window().t0()), StreamId.ceiling(c.window().t1())));
        assertThat(view.readWindow(KEY, c.window(), 100_000)).extracting(StreamEntry::id)
                .isEqualTo(reference.readWindow(KEY, c.window(), 100_000).stream().map(StreamEntry::id).toList());

        // a series of tumbling buckets and of calendar days, as one read each
        long width = Math.max(1, (c.window().t1().toEpochMilli() - c.window().t0().toEpochMilli()) / 7);
        for (Buckets b : List.of(Buckets.tumbling(Duration.ofMillis(width)), Buckets.calendar(ChronoUnit.DAYS, ZoneId.of("Europe/Berlin")))) {
            Series<Vector<String>> s = view.foldSeries(KEY, b, c.window(), ORDER);
            assertThat(s).as("%s", b).isEqualTo(reference.foldSeries(KEY, b, c.window(), ORDER));
        }

        // sessions per key, reached back by the view as far as by the stream
        Sessions sessions = Sessions.of(Duration.ofMillis(1 + width / 3)).perKey("k").longest(Duration.ofDays(1));
        io.vavr.collection.List<Session<Vector<String>>> found = view.foldSessions(KEY, sessions, c.window(), ORDER, c.pageSize());
        assertThat(found).isEqualTo(reference.foldSessions(KEY, sessions, c.window(), ORDER, c.pageSize()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void adjacentReadsCountEachLeftOutEntryOnce(Case c) {
        SortedMapStreamRange real = store(c.stream());
        LeftOut.Tally whole = new LeftOut.Tally();
        new StreamWindows(c.time().over(real, whole)).foldWindow(KEY, c.window(), ORDER, c.pageSize());
        long mid = (c.window().t0().toEpochMilli() + c.window().t1().toEpochMilli()) / 2;
        LeftOut.Tally halves = new LeftOut.Tally();
        StreamWindows view = new StreamWindows(c.time().over(real, halves));
        Vector<String> first = view.foldWindow(KEY, Window.closed(c.window().t0(), Instant.ofEpochMilli(mid)), ORDER, c.pageSize());
        Vector<String> second = mid + 1 > c.window().t1().toEpochMilli() ? Vector.empty()
                : view.foldWindow(KEY, Window.closed(Instant.ofEpochMilli(mid + 1), c.window().t1()), ORDER, c.pageSize());
        assertThat(halves.counts()).isEqualTo(whole.counts());
        // the two halves' entries are the window's, each once
        assertThat(first.appendAll(second).sorted()).isEqualTo(new StreamWindows(c.time().over(real, (e, why) -> { }))
                .foldWindow(KEY, c.window(), ORDER).sorted());
    }

    @Test
    void theRuleAtItsEdges() {
        EventTime ts = EventTime.field("ts").lateness(Duration.ofMillis(100)).lead(Duration.ofMillis(10));
        assertThat(ts.timing(entry(1_000, "900"))).isEqualTo(new Timing.OnTime(900));      // m - L: in
        assertThat(ts.timing(entry(1_000, "899"))).isEqualTo(new Timing.Late(899));        // one millisecond later: out
        assertThat(ts.timing(entry(1_000, "1010"))).isEqualTo(new Timing.OnTime(1_010));   // m + E: in
        assertThat(ts.timing(entry(1_000, "1011"))).isEqualTo(new Timing.Early(1_011));
        assertThat(ts.timing(entry(1_000, "x"))).isEqualTo(new Timing.Untimed());
        assertThat(ts.timing(new StreamEntry(StreamId.of(1_000, 0), Option.none(), LinkedHashMap.of("other", "1")))).isEqualTo(new Timing.Untimed());
        assertThat(ts.reach(Window.closed(Instant.ofEpochMilli(5), Instant.ofEpochMilli(50))))
                .isEqualTo(Window.closed(Instant.EPOCH, Instant.ofEpochMilli(150)));
        assertThat(ts.closesAfter(Duration.ofMillis(7))).isEqualTo(Duration.ofMillis(107));
    }

    /**
     * {@link EventTime#settled}: every entry on time written after a state (an id above its last generated
     * one) lands above the settled top; every entry deleted (an id at or below the largest deleted one, or
     * below the first) lands at or below the settled deleted id, or below the settled first.
     */
    @Test
    void aSettledStateBoundsWhatCanStillArriveAndWhatWasDeleted() {
        Random r = Seeded.random("EventTimePropertiesTest.settled");
        for (int i = 0; i < Seeded.CASES; i++) {
            EventTime t = EventTime.field("ts").lateness(Duration.ofMillis(r.nextInt(3) == 0 ? 0 : r.nextInt(100_000)))
                    .lead(Duration.ofMillis(r.nextInt(3) == 0 ? 0 : r.nextInt(5_000)));
            long top = 1_000_000 + r.nextInt(1_000_000);
            long deleted = top - r.nextInt(500_000);
            long first = deleted + r.nextInt(10);
            echomq.domain.stream.StreamState seen = new echomq.domain.stream.StreamState(10, Option.some(StreamId.of(first, 0)),
                    Option.some(StreamId.of(top, 3)), StreamId.of(top, 3), Option.some(20L), Option.some(StreamId.of(deleted, 2)),
                    Option.some(StreamId.of(first, 0)), Option.none());
            echomq.domain.stream.StreamState settled = t.settled(seen);
            long l = t.lateness().toMillis();
            long e = t.lead().toMillis();
            long later = top + r.nextInt(3);                              // a later id: the same millisecond (a higher sequence) or after
            long onTime = later - l + r.nextInt((int) (l + e + 1));      // any event time on time for it
            assertThat(StreamId.of(onTime, 0)).as("%s: an entry at %d stamped %d arrives above %s", t, later, onTime, settled.lastGenerated())
                    .isGreaterThan(settled.lastGenerated());
            long gone = deleted - r.nextInt(1000);
            long goneAt = gone - l + r.nextInt((int) (l + e + 1));
            assertThat(StreamId.of(goneAt, StreamId.MAX_SNOWFLAKE_TAIL)).isLessThanOrEqualTo(settled.maxDeletedEntryId().get());
            long trimmed = first - 1 - r.nextInt(1000);
            long trimmedAt = trimmed - l + r.nextInt((int) (l + e + 1));
            assertThat(StreamId.of(trimmedAt, StreamId.MAX_SNOWFLAKE_TAIL)).isLessThan(settled.first().get());
            assertThat(settled.lastEntry()).as("the anchor on the real stream is kept").isEqualTo(seen.lastEntry());
            assertThat(settled.entriesAdded()).isEqualTo(seen.entriesAdded());
        }
        EventTime quiet = EventTime.field("ts").lateness(Duration.ofSeconds(5));
        assertThat(quiet.settled(new echomq.domain.stream.StreamState(1, Option.some(StreamId.of(10, 0)), Option.some(StreamId.of(10, 0)),
                StreamId.of(10, 0), Option.none(), Option.none(), Option.none(), Option.none())).lastGenerated())
                .as("nothing settled yet").isEqualTo(StreamId.MIN);
    }

    @Test
    void formatsReadTheirOwnSpellingAndNothingElse() {
        assertThat(TimeFormat.EPOCH_MILLIS.millis("1733570000123")).contains(1_733_570_000_123L);
        assertThat(TimeFormat.EPOCH_SECONDS.millis("1733570000")).contains(1_733_570_000_000L);
        assertThat(TimeFormat.EPOCH_SECONDS.millis("1733570000.25")).contains(1_733_570_000_250L);
        assertThat(TimeFormat.EPOCH_SECONDS.millis("1733570000.999999999")).contains(1_733_570_000_999L);
        assertThat(TimeFormat.ISO_8601.millis("2026-12-07T10:59:58.123Z")).contains(Instant.parse("2026-12-07T10:59:58.123Z").toEpochMilli());
        assertThat(TimeFormat.ISO_8601.millis("2026-12-07T11:59:58+01:00")).contains(Instant.parse("2026-12-07T10:59:58Z").toEpochMilli());
        for (String bad : List.of("", " 1", "1 ", "+1", "-1", "1e3", "1.5", "１", "9999999999999999", "253402300800000")) {
            assertThat(TimeFormat.EPOCH_MILLIS.millis(bad)).as(bad).isEmpty();
        }
        for (String bad : List.of("1.", ".5", "1.1234567890", "1,5", "253402300800", "-1")) {
            assertThat(TimeFormat.EPOCH_SECONDS.millis(bad)).as(bad).isEmpty();
        }
        for (String bad : List.of("2026-12-07T10:59:58", "2026-12-07", "1733570000", "10000-01-01T00:00:00Z", "1969-12-31T23:59:59Z")) {
            assertThat(TimeFormat.ISO_8601.millis(bad)).as(bad).isEmpty();
        }
        assertThat(TimeFormat.spelled("iso")).isEqualTo(TimeFormat.ISO_8601);
        assertThatThrownBy(() -> TimeFormat.spelled("epoch")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"epoch\"").hasMessageContaining("ms").hasMessageContaining("iso");
    }

    @Test
    void aDeclarationOutOfRangeIsRefusedNamingWhat() {
        assertThatThrownBy(() -> EventTime.field(" ")).hasMessageContaining("field");
        assertThatThrownBy(() -> EventTime.field("ts").lateness(Duration.ofMillis(-1))).hasMessageContaining("lateness");
        assertThatThrownBy(() -> EventTime.field("ts").lead(Duration.ofDays(3651))).hasMessageContaining("lead");
        assertThatThrownBy(() -> EventTime.field("ts").lateness(Duration.ofNanos(1))).hasMessageContaining("whole milliseconds");
    }

    static StreamEntry entry(long ms, String ts) {
        return new StreamEntry(StreamId.of(ms, 0), Option.none(), LinkedHashMap.of("ts", ts));
    }
}
