package echomq.domain.window;

import echomq.domain.testing.Seeded;

import io.vavr.collection.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.DayOfWeek;
import java.time.temporal.ChronoUnit;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The bucket math of {@link Buckets}, without Redis: tumbling and calendar buckets cover a range
 * exactly once, adjacent, clipped at both ends; hopping buckets hold each millisecond
 * {@code size / advance} times; calendar days follow the zones' clock changes.
 */
class BucketsPropertiesTest {

    static final long DAY = 86_400_000L;
    /** 2020..2030, where the zones below change their clocks. */
    static final long FROM = Instant.parse("2020-01-01T00:00:00Z").toEpochMilli();
    static final long SPAN = 10 * 365 * DAY;

    record Case(long seed, long size, long advance, long origin, long t0, long t1) {
        Buckets buckets() {
            Buckets b = size == advance ? Buckets.tumbling(Duration.ofMillis(size)) : Buckets.hopping(Duration.ofMillis(size), Duration.ofMillis(advance));
            return b.alignedTo(Instant.ofEpochMilli(origin));
        }

        Window.Closed range() {
            return Window.closed(Instant.ofEpochMilli(t0), Instant.ofEpochMilli(t1));
        }

        @Override
        public String toString() {
            return "seed " + seed + ": size " + size + " advance " + advance + " origin " + origin + " [" + t0 + ", " + t1 + "]";
        }
    }

    /** Sizes from 1 ms up, ranges from one millisecond to a few thousand buckets, origins anywhere before or after. */
    static Case randomCase(long seed, boolean tumbling) {
        Random r = new Random(seed);
        long size = switch (r.nextInt(4)) {
            case 0 -> 1 + r.nextInt(3);
            case 1 -> 1 + r.nextInt(1000);
            case 2 -> 60_000L * (1 + r.nextInt(60));
            default -> 1 + r.nextLong(DAY);
        };
        long advance = tumbling ? size : (r.nextBoolean() && size > 1 ? divisorOf(size, r) : 1 + r.nextLong(size));
        long origin = r.nextInt(5) == 0 ? 0 : r.nextLong(FROM + SPAN);
        long t0 = r.nextInt(20) == 0 ? r.nextInt(3) : FROM + r.nextLong(SPAN);
        long length = switch (r.nextInt(4)) {
            case 0 -> 0;                                   // a one-millisecond range
            case 1 -> r.nextLong(size * 3 + 1);
            default -> r.nextLong(Math.min(advance * 2_000, DAY * 400));
        };
        return new Case(seed, size, advance, origin, t0, t0 + length);
    }

    static long divisorOf(long size, Random r) {
        java.util.List<Long> divisors = new java.util.ArrayList<>();
        for (long d = 1; d * d <= size && divisors.size() < 64; d++) {
            if (size % d == 0) {
                divisors.add(d);
                divisors.add(size / d);
            }
        }
        return divisors.get(r.nextInt(divisors.size()));
    }

    static Stream<Case> tumblingCases() {
        Random r = Seeded.random("BucketsPropertiesTest.tumbling");
        return IntStream.range(0, Seeded.CASES / 2).mapToObj(i -> randomCase(r.nextLong(), true));
    }

    static Stream<Case> hoppingCases() {
        Random r = Seeded.random("BucketsPropertiesTest.hopping");
        return IntStream.range(0, Seeded.CASES / 2).mapToObj(i -> randomCase(r.nextLong(), false))
                .filter(c -> (c.t1() - c.t0() + c.size()) / c.advance() < 5_000);
    }

    static long ms(Instant t) {
        return t.toEpochMilli();
    }

