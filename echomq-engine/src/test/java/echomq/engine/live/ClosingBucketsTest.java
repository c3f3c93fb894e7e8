package echomq.engine.live;

import echomq.domain.closing.ServerClockPort;
import echomq.domain.fold.Fold;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.InMemoryBucketMarks;
import echomq.testkit.InMemoryStreams;
import echomq.testkit.MovableClock;
import echomq.testkit.Seeded;

import io.vavr.collection.LinkedHashMap;
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
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link ClosingBuckets} in memory: every bucket handed out once, in order, with the value a fresh
 * fold gives once it is final, idle buckets included; a restart resumes after the mark; a listener
 * that fails gets its bucket again.
 */
class ClosingBucketsTest {

    static final StreamKey KEY = StreamKey.of("close", "s");
    static final Fold<Long> COUNT = Fold.of("count", 0L, (n, e) -> n + 1);

    final InMemoryStreams streams = new InMemoryStreams();
    final MovableClock server = new MovableClock(Snowflake.EPOCH_MS + 86_400_000L * 1000);
    /** The store's clock, moved by hand: what TIME answers in the Redis tests. */
    final ServerClockPort serverClock = key -> server.instant();
    final InMemoryBucketMarks marks = new InMemoryBucketMarks();
    final Snowflake minter = new Snowflake(3, server::ms);

    void append() {
        streams.append(KEY, minter.nextId(), LinkedHashMap.of("k", "v"));
    }

    @TestFactory
    Stream<DynamicTest> everyBucketIsHandedOutOnceWithItsFinalValueAcrossRestarts() {
        Random seeds = Seeded.random("ClosingBucketsTest");
        return IntStream.range(0, 40).mapToObj(i -> {
            long seed = seeds.nextLong();
            return DynamicTest.dynamicTest("seed " + seed, () -> {
                Random r = new Random(seed);
                ClosingBucketsTest f = new ClosingBucketsTest();
                Buckets buckets = r.nextBoolean() ? Buckets.tumbling(Duration.ofMillis(1 + r.nextInt(500)))
                        : Buckets.calendar(ChronoUnit.DAYS, ZoneId.of("Europe/Berlin"));
                Duration skew = Duration.ofMillis(r.nextInt(300));
                Instant from = f.server.instant();
                List<Bucket<Long>> got = new ArrayList<>();
                ClosingBuckets.Subscription sub = new ClosingBuckets(f.streams, f.serverClock, f.marks)
                        .subscribe(KEY, "s", buckets, from, skew, COUNT, got::add);
                for (int step = 0; step < 200; step++) {
                    if (r.nextInt(3) == 0) {
                        f.append();
                    }
                    f.server.advance(buckets instanceof Buckets.Tumbling ? r.nextInt(60) : r.nextInt(3_600_000));
                    if (r.nextInt(20) == 0) { // a restart: a new process, the same store
                        sub = new ClosingBuckets(f.streams, f.serverClock, f.marks).subscribe(KEY, "s", buckets, from, skew, COUNT, got::add);
                    }
                    sub.pass();
                }
                assertThat(got).isNotEmpty();
                Window.Closed range = Window.closed(from, got.get(got.size() - 1).window().t1());
                assertThat(got.stream().map(Bucket::window).toList()).isEqualTo(buckets.over(range).toJavaList());
                assertThat(got).isEqualTo(new StreamWindows(f.streams).foldSeries(KEY, buckets, range, COUNT).buckets().toJavaList());
                assertThat(got).allSatisfy(b -> assertThat(b.window().t1()).isBefore(f.server.instant().minus(skew)));
            });
        });
    }

    @Test
    void anIdleStreamClosesItsBucketsOnTheServersClockAfterTheSkew() {
        List<Bucket<Long>> got = new ArrayList<>();
        Instant from = server.instant().truncatedTo(ChronoUnit.MINUTES);
        ClosingBuckets.Subscription sub = new ClosingBuckets(streams, serverClock, marks)
                .subscribe(KEY, "chart", Buckets.tumbling(Duration.ofMinutes(1)), from, Duration.ofSeconds(2), COUNT, got::add);
        server.advance(Duration.between(server.instant(), from.plusSeconds(62).minusMillis(1)));
        assertThat(sub.pass()).isZero();
        server.advance(1);
        assertThat(sub.pass()).isEqualTo(1);
        assertThat(got).containsExactly(new Bucket<>(Window.closed(from, from.plusSeconds(60).minusMillis(1)), 0, 0L));
        assertThat(marks.last(KEY, "chart")).contains(got.get(0).window());
    }

