package echomq.engine.live;

import echomq.domain.closing.ServerClockPort;
import echomq.domain.fold.Fold;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Session;
import echomq.domain.window.Sessions;
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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link ClosingBuckets} handing out sessions in memory: every session once, final (the server's
 * clock less the skew past its last entry by the gap), with the fold a fresh read gives, in the
 * order they became final, on an idle stream too and across restarts.
 */
class ClosingSessionsTest {

    static final StreamKey KEY = StreamKey.of("close", "sessions");
    static final Fold<Long> COUNT = Fold.of("count", 0L, (n, e) -> n + 1);

    final InMemoryStreams streams = new InMemoryStreams();
    final MovableClock server = new MovableClock(Snowflake.EPOCH_MS + 86_400_000L * 1000);
    /** The store's clock, moved by hand: what TIME answers on Redis. */
    final ServerClockPort serverClock = key -> server.instant();
    final InMemoryBucketMarks marks = new InMemoryBucketMarks();
    final Snowflake minter = new Snowflake(3, server::ms);

    void append(String player) {
        streams.append(KEY, minter.nextId(), LinkedHashMap.of("player", player));
    }

    @Test
    void aSessionThatWentQuietIsHandedOutOnAnIdleStreamOnceTheGapAndTheSkewHavePassed() {
        Duration gap = Duration.ofMinutes(2);
        Duration skew = Duration.ofSeconds(2);
        List<Session<Long>> got = new ArrayList<>();
        ClosingBuckets.Subscription sub = new ClosingBuckets(streams, serverClock, marks)
                .subscribe(KEY, "sessions", Sessions.of(gap).perKey("player"), server.instant(), skew, COUNT, got::add);
        append("ada");
        server.advance(1_000);
        append("ada");
        Instant last = server.instant();
        // nothing is appended from here on: the stream is idle
        server.advance(Duration.between(server.instant(), last.plus(gap).plus(skew).minusMillis(1)));
        assertThat(sub.pass()).isZero();
        assertThat(got).isEmpty();
        server.advance(1);
        assertThat(sub.pass()).isEqualTo(1);
        assertThat(got).hasSize(1);
        assertThat(got.get(0).key()).contains("ada");
        assertThat(got.get(0).value()).isEqualTo(2L);
        assertThat(got.get(0).to()).isEqualTo(last);
        assertThat(got.get(0).open()).isFalse();
        server.advance(60_000);
        assertThat(sub.pass()).isZero();
        assertThat(got).hasSize(1);
    }

    @TestFactory
    Stream<DynamicTest> everySessionIsHandedOutOnceFinalInOrderAcrossRestarts() {
        Random seeds = Seeded.random("ClosingSessionsTest");
        return IntStream.range(0, 40).mapToObj(i -> {
            long seed = seeds.nextLong();
            return DynamicTest.dynamicTest("seed " + seed, () -> {
                Random r = new Random(seed);
                ClosingSessionsTest f = new ClosingSessionsTest();
                long gap = 1 + r.nextInt(200);
                Sessions sessions = Sessions.of(Duration.ofMillis(gap)).longest(Duration.ofDays(1));
                if (r.nextBoolean()) {
                    sessions = sessions.perKey("player");
                }
                Sessions s = sessions;
                Duration skew = Duration.ofMillis(r.nextInt(300));
                Instant from = f.server.instant();
                List<Session<Long>> got = new ArrayList<>();
                ClosingBuckets.Subscription sub = new ClosingBuckets(f.streams, f.serverClock, f.marks)
                        .subscribe(KEY, "s", s, from, skew, COUNT, got::add);
                for (int step = 0; step < 300; step++) {
                    if (r.nextInt(3) == 0) {
                        f.append("p" + r.nextInt(3));
                    }
                    f.server.advance(r.nextInt((int) gap * 2));
                    if (r.nextInt(20) == 0) { // a restart: a new process, the same store
                        sub = new ClosingBuckets(f.streams, f.serverClock, f.marks).subscribe(KEY, "s", s, from, skew, COUNT, got::add);
                    }
                    sub.pass();
                }
                Instant end = f.server.instant();
                if (end.minus(skew).minusMillis(gap).isBefore(from)) {
                    // the server's clock moved less than the skew and a gap in all: no session can be final yet
                    assertThat(got).isEmpty();
                    return;
                }
                // every session final by now, read afresh: what was handed out, in the order they became final
                Window.Closed all = Window.closed(from, end.minus(skew).minusMillis(gap));
                List<Session<Long>> expected = new ArrayList<>(new StreamWindows(f.streams)
                        .foldSessions(KEY, s, Window.closed(from, end.minus(skew).minusMillis(1)), COUNT)
                        .filter(x -> !x.open()).asJava());
                expected.sort(Comparator.<Session<Long>>comparingLong(x -> x.to().toEpochMilli())
                        .thenComparing(x -> x.key().getOrElse("")));
                assertThat(got).isEqualTo(expected);
                assertThat(got).allSatisfy(x -> assertThat(x.to()).isBeforeOrEqualTo(all.t1()));
            });
        });
    }