    /** Cover, disjointness, adjacency and clipping: what a partition of the range into buckets means. */
    static void assertPartition(List<Window.Closed> list, long t0, long t1) {
        java.util.List<Window.Closed> buckets = list.toJavaList(); // indexed: a vavr List's get(i) is O(i)
        assertThat(buckets).isNotEmpty();
        assertThat(ms(buckets.get(0).t0())).as("the first bucket is clipped to the range's start").isEqualTo(t0);
        assertThat(ms(buckets.get(buckets.size() - 1).t1())).as("the last bucket is clipped to the range's end").isEqualTo(t1);
        for (int i = 1; i < buckets.size(); i++) {
            assertThat(ms(buckets.get(i).t0())).as("bucket %d starts 1 ms after bucket %d ends", i, i - 1)
                    .isEqualTo(ms(buckets.get(i - 1).t1()) + 1);
        }
        buckets.forEach(b -> {
            assertThat(b.t0().getNano() % 1_000_000).isZero();
            assertThat(b.t1().getNano() % 1_000_000).isZero();
        });
    }

    @ParameterizedTest
    @MethodSource("tumblingCases")
    void tumblingBucketsPartitionTheRangeOnTheGrid(Case c) {
        List<Window.Closed> list = c.buckets().over(c.range());
        assertPartition(list, c.t0(), c.t1());
        java.util.List<Window.Closed> buckets = list.toJavaList();
        for (Window.Closed b : buckets) {
            long k = Math.floorDiv(ms(b.t0()) - c.origin(), c.size());
            assertThat(Math.floorDiv(ms(b.t1()) - c.origin(), c.size())).as("%s lies in one grid bucket", b).isEqualTo(k);
        }
        // every bucket but the clipped ends is a whole bucket
        for (int i = 1; i < buckets.size() - 1; i++) {
            Window.Closed b = buckets.get(i);
            assertThat(ms(b.t1()) - ms(b.t0()) + 1).isEqualTo(c.size());
            assertThat(Math.floorMod(ms(b.t0()) - c.origin(), c.size())).isZero();
        }
    }

    @ParameterizedTest
    @MethodSource("hoppingCases")
    void hoppingBucketsHoldEachMillisecondSizeOverAdvanceTimes(Case c) {
        java.util.List<Window.Closed> buckets = c.buckets().over(c.range()).toJavaList();
        assertThat(ms(buckets.get(0).t0())).isEqualTo(c.t0());
        assertThat(ms(buckets.get(buckets.size() - 1).t1())).isEqualTo(c.t1());
        for (int i = 1; i < buckets.size(); i++) {
            // the buckets that began before the range are all clipped to its start; the others start on the grid
            assertThat(buckets.get(i).t0()).isAfterOrEqualTo(buckets.get(i - 1).t0());
            assertThat(buckets.get(i).t1()).isAfterOrEqualTo(buckets.get(i - 1).t1());
            if (ms(buckets.get(i).t0()) > c.t0()) {
                assertThat(Math.floorMod(ms(buckets.get(i).t0()) - c.origin(), c.advance())).as("a start on the advance grid").isZero();
                assertThat(buckets.get(i).t0()).isAfter(buckets.get(i - 1).t0());
            }
        }
        Random r = new Random(c.seed());
        for (int n = 0; n < 20; n++) {
            long t = c.t0() + r.nextLong(c.t1() - c.t0() + 1);
            long holding = buckets.stream().filter(b -> ms(b.t0()) <= t && t <= ms(b.t1())).count();
            if (c.size() % c.advance() == 0) {
                assertThat(holding).as("ms %d", t).isEqualTo(c.size() / c.advance());
            } else {
                assertThat(holding).as("ms %d", t).isBetween(c.size() / c.advance(), c.size() / c.advance() + 1);
            }
        }
    }

    @Test
    void aOneMillisecondRangeIsOneBucketAndOneMillisecondBucketsAreEachMillisecond() {
        Instant t = Instant.parse("2026-12-04T10:15:30.123Z");
        assertThat(Buckets.tumbling(Duration.ofMinutes(1)).over(Window.closed(t, t))).containsExactly(Window.closed(t, t));
        assertThat(Buckets.calendar(ChronoUnit.YEARS, ZoneId.of("UTC")).over(Window.closed(t, t))).containsExactly(Window.closed(t, t));
        List<Window.Closed> each = Buckets.tumbling(Duration.ofMillis(1)).over(Window.closed(t, t.plusMillis(9)));
        assertThat(each).hasSize(10);
        assertThat(each.map(Window.Closed::t0)).isEqualTo(each.map(Window.Closed::t1));
        // a range given with nanoseconds is read in whole milliseconds
        assertThat(Buckets.tumbling(Duration.ofMillis(10)).over(Window.closed(t.plusNanos(999_999), t.plusNanos(999_999))))
                .containsExactly(Window.closed(t, t));
    }