    @Test
    void aListenerThatFailsGetsItsBucketAgainAndNothingAfterIt() {
        List<Bucket<Long>> got = new ArrayList<>();
        int[] failures = {1};
        Instant from = server.instant();
        ClosingBuckets.Subscription sub = new ClosingBuckets(streams, serverClock, marks)
                .subscribe(KEY, "s", Buckets.tumbling(Duration.ofMillis(10)).alignedTo(from), from, Duration.ZERO, COUNT, b -> {
                    if (b.window().t0().equals(from.plusMillis(10)) && failures[0]-- > 0) {
                        throw new IllegalStateException("listener down");
                    }
                    got.add(b);
                });
        server.advance(35);
        assertThatThrownBy(sub::pass).hasMessage("listener down");
        assertThat(got).hasSize(1);
        assertThat(sub.pass()).isEqualTo(2);
        assertThat(got.stream().map(b -> b.window().t0()).toList()).containsExactly(from, from.plusMillis(10), from.plusMillis(20));
    }

    /** A subscription started on a thread of its own hands buckets out there, and its close ends that thread. */
    @Test
    void aSubscriptionOnItsOwnThreadEndsItWithClose() throws Exception {
        java.util.concurrent.BlockingQueue<String> ranOn = new java.util.concurrent.LinkedBlockingQueue<>();
        Instant from = server.instant();
        ClosingBuckets.Subscription sub = new ClosingBuckets(streams, serverClock, marks)
                .subscribe(KEY, "own", Buckets.tumbling(Duration.ofMillis(10)).alignedTo(from), from, Duration.ZERO, COUNT,
                        b -> ranOn.add(Thread.currentThread().getName()));
        server.advance(15);
        sub.start("closing-own-thread", Duration.ofMillis(5), e -> ranOn.add("error " + e));
        assertThat(ranOn.poll(10, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("closing-own-thread");
        assertThatThrownBy(() -> sub.start("again", Duration.ofMillis(5), e -> { })).isInstanceOf(IllegalStateException.class);
        assertThat(Thread.getAllStackTraces().keySet().stream().map(Thread::getName)).doesNotContain("again");
        sub.close();
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        while (Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("closing-own-thread") && t.isAlive())
                && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName))
                .as("the subscription's own thread, after close").doesNotContain("closing-own-thread");
    }

    @Test
    void aPartitionedChannelClosesOneBucketForAllItsPartitions() {
        echomq.domain.partition.PartitionedChannel channel = new echomq.domain.partition.PartitionedChannel("closep", "s", 3);
        Instant from = server.instant();
        for (int p = 0; p < 3; p++) {
            for (int k = 0; k <= p; k++) {
                streams.append(channel.partition(p), minter.nextId(), LinkedHashMap.of("p", Integer.toString(p)));
            }
        }
        List<Bucket<Long>> got = new ArrayList<>();
        ClosingBuckets.Subscription sub = new ClosingBuckets(streams, serverClock, marks)
                .subscribe(channel, "all", Buckets.tumbling(Duration.ofSeconds(1)).alignedTo(from), from, Duration.ZERO, COUNT, got::add);
        server.advance(2_500);
        assertThat(sub.pass()).isEqualTo(2);
        assertThat(got.stream().map(Bucket::value).toList()).containsExactly(6L, 0L);
        assertThat(marks.last(channel.partition(0), "all")).contains(got.get(1).window());
    }

    @Test
    void badInputIsRefusedBeforeAnythingIsRead() {
        ClosingBuckets closing = new ClosingBuckets(streams, serverClock, marks);
        Instant t = server.instant();
        assertThatThrownBy(() -> closing.subscribe(KEY, "s", Buckets.hopping(Duration.ofMinutes(2), Duration.ofMinutes(1)), t,
                Duration.ZERO, COUNT, b -> { })).hasMessageContaining("hopping");
        assertThatThrownBy(() -> closing.subscribe(KEY, "", Buckets.tumbling(Duration.ofMinutes(1)), t, Duration.ZERO, COUNT, b -> { }))
                .hasMessageContaining("subscription name ''");
        assertThatThrownBy(() -> closing.subscribe(KEY, "s", Buckets.tumbling(Duration.ofMinutes(1)), Instant.EPOCH.minusSeconds(1),
                Duration.ZERO, COUNT, b -> { })).hasMessageContaining("1969-12-31T23:59:59Z");
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        try {
            assertThatThrownBy(() -> closing.subscribe(KEY, "s", Buckets.tumbling(Duration.ofMinutes(1)), t, Duration.ZERO, COUNT, b -> { })
                    .start(scheduler, Duration.ZERO, e -> { })).hasMessageContaining("every must be above zero, got PT0S");
        } finally {
            scheduler.shutdownNow();
        }
    }
}
