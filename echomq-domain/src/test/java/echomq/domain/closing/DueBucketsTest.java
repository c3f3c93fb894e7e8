package echomq.domain.closing;

import echomq.domain.testing.Seeded;
import echomq.domain.window.Buckets;
import echomq.domain.window.Window;

import io.vavr.collection.List;
import io.vavr.control.Option;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link DueBuckets}: every bucket is handed out once, in order, only when final, idle or not. */
class DueBucketsTest {

    static final Instant FROM = Instant.parse("2026-03-27T10:00:30.250Z");

    /**
     * A subscription run pass after pass at random server times: the buckets handed out are exactly
     * the buckets of [from, final end], each once, in order, none before it is final.
     */
    @TestFactory
    Stream<DynamicTest> passAfterPassHandsOutEveryFinalBucketOnceInOrder() {
        Random seeds = Seeded.random("DueBucketsTest");
        return IntStream.range(0, Math.max(40, Seeded.CASES / 10)).mapToObj(i -> {
            long seed = seeds.nextLong();
            return DynamicTest.dynamicTest("seed " + seed, () -> {
                Random r = new Random(seed);
                Buckets buckets = switch (r.nextInt(3)) {
                    case 0 -> Buckets.tumbling(Duration.ofMillis(1 + r.nextInt(120_000)));
                    case 1 -> Buckets.calendar(ChronoUnit.DAYS, ZoneId.of("Europe/Berlin")).startingAt(LocalTime.of(r.nextInt(24), 0));
                    default -> Buckets.calendar(r.nextBoolean() ? ChronoUnit.WEEKS : ChronoUnit.MONTHS, ZoneId.of("America/New_York"));
                };
                Duration skew = Duration.ofMillis(r.nextInt(5_000));
                int max = 1 + r.nextInt(20);
                Instant now = FROM;
                Option<Window.Closed> last = Option.none();
                List<Window.Closed> handed = List.empty();
                for (int pass = 0; pass < 60; pass++) {
                    now = now.plusMillis(r.nextInt(4) == 0 ? 0 : r.nextLong(buckets instanceof Buckets.Tumbling t ? t.size().toMillis() * 3 : 20L * 86_400_000));
                    List<Window.Closed> due = DueBuckets.due(buckets, FROM, last, now, skew, max);
                    assertThat(due.size()).isLessThanOrEqualTo(max);
                    Instant n = now;
                    assertThat(due).allSatisfy(w -> assertThat(w.t1()).isBefore(n.minus(skew)));
                    handed = handed.appendAll(due);
                    last = due.lastOption().orElse(last);
                }
                // drain what is final at the last instant: then every final bucket has been handed out once
                for (List<Window.Closed> due = DueBuckets.due(buckets, FROM, last, now, skew, max); !due.isEmpty();
                     due = DueBuckets.due(buckets, FROM, last, now, skew, max)) {
                    handed = handed.appendAll(due);
                    last = due.lastOption();
                }
                if (handed.isEmpty()) {
                    return;
                }
                Window.Closed range = Window.closed(FROM, handed.last().t1());
                assertThat(handed).isEqualTo(buckets.over(range));
                // the bucket after the last one handed out is not final at the last instant
                Instant after = handed.last().t1().plusMillis(1);
                Duration reach = buckets instanceof Buckets.Tumbling t ? t.size() : Duration.ofDays(400);
                Window.Closed next = buckets.over(Window.closed(after, after.plus(reach))).head();
                assertThat(next.t1()).as("the next bucket ends at or after now - skew").isAfterOrEqualTo(now.minus(skew).minusMillis(1));
            });
        });
    }

    @Test
    void anIdleStreamStillClosesItsMinuteAndTheSkewDelaysIt() {
        Buckets minutes = Buckets.tumbling(Duration.ofMinutes(1));
        Instant from = Instant.parse("2026-12-04T10:00:00Z");
        Duration skew = Duration.ofSeconds(2);
        assertThat(DueBuckets.due(minutes, from, Option.none(), Instant.parse("2026-12-04T10:01:01.999Z"), skew, 10)).isEmpty();
        assertThat(DueBuckets.due(minutes, from, Option.none(), Instant.parse("2026-12-04T10:01:02.001Z"), skew, 10))
                .containsExactly(Window.closed(from, Instant.parse("2026-12-04T10:00:59.999Z")));
        Window.Closed first = Window.closed(from, Instant.parse("2026-12-04T10:00:59.999Z"));
        assertThat(DueBuckets.due(minutes, from, Option.some(first), Instant.parse("2026-12-04T10:05:30Z"), skew, 2))
                .containsExactly(Window.closed(Instant.parse("2026-12-04T10:01:00Z"), Instant.parse("2026-12-04T10:01:59.999Z")),
                        Window.closed(Instant.parse("2026-12-04T10:02:00Z"), Instant.parse("2026-12-04T10:02:59.999Z")));
    }

    @Test
    void badInputIsRefusedByName() {
        Instant t = Instant.parse("2026-12-04T10:00:00Z");
        assertThatThrownBy(() -> DueBuckets.due(Buckets.hopping(Duration.ofMinutes(2), Duration.ofMinutes(1)), t, Option.none(), t,
                Duration.ZERO, 1)).hasMessageContaining("hopping");
        assertThatThrownBy(() -> DueBuckets.due(Buckets.tumbling(Duration.ofMinutes(1)), t, Option.none(), t, Duration.ofMillis(-1), 1))
                .hasMessageContaining("skew PT-0.001S");
        assertThatThrownBy(() -> DueBuckets.due(Buckets.tumbling(Duration.ofMinutes(1)), t, Option.none(), t, Duration.ZERO, 0))
                .hasMessageContaining("max 0");
        assertThatThrownBy(() -> BucketMarkPort.requireName("")).hasMessageContaining("subscription name ''");
        assertThatThrownBy(() -> BucketMarkPort.requireName("a\nb")).hasMessageContaining("control character");
    }
}