    @Test
    void hoppingBucketsAlignedToTheirOrigin() {
        Instant o = Instant.parse("2026-12-04T10:00:00Z");
        Buckets b = Buckets.hopping(Duration.ofMinutes(10), Duration.ofMinutes(5)).alignedTo(o);
        List<Window.Closed> got = b.over(Window.closed(o, o.plus(Duration.ofMinutes(15)).minusMillis(1)));
        assertThat(got.map(w -> w.t0().toString() + ".." + w.t1())).containsExactly(
                "2026-12-04T10:00:00Z..2026-12-04T10:04:59.999Z",
                "2026-12-04T10:00:00Z..2026-12-04T10:09:59.999Z",
                "2026-12-04T10:05:00Z..2026-12-04T10:14:59.999Z",
                "2026-12-04T10:10:00Z..2026-12-04T10:14:59.999Z");
    }

    @Test
    void theFirstAndLastMillisecondsOfTheIdRangeAreBucketed() {
        Instant end = Instant.ofEpochMilli(Long.MAX_VALUE);
        List<Window.Closed> atEnd = Buckets.hopping(Duration.ofDays(3), Duration.ofDays(1))
                .alignedTo(end).over(Window.closed(end.minusMillis(5), end));
        assertThat(atEnd.last().t1()).isEqualTo(end);
        assertThat(atEnd).allSatisfy(w -> assertThat(w.t0()).isAfterOrEqualTo(end.minusMillis(5)));
        List<Window.Closed> atStart = Buckets.tumbling(Duration.ofDays(365_000)).alignedTo(end)
                .over(Window.closed(Instant.EPOCH, Instant.EPOCH.plusMillis(3)));
        assertThat(atStart).containsExactly(Window.closed(Instant.EPOCH, Instant.EPOCH.plusMillis(3)));
    }

    // -- calendar buckets ------------------------------------------------------------------------

    static final java.util.List<String> ZONES = java.util.List.of("Europe/Berlin", "America/New_York", "Australia/Lord_Howe",
            "America/Santiago", "Asia/Kolkata", "Pacific/Apia", "Europe/London", "America/Havana", "UTC");

    record CalendarCase(long seed, ChronoUnit unit, ZoneId zone, LocalTime start, long t0, long t1) {
        Buckets buckets() {
            return Buckets.calendar(unit, zone).startingAt(start);
        }

        @Override
        public String toString() {
            return "seed " + seed + ": " + unit + " in " + zone + " from " + start + " [" + Instant.ofEpochMilli(t0) + ", " + Instant.ofEpochMilli(t1) + "]";
        }
    }

    static Stream<CalendarCase> calendarCases() {
        Random r = Seeded.random("BucketsPropertiesTest.calendar");
        ChronoUnit[] units = {ChronoUnit.DAYS, ChronoUnit.WEEKS, ChronoUnit.MONTHS, ChronoUnit.YEARS};
        return IntStream.range(0, Seeded.CASES / 4).mapToObj(i -> {
            long seed = r.nextLong();
            Random g = new Random(seed);
            ChronoUnit unit = units[g.nextInt(units.length)];
            LocalTime start = g.nextInt(3) == 0 ? LocalTime.MIDNIGHT
                    : LocalTime.ofSecondOfDay(g.nextInt(86_400)).plusNanos(g.nextInt(1000) * 1_000_000L);
            long t0 = FROM + g.nextLong(SPAN);
            long reach = switch (unit) {
                case DAYS -> 400 * DAY;
                case WEEKS -> 3 * 365 * DAY;
                default -> SPAN;
            };
            long t1 = g.nextInt(10) == 0 ? t0 : Math.min(FROM + SPAN + 365 * DAY, t0 + g.nextLong(reach));
            return new CalendarCase(seed, unit, ZoneId.of(ZONES.get(g.nextInt(ZONES.size()))), start, t0, t1);
        });
    }