    @Test
    void aListenerThatFailsGetsItsSessionAgainAndNothingIsLost() {
        List<Session<Long>> got = new ArrayList<>();
        int[] failures = {1};
        ClosingBuckets.Subscription sub = new ClosingBuckets(streams, serverClock, marks)
                .subscribe(KEY, "s", Sessions.of(Duration.ofMillis(10)), server.instant(), Duration.ZERO, COUNT, x -> {
                    if (got.size() == 1 && failures[0]-- > 0) {
                        throw new IllegalStateException("listener down");
                    }
                    got.add(x);
                });
        for (int i = 0; i < 3; i++) {
            append("p");
            server.advance(20);
        }
        assertThatThrownBy(sub::pass).hasMessage("listener down");
        assertThat(got).hasSize(1);
        assertThat(sub.pass()).isEqualTo(2);
        assertThat(got).extracting(Session::value).containsExactly(1L, 1L, 1L);
    }

    @Test
    void aSessionLongerThanTheLongestIsRefusedNamingTheBound() {
        ClosingBuckets.Subscription sub = new ClosingBuckets(streams, serverClock, marks)
                .subscribe(KEY, "s", Sessions.of(Duration.ofMillis(100)).longest(Duration.ofMillis(500)), server.instant(),
                        Duration.ZERO, COUNT, x -> { });
        for (int i = 0; i < 20; i++) {
            append("p");
            server.advance(50);
        }
        server.advance(1_000);
        assertThatThrownBy(sub::pass).isInstanceOf(IllegalStateException.class).hasMessageContaining("longest session PT0.5S");
    }

    @Test
    void aPartitionedChannelClosesAKeysSessionAcrossItsPartitions() {
        echomq.domain.partition.PartitionedChannel channel = new echomq.domain.partition.PartitionedChannel("closes", "s", 3);
        List<Session<Long>> got = new ArrayList<>();
        ClosingBuckets.Subscription sub = new ClosingBuckets(streams, serverClock, marks)
                .subscribe(channel, "all", Sessions.of(Duration.ofMillis(100)).perKey("player"), server.instant(), Duration.ZERO,
                        COUNT, got::add);
        for (int p = 0; p < 3; p++) { // ada's guesses land in every partition, 50 ms apart: one session
            streams.append(channel.partition(p), minter.nextId(), LinkedHashMap.of("player", "ada"));
            server.advance(50);
        }
        server.advance(49); // the last guess was 50 ms ago: 50 ms of the gap are left, less 1
        assertThat(sub.pass()).isZero();
        server.advance(1);
        assertThat(sub.pass()).isEqualTo(1);
        assertThat(got).extracting(Session::value).containsExactly(3L);
        assertThat(marks.last(channel.partition(0), "all")).isNotEmpty();
    }

    @Test
    void badInputIsRefusedBeforeAnythingIsRead() {
        ClosingBuckets closing = new ClosingBuckets(streams, serverClock, marks);
        assertThatThrownBy(() -> closing.subscribe(KEY, "s", Sessions.of(Duration.ofSeconds(1)), server.instant(),
                Duration.ofMillis(-1), COUNT, x -> { })).hasMessageContaining("skew PT-0.001S");
        assertThatThrownBy(() -> closing.subscribe(KEY, "", Sessions.of(Duration.ofSeconds(1)), server.instant(),
                Duration.ZERO, COUNT, x -> { })).hasMessageContaining("subscription name");
    }
}
