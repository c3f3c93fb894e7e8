package echomq.redis;

import echomq.domain.id.BrandedId;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Fold;
import echomq.domain.projection.ProjectionReader;
import echomq.domain.retention.Retention;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamEntry;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.Seeded;
import echomq.testkit.TestRedis;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Protocol;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The cached, incremental and sliding fold against a real Redis: never a different answer, and only the reads it must do. */
class ProjectionReaderTest {

    static final String Q = "proj";

    /** The ids folded, in order: combinable, immutable. */
    static final CombinableFold<Vector<StreamId>> IDS = CombinableFold.of("ids", 1, Vector.empty(),
            (acc, e) -> acc.append(e.id()), Vector::appendAll);

    /** The same as a plain fold, which cannot combine. */
    static final Fold<Vector<StreamId>> IDS_PLAIN = Fold.of("ids-plain", Vector.empty(), (acc, e) -> acc.append(e.id()));

    /** A clock the test moves. */
    static final class TestClock extends Clock {
        final AtomicLong ms;

        TestClock(long start) {
            ms = new AtomicLong(start);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(ms.get());
        }
    }

    /** Counts the calls that reach the real Redis ports. */
    static final class Counting implements StreamRangePort, StreamStatePort {
        final RedisStreamRange range = new RedisStreamRange(SharedRedis.client());
        final RedisStreamState state = new RedisStreamState(SharedRedis.client());
        final AtomicInteger ranges = new AtomicInteger();
        final AtomicInteger states = new AtomicInteger();

        @Override
        public List<StreamEntry> range(StreamKey key, StreamId from, StreamId to, int count) {
            ranges.incrementAndGet();
            return range.range(key, from, to, count);
        }

        @Override
        public List<StreamEntry> rangeFrom(StreamKey key, StreamId from, int count) {
            ranges.incrementAndGet();
            return range.rangeFrom(key, from, count);
        }

        @Override
        public Option<StreamState> state(StreamKey key) {
            states.incrementAndGet();
            return state.state(key);
        }
    }

    @Test
    void aRepeatedReadOfASealedWindowIsOneStateReadAndNoRangeRead() {
        String name = "sealed-" + UUID.randomUUID();
        TestClock clock = new TestClock(Snowflake.EPOCH_MS + 50_000_000L);
        RedisStreamAppend append = new RedisStreamAppend(SharedRedis.client(), new Snowflake(1, clock::millis));
        for (int i = 0; i < 500; i++) {
            append.append(Q, name, LinkedHashMap.of("i", Integer.toString(i)));
            clock.ms.addAndGet(i % 3 == 0 ? 1 : 0);
        }
        Window sealed = Window.closed(Instant.ofEpochMilli(clock.ms.get() - 120), Instant.ofEpochMilli(clock.ms.get() - 20));
        append.append(Q, name, LinkedHashMap.of("after", "1")); // the stream moves on above the window
        Counting c = new Counting();
        ProjectionReader reader = new ProjectionReader(c, c, clock, 100, 50);
        Vector<StreamId> first = reader.fold(Q, name, sealed, IDS);
        assertThat(first).isNotEmpty();
        int ranges = c.ranges.get();
        for (int i = 0; i < 10; i++) {
            int statesBefore = c.states.get();
            assertThat(reader.fold(Q, name, sealed, IDS)).isEqualTo(first);
            assertThat(c.states.get() - statesBefore).isEqualTo(1);
            append.append(Q, name, LinkedHashMap.of("more", Integer.toString(i))); // appends above the window change nothing
        }
        assertThat(c.ranges.get()).isEqualTo(ranges);
        assertThat(reader.metrics().hits()).isEqualTo(10);
        assertThat(reader.metrics().fullFolds()).isEqualTo(1);
    }

    @Test
    void aReadAfterKAppendsFoldsExactlyKEntries() {
        String name = "open-" + UUID.randomUUID();
        TestClock clock = new TestClock(Snowflake.EPOCH_MS + 60_000_000L);
        RedisStreamAppend append = new RedisStreamAppend(SharedRedis.client(), new Snowflake(1, clock::millis));
        for (int i = 0; i < 300; i++) {
            append.append(Q, name, LinkedHashMap.of("i", Integer.toString(i)));
        }
        Counting c = new Counting();
        ProjectionReader reader = new ProjectionReader(c, c, clock, 100, 1000);
        Window open = Window.since(Instant.ofEpochMilli(clock.ms.get() - 1000));
        assertThat(reader.fold(Q, name, open, IDS)).hasSize(300);
        Random r = new Random(5);
        for (int round = 0; round < 10; round++) {
            int k = 1 + r.nextInt(40);
            for (int i = 0; i < k; i++) {
                append.append(Q, name, LinkedHashMap.of("r", Integer.toString(round)));
            }
            long folded = reader.metrics().entriesFolded();
            int ranges = c.ranges.get();
            Vector<StreamId> ids = reader.fold(Q, name, open, IDS);
            assertThat(reader.metrics().entriesFolded() - folded).isEqualTo(k);
            assertThat(c.ranges.get() - ranges).isEqualTo(1);
            assertThat(ids).isEqualTo(new StreamWindows(c.range).foldWindow(Q, name, open, IDS));
        }
        assertThat(reader.metrics().incrementalFolds()).isEqualTo(10);
        assertThat(reader.metrics().fullFolds()).isEqualTo(1);
    }