    /** Where a calendar bucket of local date {@code date} must start: the local time, or the jump over a gap. */
    static Instant expectedStart(LocalDate date, LocalTime start, ZoneId zone) {
        LocalDateTime local = date.atTime(start);
        var transition = zone.getRules().getTransition(local);
        return transition != null && transition.isGap() ? transition.getInstant() : ZonedDateTime.of(local, zone).toInstant();
    }

    /** The count a caller checks the limit with is the number of buckets cut, without cutting them. */
    @ParameterizedTest
    @MethodSource({"tumblingCases", "hoppingCases"})
    void aGridCountIsTheNumberOfBuckets(Case c) {
        assertThat(c.buckets().count(c.range())).as("%s", c).isEqualTo(c.buckets().over(c.range()).size());
    }

    /** For calendar buckets, the periods spanned: the buckets, and one more for each day a zone skipped whole. */
    @ParameterizedTest
    @MethodSource("calendarCases")
    void aCalendarCountIsThePeriodsSpanned(CalendarCase c) {
        Window.Closed range = Window.closed(Instant.ofEpochMilli(c.t0()), Instant.ofEpochMilli(c.t1()));
        long cut = c.buckets().over(range).size();
        assertThat(c.buckets().count(range)).as("%s", c).isBetween(cut, cut + 2);
    }

    @Test
    void aCountPastTheLimitIsCountedNotCut() {
        Buckets perMs = Buckets.tumbling(Duration.ofMillis(1));
        Window.Closed decade = Window.closed(Instant.EPOCH, Instant.EPOCH.plus(Duration.ofDays(3650)));
        assertThat(perMs.count(decade)).isEqualTo(Duration.ofDays(3650).toMillis() + 1);
        assertThatThrownBy(() -> perMs.over(decade)).isInstanceOf(IllegalArgumentException.class);
        assertThat(Buckets.calendar(ChronoUnit.DAYS, ZoneOffset.UTC).count(Window.closed(Instant.parse("2026-12-01T00:00:00Z"),
                Instant.parse("2026-12-07T23:59:59.999Z")))).isEqualTo(7);
    }

    @ParameterizedTest
    @MethodSource("calendarCases")
    void calendarBucketsPartitionTheRangeAndStartAtTheLocalStartTime(CalendarCase c) {
        List<Window.Closed> list = c.buckets().over(Window.closed(Instant.ofEpochMilli(c.t0()), Instant.ofEpochMilli(c.t1())));
        assertPartition(list, c.t0(), c.t1());
        java.util.List<Window.Closed> buckets = list.toJavaList();
        for (int i = 1; i < buckets.size(); i++) {
            Instant s = buckets.get(i).t0();
            ZonedDateTime local = s.atZone(c.zone());
            // the local date the bucket belongs to: the start's date, or the one before when a gap moved it past midnight
            LocalDate date = expectedStart(local.toLocalDate(), c.start(), c.zone()).equals(s) ? local.toLocalDate()
                    : local.toLocalDate().minusDays(1);
            assertThat(s).as("bucket %d starts at %s local on %s", i, c.start(), date).isEqualTo(expectedStart(date, c.start(), c.zone()));
            switch (c.unit()) {
                case WEEKS -> assertThat(date.getDayOfWeek()).isEqualTo(DayOfWeek.MONDAY);
                case MONTHS -> assertThat(date.getDayOfMonth()).isEqualTo(1);
                case YEARS -> assertThat(date.getDayOfYear()).isEqualTo(1);
                default -> { }
            }
            if (c.unit() == ChronoUnit.DAYS && i < buckets.size() - 1) {
                long hours = Duration.between(s, buckets.get(i).t1().plusMillis(1)).toMinutes();
                assertThat(hours).as("a day is 24 hours give or take the zone's shift").isBetween(23 * 60L - 30, 25 * 60L + 30);
            }
        }
    }

