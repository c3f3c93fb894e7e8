package echomq.engine.rollup;

import echomq.domain.closing.ServerClockPort;
import echomq.domain.fold.Fold;
import echomq.domain.id.StreamId;
import echomq.domain.rollup.AppendOutcome;
import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.rollup.RollupFold;
import echomq.domain.rollup.RollupSpec;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import echomq.domain.window.Buckets;
import echomq.testkit.InMemoryStreams;
import echomq.testkit.MovableClock;
import echomq.testkit.Seeded;

import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link Rollup} over the in-memory store, on a server clock the test moves: once and twice, a run
 * that crashes midway and runs again, continuous passes across restarts.
 */
class RollupTest {

    static final long T0 = Instant.parse("2026-12-07T10:00:00Z").toEpochMilli();
    static final StreamKey SOURCE = StreamKey.existing("orders");
    static final StreamKey TARGET = StreamKey.existing("orders:1m");
    static final Buckets MINUTES = Buckets.tumbling(Duration.ofMinutes(1));
    static final Duration SKEW = Duration.ofMillis(100);

    /** The count and sum of field {@code amount} of a bucket, written with its end. */
    static final RollupFold<long[]> COUNT_SUM = RollupFold.of(
            Fold.of("count-sum", new long[2], (a, e) -> new long[]{a[0] + 1, a[1] + Long.parseLong(e.field("amount").getOrElse("0"))}),
            (a, w) -> LinkedHashMap.of("to", Long.toString(w.t1().toEpochMilli()), "entries", Long.toString(a[0]), "sum", Long.toString(a[1])));

    /** A store's clock the test moves. */
    static ServerClockPort serverClock(MovableClock clock) {
        return key -> clock.instant();
    }

    /** An append port that fails after {@code k} appends, as a process that dies midway. */
    static RollupAppendPort failingAfter(RollupAppendPort inner, int k) {
        AtomicInteger n = new AtomicInteger();
        return (key, id, fields) -> {
            if (n.getAndIncrement() >= k) {
                throw new StreamStoreException.Unavailable(key.toString(), "gone after " + k + " appends", null);
            }
            return inner.appendAt(key, id, fields);
        };
    }

    static Rollup<long[]> rollup(InMemoryStreams s, RollupAppendPort appends, MovableClock clock) {
        return new Rollup<>(RollupSpec.of(SOURCE, TARGET, MINUTES, SKEW), COUNT_SUM, s, s, appends, serverClock(clock));
    }

    static InMemoryStreams history(Random r, int n) {
        InMemoryStreams s = new InMemoryStreams();
        long ms = T0;
        for (int i = 0; i < n; i++) {
            ms += r.nextInt(4) == 0 ? r.nextInt(600_000) : r.nextInt(20_000);
            int seq = r.nextInt(3);
            for (int q = 0; q <= seq; q++) {
                s.appendAt(SOURCE, StreamId.of(ms, q + (ms == T0 ? 1 : 0)), LinkedHashMap.of("amount", Integer.toString(r.nextInt(100))));
            }
        }
        return s;
    }

    static List<StreamEntry> target(InMemoryStreams s) {
        return s.rangeFrom(TARGET, StreamId.MIN, 100_000);
    }

    @Test
    void onceRunTwiceWritesNothingTheSecondTime() {
        InMemoryStreams s = history(new Random(1), 200);
        MovableClock clock = new MovableClock(T0 + 24 * 3_600_000L);
        RollupReport first = rollup(s, s, clock).once();
        assertThat(first.written()).isPositive();
        assertThat(first.resumedAfter()).isEmpty();
        List<StreamEntry> after = target(s);
        assertThat(after).hasSize((int) first.written());
        RollupReport second = rollup(s, s, clock).once();
        assertThat(second.written()).isZero();
        assertThat(second.alreadyThere()).isZero();
        assertThat(second.resumedAfter()).isEqualTo(first.lastWritten());
        assertThat(target(s)).isEqualTo(after);
    }

    @TestFactory
    Stream<DynamicTest> aRunThatCrashesMidwayAndRunsAgainLeavesWhatOneRunLeaves() {
        Random seeds = Seeded.random("RollupTest.crash");
        return IntStream.range(0, 30).mapToObj(i -> {
            long seed = seeds.nextLong();
            return DynamicTest.dynamicTest("seed " + seed, () -> {
                Random r = new Random(seed);
                int n = 1 + r.nextInt(300);
                MovableClock clock = new MovableClock(T0 + 48 * 3_600_000L);
                InMemoryStreams once = history(new Random(seed), n);
                rollup(once, once, clock).once();
                InMemoryStreams crashed = history(new Random(seed), n);
                int k = r.nextInt(Math.max(1, target(once).size()));
                assertThatThrownBy(() -> rollup(crashed, failingAfter(crashed, k), clock).once())
                        .isInstanceOf(StreamStoreException.Unavailable.class);
                assertThat(target(crashed)).hasSize(k);
                RollupReport rerun = rollup(crashed, crashed, clock).once();
                assertThat(rerun.written()).isEqualTo(target(once).size() - k);
                assertThat(target(crashed)).isEqualTo(target(once));
            });
        });
    }

