package echomq.domain.window;

import echomq.domain.testing.Seeded;

import io.vavr.collection.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link Buckets#cumulate}: over any range, the windows are exactly those a brute force lists (every
 * step's growing window of every max bucket that meets the range, from the first that reaches its
 * start to the one that holds its end, clipped to it), in order of start then end, counted without
 * cutting; a millisecond lies in its own step's window and every later one of its max bucket.
 */
class CumulateBucketsPropertiesTest {

    static final long FROM = Instant.parse("2020-01-01T00:00:00Z").toEpochMilli();

    record Case(long seed, long step, long max, long origin, long t0, long t1) {
        Buckets.Cumulate buckets() {
            return Buckets.cumulate(Duration.ofMillis(step), Duration.ofMillis(max)).alignedTo(Instant.ofEpochMilli(origin));
        }

        Window.Closed range() {
            return Window.closed(Instant.ofEpochMilli(t0), Instant.ofEpochMilli(t1));
        }

        @Override
        public String toString() {
            return "seed " + seed + ": step " + step + " max " + max + " origin " + origin + " [" + t0 + ", " + t1 + "]";
        }
    }

    static Stream<Case> cases() {
        Random r = Seeded.random("CumulateBucketsPropertiesTest");
        return IntStream.range(0, Seeded.CASES / 2).mapToObj(i -> {
            long seed = r.nextLong();
            Random g = new Random(seed);
            long step = switch (g.nextInt(3)) {
                case 0 -> 1 + g.nextInt(3);
                case 1 -> 1 + g.nextInt(1000);
                default -> 60_000L * (1 + g.nextInt(60));
            };
            long max = step * (1 + g.nextInt(g.nextBoolean() ? 4 : 48));
            long origin = g.nextInt(5) == 0 ? 0 : g.nextLong(FROM * 2);
            long t0 = g.nextInt(20) == 0 ? g.nextInt(3) : FROM + g.nextLong(10L * 365 * 86_400_000L);
            long length = switch (g.nextInt(4)) {
                case 0 -> 0;
                case 1 -> g.nextLong(step * 3 + 1);
                default -> g.nextLong(Math.max(1, Math.min(max * 40, 2_000 * step)));
            };
            return new Case(seed, step, max, origin, t0, t0 + length);
        });
    }

    /** Every window of every max bucket meeting the range, as the definition reads: no grid arithmetic shared with the code. */
    static java.util.List<Window.Closed> bruteForce(Case c) {
        java.util.List<Window.Closed> out = new java.util.ArrayList<>();
        long s = c.t0() - Math.floorMod(c.t0() - c.origin(), c.max());
        for (; s <= c.t1(); s += c.max()) {
            for (long j = 1; j * c.step() <= c.max(); j++) {
                long end = s + j * c.step() - 1;
                long lastStepStart = s + (j - 1) * c.step();
                if (end < c.t0() || lastStepStart > c.t1()) {
                    continue; // before the range, or a window whose growth lies wholly after it
                }
                out.add(Window.closed(Instant.ofEpochMilli(Math.max(s, c.t0())), Instant.ofEpochMilli(Math.min(end, c.t1()))));
            }
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("cases")
    void theWindowsAreTheBruteForceOnesInOrderAndCountedWithoutCutting(Case c) {
        List<Window.Closed> got = c.buckets().over(c.range());
        assertThat(got.toJavaList()).as("%s", c).isEqualTo(bruteForce(c));
        assertThat(c.buckets().count(c.range())).isEqualTo(got.size());
        assertThat(got.distinct().size()).as("no two windows clipped alike").isEqualTo(got.size());
        for (int i = 1; i < got.size(); i++) {
            assertThat(got.get(i).t0()).isAfterOrEqualTo(got.get(i - 1).t0());
            assertThat(got.get(i).t1()).as("ends grow too: a series' cursor relies on it").isAfter(got.get(i - 1).t1());
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void aMillisecondLiesInItsStepsWindowAndEveryLaterOneOfItsMaxBucket(Case c) {
        java.util.List<Window.Closed> windows = c.buckets().over(c.range()).toJavaList();
        Random r = new Random(c.seed());
        for (int n = 0; n < 10; n++) {
            long t = c.t0() + (c.t1() == c.t0() ? 0 : r.nextLong(c.t1() - c.t0() + 1));
            long s = t - Math.floorMod(t - c.origin(), c.max());
            long ownStep = (t - s) / c.step() + 1;
            long lastStep = Math.min(c.max() / c.step(), (c.t1() - s) / c.step() + 1);
            long holding = windows.stream().filter(w -> w.t0().toEpochMilli() <= t && t <= w.t1().toEpochMilli()).count();
            assertThat(holding).as("ms %d of %s", t, c).isEqualTo(lastStep - ownStep + 1);
        }
    }

    @Test
    void eachHourOfTodaySoFar() {
        Instant day = Instant.parse("2026-12-04T00:00:00Z");
        List<Window.Closed> got = Buckets.cumulate(Duration.ofHours(1), Duration.ofDays(1))
                .over(Window.closed(day, day.plus(Duration.ofMinutes(150))));
        assertThat(got.map(w -> w.t0() + ".." + w.t1())).containsExactly(
                "2026-12-04T00:00:00Z..2026-12-04T00:59:59.999Z",
                "2026-12-04T00:00:00Z..2026-12-04T01:59:59.999Z",
                "2026-12-04T00:00:00Z..2026-12-04T02:30:00Z");
    }

    @Test
    void theirAnswersAndRefusals() {
        Buckets.Cumulate b = Buckets.cumulate(Duration.ofMinutes(10), Duration.ofHours(1));
        assertThat(b.tilesTime()).isFalse();
        assertThat(b.length()).isEmpty();
        assertThat(b.shortest()).isEqualTo(Duration.ofMinutes(10));
        assertThat(b.panes().get()).isEqualTo(Buckets.tumbling(Duration.ofMinutes(10)));
        assertThat(b.alignedTo(Instant.ofEpochMilli(5)).panes().get().origin()).isEqualTo(Instant.ofEpochMilli(5));
        assertThatThrownBy(() -> Buckets.cumulate(Duration.ofMinutes(7), Duration.ofHours(1)))
                .hasMessageContaining("not a whole number of steps");
        assertThatThrownBy(() -> Buckets.cumulate(Duration.ZERO, Duration.ofHours(1))).hasMessageContaining("cumulate step");
        assertThatThrownBy(() -> b.startingAt(LocalTime.NOON)).hasMessageContaining("use alignedTo");
        Instant t = Instant.parse("2026-12-04T00:00:00Z");
        assertThatThrownBy(() -> Buckets.cumulate(Duration.ofMillis(1), Duration.ofMillis(1000)).over(Window.closed(t, t.plusSeconds(300))))
                .hasMessageContaining("holds 300001 buckets");
    }
}