    @Test
    void berlinDaysAcrossDaylightSavingAre23And25Hours() {
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        Instant from = ZonedDateTime.of(2026, 3, 28, 0, 0, 0, 0, berlin).toInstant();
        Instant to = ZonedDateTime.of(2026, 3, 31, 0, 0, 0, 0, berlin).toInstant().minusMillis(1);
        List<Window.Closed> spring = Buckets.calendar(ChronoUnit.DAYS, berlin).over(Window.closed(from, to));
        assertThat(spring.map(w -> Duration.between(w.t0(), w.t1().plusMillis(1)))).containsExactly(
                Duration.ofHours(24), Duration.ofHours(23), Duration.ofHours(24));
        Instant autumn0 = ZonedDateTime.of(2026, 10, 25, 0, 0, 0, 0, berlin).toInstant();
        List<Window.Closed> autumn = Buckets.calendar(ChronoUnit.DAYS, berlin)
                .over(Window.closed(autumn0, autumn0.plus(Duration.ofHours(25)).minusMillis(1)));
        assertThat(autumn).containsExactly(Window.closed(autumn0, autumn0.plus(Duration.ofHours(25)).minusMillis(1)));
    }

    @Test
    void aStartTimeTheClocksSkipStartsTheDayWhenTheyJump() {
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        // 2026-03-29: 02:00 local jumps to 03:00 (01:00Z); a day starting at 02:30 starts at 01:00Z that day
        Instant from = Instant.parse("2026-03-28T12:00:00Z");
        List<Window.Closed> days = Buckets.calendar(ChronoUnit.DAYS, berlin).startingAt(LocalTime.of(2, 30))
                .over(Window.closed(from, Instant.parse("2026-03-30T12:00:00Z")));
        assertThat(days.map(Window.Closed::t0)).containsExactly(from, Instant.parse("2026-03-29T01:00:00Z"),
                Instant.parse("2026-03-30T00:30:00Z"));
        assertThat(Buckets.calendar(ChronoUnit.DAYS, berlin).startingAt(LocalTime.of(2, 30)).startOf(LocalDate.of(2026, 3, 29)))
                .as("the one rule, as callers that cut by local dates read it").isEqualTo(Instant.parse("2026-03-29T01:00:00Z"));
        // a day starting at 05:00: an instant at 04:59 local belongs to the day before
        Instant early = ZonedDateTime.of(2026, 6, 10, 4, 59, 0, 0, berlin).toInstant();
        List<Window.Closed> one = Buckets.calendar(ChronoUnit.DAYS, berlin).startingAt(LocalTime.of(5, 0))
                .over(Window.closed(early, early.plus(Duration.ofMinutes(2))));
        assertThat(one.map(Window.Closed::t0)).containsExactly(early, early.plus(Duration.ofMinutes(1)));
    }

    @Test
    void aDayTheZoneSkippedWholeIsNoBucket() {
        ZoneId apia = ZoneId.of("Pacific/Apia"); // 2011-12-29 was followed by 2011-12-31
        Instant from = ZonedDateTime.of(2011, 12, 29, 0, 0, 0, 0, apia).toInstant();
        Instant to = ZonedDateTime.of(2012, 1, 1, 0, 0, 0, 0, apia).toInstant().minusMillis(1);
        List<Window.Closed> days = Buckets.calendar(ChronoUnit.DAYS, apia).over(Window.closed(from, to));
        assertThat(days.map(w -> w.t0().atZone(apia).toLocalDate().toString())).containsExactly("2011-12-29", "2011-12-31");
        assertPartition(days, from.toEpochMilli(), to.toEpochMilli());
    }