    @Test
    void theCacheIsBoundedAndAChangedProjectionVersionIsNeverServedTheOldResult() {
        String name = "bounded-" + UUID.randomUUID();
        TestClock clock = new TestClock(Snowflake.EPOCH_MS + 70_000_000L);
        RedisStreamAppend append = new RedisStreamAppend(SharedRedis.client(), new Snowflake(1, clock::millis));
        for (int i = 0; i < 50; i++) {
            append.append(Q, name, LinkedHashMap.of("i", Integer.toString(i)));
            clock.ms.incrementAndGet();
        }
        Counting c = new Counting();
        ProjectionReader reader = new ProjectionReader(c, c, clock, 3);
        for (int i = 0; i < 10; i++) {
            reader.fold(Q, name, Window.closed(Instant.ofEpochMilli(clock.ms.get() - 50 + i), Instant.ofEpochMilli(clock.ms.get() - 5)), IDS);
        }
        assertThat(reader.metrics().cached()).isEqualTo(3);
        assertThat(reader.metrics().evictions()).isEqualTo(7);
        Window w = Window.closed(Instant.ofEpochMilli(clock.ms.get() - 50), Instant.ofEpochMilli(clock.ms.get() - 5));
        Fold<Integer> v1 = Fold.of("count", 1, 0, (n, e) -> n + 1);
        Fold<Integer> v2 = Fold.of("count", 2, 0, (n, e) -> n + 2);
        assertThat(reader.fold(Q, name, w, v1)).isEqualTo(46); // entries at T .. T + 45
        assertThat(reader.fold(Q, name, w, v2)).isEqualTo(92);
    }

    /**
     * Thousands of random steps: appends, XDELs inside and outside windows, exact and approximate
     * trims, and reads of closed, open and sliding windows. After every read the cached answer
     * equals a fresh fold of the log.
     */
    @Test
    void modelBasedTheCachedAnswerAlwaysEqualsAFreshFold() {
        Random r = Seeded.random("ProjectionReaderTest.model");
        String name = "model-" + UUID.randomUUID();
        StreamKey key = StreamKey.of(Q, name);
        TestClock clock = new TestClock(Snowflake.EPOCH_MS + 80_000_000L);
        RedisStreamAppend append = new RedisStreamAppend(SharedRedis.client(), new Snowflake(2, clock::millis));
        RedisStreamRetention retention = new RedisStreamRetention(SharedRedis.client());
        Counting c = new Counting();
        ProjectionReader reader = new ProjectionReader(c, c, clock, 64, 1 + r.nextInt(20));
        StreamWindows fresh = new StreamWindows(c.range);
        long origin = clock.ms.get();
        List<Window> pool = new ArrayList<>();
        int reads = 0;
        int steps = Integer.getInteger("echomq.modelSteps", 2500);
        for (int step = 0; step < steps; step++) {
            int op = r.nextInt(100);
            long now = clock.ms.get();
            if (op < 35) {
                int n = 1 + r.nextInt(4);
                List<LinkedHashMap<String, String>> batch = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    batch.add(LinkedHashMap.of("s", Integer.toString(step)));
                }
                if (n == 1) {
                    append.append(Q, name, batch.get(0));
                } else {
                    append.appendBatch(Q, name, batch);
                }
                clock.ms.addAndGet(r.nextInt(4));
            } else if (op < 42) {
                List<StreamEntry> all = c.range.rangeFrom(key, StreamId.MIN, 100_000);
                if (!all.isEmpty()) {
                    StreamId victim = all.get(r.nextInt(all.size())).id();
                    SharedRedis.client().sendCommand(key.toString(), Protocol.Command.XDEL, key.toString(), victim.toString());
                }
            } else if (op < 45) {
                Instant horizon = Instant.ofEpochMilli(origin + r.nextInt((int) Math.max(1, now - origin + 1)) / 3);
                retention.trim(Q, name, Retention.minAge(horizon, r.nextBoolean()));
            } else if (op < 47) {
                retention.trim(Q, name, Retention.maxLen(50 + r.nextInt(200), r.nextBoolean()));
            } else if (op < 52) {
                clock.ms.addAndGet(1 + r.nextInt(30));
            } else {
                reads++;
                Window w;
                if (!pool.isEmpty() && r.nextInt(3) > 0) {
                    w = pool.get(r.nextInt(pool.size()));
                } else {
                    long a = origin + (long) (r.nextDouble() * Math.max(1, now - origin + 20));
                    w = r.nextInt(4) == 0 ? Window.since(Instant.ofEpochMilli(a))
                            : Window.closed(Instant.ofEpochMilli(a), Instant.ofEpochMilli(a + r.nextInt(120)));
                    if (pool.size() < 12) {
                        pool.add(w);
                    } else {
                        pool.set(r.nextInt(pool.size()), w);
                    }
                }
                int kind = r.nextInt(10);
                if (kind < 6) {
                    assertThat(reader.fold(Q, name, w, IDS)).as("step %d, %s", step, w)
                            .isEqualTo(fresh.foldWindow(Q, name, w, IDS));
                } else {
                    Duration length = Duration.ofMillis(10 + r.nextInt(300));
                    Duration pane = Duration.ofMillis(1 + r.nextInt((int) length.toMillis()));
                    Window since = Window.since(clock.instant().minus(length));
                    Fold<Vector<StreamId>> f = kind < 9 ? IDS : IDS_PLAIN;
                    assertThat(reader.foldSliding(Q, name, length, pane, f)).as("step %d, sliding %s / %s", step, length, pane)
                            .isEqualTo(fresh.foldWindow(Q, name, since, f));
                }
            }
        }
        ProjectionReader.Metrics m = reader.metrics();
        System.out.println("[model] " + reads + " reads: " + m);
        assertThat(reads).isGreaterThan(steps / 3);
        assertThat(m.hits()).isPositive();
        assertThat(m.incrementalFolds()).isPositive();
        assertThat(m.fullFolds()).isPositive();
        assertThat(m.evictions()).isPositive();
    }
}