    @Test
    void passesWriteBucketsAsTheyCloseOnTheServersClockAndARestartNeitherSkipsNorDoubles() {
        InMemoryStreams s = new InMemoryStreams();
        MovableClock clock = new MovableClock(T0);
        Rollup<long[]> first = rollup(s, s, clock);
        List<Long> counts = new java.util.ArrayList<>();
        for (int minute = 0; minute < 30; minute++) {
            // 1..3 entries in this minute (none in every fifth), then time moves past its end and the skew
            if (minute % 5 != 4) {
                for (int k = 0; k <= minute % 3; k++) {
                    s.appendAt(SOURCE, StreamId.of(T0 + minute * 60_000L + 1_000 + k, 0), LinkedHashMap.of("amount", "1"));
                }
                counts.add((long) (minute % 3) + 1);
            }
            long end = T0 + (minute + 1) * 60_000L - 1;
            clock.advance(end + SKEW.toMillis() - clock.ms()); // the store's clock less the skew is at the minute's end
            assertThat(first.pass().written()).as("minute %d is not closed before its end plus the skew", minute).isZero();
            clock.advance(1);
            RollupReport r = (minute >= 10 && minute < 14 ? rollup(s, s, clock) : first).pass(); // a restart
            assertThat(r.written()).as("minute %d written as it closed", minute).isEqualTo(minute % 5 == 4 ? 0 : 1);
            if (minute == 20) {
                clock.advance(180_000); // three idle minutes pass while nothing runs
                minute += 3;
                first = rollup(s, s, clock);
                assertThat(first.pass().written()).isZero();
            }
        }
        List<StreamEntry> written = target(s);
        assertThat(written).extracting(e -> Long.parseLong(e.field("entries").get())).containsExactlyElementsOf(counts);
        assertThat(written).allSatisfy(e -> {
            assertThat(e.id().seq()).isZero();
            assertThat((e.id().ms() - T0) % 60_000).isZero();
            assertThat(Long.parseLong(e.field("to").get())).isEqualTo(e.id().ms() + 59_999);
        });
    }

    @Test
    void startRunsPassesUntilClosedAndReportsWhatItWrote() throws Exception {
        InMemoryStreams s = history(new Random(7), 50);
        MovableClock clock = new MovableClock(T0 + 24 * 3_600_000L);
        assertThat(rollup(new InMemoryStreams(), new InMemoryStreams(), clock).once()).as("no source, nothing written").isEqualTo(RollupReport.NONE);
        Rollup.Running running = rollup(s, s, clock).start(Duration.ofMillis(5), e -> { });
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (running.passes() < 3) {
                assertThat(System.nanoTime()).as("three passes within 10 s").isLessThan(deadline);
                Thread.sleep(5);
            }
        } finally {
            running.close();
        }
        assertThat(running.lastError()).isEmpty();
        assertThat(running.report().written()).isEqualTo(target(s).size()).isPositive();
    }

    @Test
    void aFailingPassIsHandedToOnErrorAndTheNextOneTriesAgain() throws Exception {
        InMemoryStreams s = history(new Random(8), 50);
        MovableClock clock = new MovableClock(T0 + 24 * 3_600_000L);
        List<Throwable> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
        Rollup.Running running = rollup(s, failingAfter(s, 2), clock).start(Duration.ofMillis(5), errors::add);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (errors.size() < 2) {
                assertThat(System.nanoTime()).as("two failures within 10 s").isLessThan(deadline);
                Thread.sleep(5);
            }
        } finally {
            running.close();
        }
        assertThat(errors).allSatisfy(e -> assertThat(e).isInstanceOf(StreamStoreException.Unavailable.class));
        assertThat(running.lastError().isDefined()).isTrue();
        assertThat(target(s)).hasSize(2);
    }

    @Test
    void aBucketAnotherWriterTookIsCountedAsAlreadyThere() {
        InMemoryStreams s = new InMemoryStreams();
        for (int m = 0; m < 3; m++) {
            s.appendAt(SOURCE, StreamId.of(T0 + m * 60_000L + 5, 0), LinkedHashMap.of("amount", "2"));
        }
        MovableClock clock = new MovableClock(T0 + 3_600_000L);
        Rollup<long[]> rollup = rollup(s, s, clock);
        // a second writer lands the second bucket between this run's read of the top and its append
        RollupAppendPort racing = new RollupAppendPort() {
            boolean raced;

            @Override
            public AppendOutcome appendAt(StreamKey key, StreamId id, LinkedHashMap<String, String> fields) {
                if (!raced) {
                    raced = true;
                    s.appendAt(key, id, fields);
                }
                return s.appendAt(key, id, fields);
            }
        };
        RollupReport r = new Rollup<>(rollup.spec(), COUNT_SUM, s, s, racing, serverClock(clock)).once();
        assertThat(r.written()).isEqualTo(2);
        assertThat(r.alreadyThere()).isEqualTo(1);
        assertThat(target(s)).hasSize(3);
    }

    @Test
    void badSpecsAreRefusedBeforeAnythingIsRead() {
        assertThatThrownBy(() -> RollupSpec.of(SOURCE, TARGET, Buckets.hopping(Duration.ofMinutes(2), Duration.ofMinutes(1)), SKEW))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("hopping");
        InMemoryStreams s = new InMemoryStreams();
        assertThatThrownBy(() -> rollup(s, s, new MovableClock(T0)).start(Duration.ZERO, e -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("every");
    }
}