    @Test
    void weeksStartOnMondayAndMonthsOnTheFirst() {
        ZoneId utc = ZoneId.of("UTC");
        Instant thu = Instant.parse("2026-12-03T08:00:00Z");
        assertThat(Buckets.calendar(ChronoUnit.WEEKS, utc).over(Window.closed(thu, thu.plus(Duration.ofDays(7)))).map(Window.Closed::t0))
                .containsExactly(thu, Instant.parse("2026-12-07T00:00:00Z"));
        assertThat(Buckets.calendar(ChronoUnit.MONTHS, utc).over(Window.closed(thu, thu.plus(Duration.ofDays(60)))).map(Window.Closed::t0))
                .containsExactly(thu, Instant.parse("2027-01-01T00:00:00Z"), Instant.parse("2027-02-01T00:00:00Z"));
    }

    // -- bad input ---------------------------------------------------------------------------------

    @Test
    void badSizesAdvancesAndUnitsAreRefusedByName() {
        assertThatThrownBy(() -> Buckets.tumbling(Duration.ZERO)).hasMessageContaining("bucket size PT0S must be positive");
        assertThatThrownBy(() -> Buckets.tumbling(Duration.ofMinutes(-1))).hasMessageContaining("PT-1M");
        assertThatThrownBy(() -> Buckets.tumbling(Duration.ofNanos(1_500_000))).hasMessageContaining("PT0.0015S")
                .hasMessageContaining("whole number of milliseconds");
        assertThatThrownBy(() -> Buckets.tumbling(Duration.ofSeconds(Long.MAX_VALUE))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("longer than the stream id range");
        assertThatThrownBy(() -> Buckets.hopping(Duration.ofMinutes(1), Duration.ofMinutes(2)))
                .hasMessageContaining("advance PT2M is longer than the bucket size PT1M");
        assertThatThrownBy(() -> Buckets.hopping(Duration.ofMinutes(1), Duration.ZERO)).hasMessageContaining("bucket advance PT0S");
        assertThatThrownBy(() -> Buckets.calendar(ChronoUnit.HOURS, ZoneId.of("UTC"))).hasMessageContaining("calendar unit Hours");
        assertThatThrownBy(() -> Buckets.calendar(ChronoUnit.DAYS, ZoneId.of("UTC")).alignedTo(Instant.EPOCH))
                .hasMessageContaining("alignedTo").hasMessageContaining("calendar");
        assertThatThrownBy(() -> Buckets.tumbling(Duration.ofMinutes(1)).startingAt(LocalTime.NOON))
                .hasMessageContaining("startingAt(12:00)").hasMessageContaining("tumbling");
        assertThatThrownBy(() -> Buckets.hopping(Duration.ofMinutes(2), Duration.ofMinutes(1)).startingAt(LocalTime.NOON))
                .hasMessageContaining("hopping");
        assertThatThrownBy(() -> Buckets.calendar(ChronoUnit.DAYS, ZoneId.of("UTC")).startingAt(LocalTime.of(1, 0, 0, 1)))
                .hasMessageContaining("01:00:00.000000001");
        assertThatThrownBy(() -> Buckets.tumbling(Duration.ofMinutes(1)).alignedTo(Instant.EPOCH.minusMillis(1)))
                .hasMessageContaining("1969-12-31T23:59:59.999Z");
    }

    @ParameterizedTest
    @ValueSource(longs = {100_001, 1_000_000, Long.MAX_VALUE / 2})
    void aRangeOfMoreThanTheLimitIsRefusedSayingHowMany(long millis) {
        Window.Closed range = Window.closed(Instant.EPOCH, Instant.ofEpochMilli(millis - 1));
        assertThatThrownBy(() -> Buckets.tumbling(Duration.ofMillis(1)).over(range)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("holds " + millis + " buckets").hasMessageContaining("100000");
        assertThat(Buckets.tumbling(Duration.ofMillis(1)).over(Window.closed(Instant.EPOCH, Instant.ofEpochMilli(99_999)))).hasSize(100_000);
        assertThatThrownBy(() -> Buckets.calendar(ChronoUnit.DAYS, ZoneId.of("UTC"))
                .over(Window.closed(Instant.EPOCH, Instant.EPOCH.plus(Duration.ofDays(100_000))))).hasMessageContaining("holds 100001 buckets");
    }
}
