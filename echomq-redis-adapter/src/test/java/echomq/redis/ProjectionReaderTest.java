package echomq.redis;

import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.fold.Fold;
import echomq.engine.projection.ProjectionReader;
import echomq.domain.retention.Retention;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamEntry;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamObservation;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.Seeded;
import echomq.testkit.TestRedis;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The cached, incremental and sliding fold against a real Redis: never a different answer, and only the reads it must do. */
class ProjectionReaderTest {

    static final String Q = "proj";

    /** The ids folded, in order: combinable, immutable. */
    static final CombinableFold<Vector<StreamId>> IDS = CombinableFold.of("ids", 1, Vector.empty(),
            (acc, e) -> acc.append(e.id()), Vector::appendAll);

    /** The same as a plain fold, which cannot combine. */
    static final Fold<Vector<StreamId>> IDS_PLAIN = Fold.of("ids-plain", Vector.empty(), (acc, e) -> acc.append(e.id()));

    /** Counts the calls that reach the real Redis ports, on whichever server is the current one. */
    static final class Counting implements StreamRangePort, StreamStatePort {
        final java.util.function.Supplier<UnifiedJedis> jedis;
        final StreamRangePort range;
        final AtomicInteger ranges = new AtomicInteger();
        final AtomicInteger states = new AtomicInteger();

        Counting() {
            this(SharedRedis::client);
        }

        Counting(java.util.function.Supplier<UnifiedJedis> jedis) {
            this.jedis = jedis;
            this.range = new StreamRangePort() {
                @Override
                public List<StreamEntry> range(StreamKey key, StreamId from, StreamId to, int count) {
                    return new RedisStreamRange(jedis.get()).range(key, from, to, count);
                }

                @Override
                public List<StreamEntry> rangeFrom(StreamKey key, StreamId from, int count) {
                    return new RedisStreamRange(jedis.get()).rangeFrom(key, from, count);
                }
            };
        }

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
            return new RedisStreamState(jedis.get()).state(key);
        }

        @Override
        public StreamObservation observe(StreamKey key, StreamId probe) {
            states.incrementAndGet();
            return new RedisStreamState(jedis.get()).observe(key, probe);
        }
    }

    @Test
    void aRepeatedReadOfASealedWindowIsOneStateReadAndNoRangeRead() {
        String name = "sealed-" + UUID.randomUUID();
        echomq.testkit.MovableClock clock = new echomq.testkit.MovableClock(Snowflake.EPOCH_MS + 50_000_000L);
        RedisStreamAppend append = new RedisStreamAppend(SharedRedis.client(), new Snowflake(1, clock::millis));
        for (int i = 0; i < 500; i++) {
            append.append(StreamKey.of(Q, name), LinkedHashMap.of("i", Integer.toString(i)));
            clock.advance(i % 3 == 0 ? 1 : 0);
        }
        Window.Closed sealed = Window.closed(Instant.ofEpochMilli(clock.ms() - 120), Instant.ofEpochMilli(clock.ms() - 20));
        append.append(StreamKey.of(Q, name), LinkedHashMap.of("after", "1")); // the stream moves on above the window
        Counting c = new Counting();
        ProjectionReader reader = new ProjectionReader(c, c, clock, 100, 50);
        Vector<StreamId> first = reader.fold(StreamKey.of(Q, name), sealed, IDS);
        assertThat(first).isNotEmpty();
        int ranges = c.ranges.get();
        for (int i = 0; i < 10; i++) {
            int statesBefore = c.states.get();
            assertThat(reader.fold(StreamKey.of(Q, name), sealed, IDS)).isEqualTo(first);
            assertThat(c.states.get() - statesBefore).isEqualTo(1);
            append.append(StreamKey.of(Q, name), LinkedHashMap.of("more", Integer.toString(i))); // appends above the window change nothing
        }
        assertThat(c.ranges.get()).isEqualTo(ranges);
        assertThat(reader.metrics().hits()).isEqualTo(10);
        assertThat(reader.metrics().fullFolds()).isEqualTo(1);
    }

    /**
     * Folds over every partition of a channel come from each partition's cache, merged: a partition
     * that did not change costs one state read and no range read, and every answer, closed, open or
     * sliding, equals the fresh k-way merge of {@link echomq.domain.window.PartitionedWindows}.
     */
    @Test
    void partitionedFoldsAreCachedPerPartitionAndEqualTheFreshMerge() {
        echomq.domain.partition.PartitionedChannel channel = new echomq.domain.partition.PartitionedChannel(
                "pq-" + UUID.randomUUID().toString().substring(0, 8), "events", 3);
        echomq.testkit.MovableClock clock = new echomq.testkit.MovableClock(Snowflake.EPOCH_MS + 70_000_000L);
        Random r = Seeded.random("ProjectionReaderTest.partitioned");
        Counting c = new Counting();
        // three writers, one per partition, whose ids often meet at the same millisecond
        java.util.List<RedisStreamAppend> writers = java.util.stream.IntStream.range(0, 3)
                .mapToObj(p -> new RedisStreamAppend(SharedRedis.client(), new Snowflake(1, clock::millis))).toList();
        ProjectionReader reader = new ProjectionReader(c, c, clock, 1000, 1 + r.nextInt(9));
        echomq.domain.window.PartitionedWindows fresh = new echomq.domain.window.PartitionedWindows(c.range);
        java.util.function.BinaryOperator<Vector<StreamId>> byId = (a, b) -> a.appendAll(b).sortBy(id -> id);
        Instant start = clock.instant();
        for (int round = 0; round < 40; round++) {
            int p = r.nextInt(3);
            for (int i = r.nextInt(20); i > 0; i--) {
                writers.get(p).append(StreamKey.of(channel.partitionQueue(p), channel.name()), LinkedHashMap.of("i", Integer.toString(i)));
                clock.advance(r.nextInt(3));
            }
            clock.advance(1 + r.nextInt(30));
            Window.Since open = Window.since(start.plusMillis(r.nextInt(50)));
            Instant end = clock.instant().minusMillis(r.nextInt(40));
            Window.Closed closed = Window.closed(start, end.isBefore(start) ? start : end);
            for (Window w : List.of(open, closed)) {
                assertThat(reader.fold(channel, w, IDS, byId)).as("round %d, %s", round, w)
                        .isEqualTo(fresh.foldWindow(channel, w, IDS, 5));
            }
            Duration length = Duration.ofMillis(100 + r.nextInt(400));
            assertThat(reader.fold(channel, Window.last(length).inPanesOf(Duration.ofMillis(50)), IDS, byId)).as("round %d sliding", round)
                    .isEqualTo(fresh.foldWindow(channel, Window.since(clock.instant().minus(length)), IDS, 5));
            // nothing appended: every partition answers from its cache
            int ranges = c.ranges.get();
            int states = c.states.get();
            assertThat(reader.fold(channel, closed, IDS, byId)).isEqualTo(fresh.foldWindow(channel, closed, IDS, 5));
            assertThat(c.states.get() - states).isEqualTo(3);
            assertThat(c.ranges.get()).as("range reads of an unchanged closed window (the fresh fold reads uncounted)").isEqualTo(ranges);
        }
        assertThat(reader.metrics().hits()).isPositive();
    }

    @Test
    void aReadAfterKAppendsFoldsExactlyKEntries() {
        String name = "open-" + UUID.randomUUID();
        echomq.testkit.MovableClock clock = new echomq.testkit.MovableClock(Snowflake.EPOCH_MS + 60_000_000L);
        RedisStreamAppend append = new RedisStreamAppend(SharedRedis.client(), new Snowflake(1, clock::millis));
        for (int i = 0; i < 300; i++) {
            append.append(StreamKey.of(Q, name), LinkedHashMap.of("i", Integer.toString(i)));
        }
        Counting c = new Counting();
        ProjectionReader reader = new ProjectionReader(c, c, clock, 100, 1000);
        Window.Since open = Window.since(Instant.ofEpochMilli(clock.ms() - 1000));
        assertThat(reader.fold(StreamKey.of(Q, name), open, IDS)).hasSize(300);
        Random r = new Random(5);
        for (int round = 0; round < 10; round++) {
            int k = 1 + r.nextInt(40);
            for (int i = 0; i < k; i++) {
                append.append(StreamKey.of(Q, name), LinkedHashMap.of("r", Integer.toString(round)));
            }
            long folded = reader.metrics().entriesFolded();
            int ranges = c.ranges.get();
            Vector<StreamId> ids = reader.fold(StreamKey.of(Q, name), open, IDS);
            assertThat(reader.metrics().entriesFolded() - folded).isEqualTo(k);
            assertThat(c.ranges.get() - ranges).isEqualTo(1);
            assertThat(ids).isEqualTo(new StreamWindows(c.range).foldWindow(StreamKey.of(Q, name), open, IDS));
        }
        assertThat(reader.metrics().incrementalFolds()).isEqualTo(10);
        assertThat(reader.metrics().fullFolds()).isEqualTo(1);
    }

    @Test
    void theCacheIsBoundedAndAChangedProjectionVersionIsNeverServedTheOldResult() {
        String name = "bounded-" + UUID.randomUUID();
        echomq.testkit.MovableClock clock = new echomq.testkit.MovableClock(Snowflake.EPOCH_MS + 70_000_000L);
        RedisStreamAppend append = new RedisStreamAppend(SharedRedis.client(), new Snowflake(1, clock::millis));
        for (int i = 0; i < 50; i++) {
            append.append(StreamKey.of(Q, name), LinkedHashMap.of("i", Integer.toString(i)));
            clock.advance(1);
        }
        Counting c = new Counting();
        ProjectionReader reader = new ProjectionReader(c, c, clock, 3);
        for (int i = 0; i < 10; i++) {
            reader.fold(StreamKey.of(Q, name), Window.closed(Instant.ofEpochMilli(clock.ms() - 50 + i), Instant.ofEpochMilli(clock.ms() - 5)), IDS);
        }
        assertThat(reader.metrics().cached()).isEqualTo(3);
        assertThat(reader.metrics().evictions()).isEqualTo(7);
        Window.Closed w = Window.closed(Instant.ofEpochMilli(clock.ms() - 50), Instant.ofEpochMilli(clock.ms() - 5));
        Fold<Integer> v1 = Fold.of("count", 1, 0, (n, e) -> n + 1);
        Fold<Integer> v2 = Fold.of("count", 2, 0, (n, e) -> n + 2);
        assertThat(reader.fold(StreamKey.of(Q, name), w, v1)).isEqualTo(46); // entries at T .. T + 45
        assertThat(reader.fold(StreamKey.of(Q, name), w, v2)).isEqualTo(92);
    }

    /**
     * A sliding window read every second while 50 entries a second arrive: once its panes are known,
     * a read folds the entries appended since the last read and, when the trailing edge crosses into
     * a new pane, that pane once; the entries that slid out cost nothing. On average at most twice
     * (new + expired) entries per read, and every answer equals a fresh fold.
     */
    @Test
    void aSlidingReadFoldsWhatIsNewNotTheTrailingPaneAgain() {
        String name = "sliding-" + UUID.randomUUID();
        echomq.testkit.MovableClock clock = new echomq.testkit.MovableClock(Snowflake.EPOCH_MS + 97_000_000L);
        RedisStreamAppend append = new RedisStreamAppend(SharedRedis.client(), new Snowflake(5, clock::millis));
        Counting c = new Counting();
        ProjectionReader reader = new ProjectionReader(c, c, clock, 1000, 1000);
        StreamWindows fresh = new StreamWindows(c.range);
        Duration length = Duration.ofSeconds(60);
        Duration pane = Duration.ofSeconds(10);
        for (int second = 0; second < 120; second++) {
            appendSecond(append, name, clock);
        }
        reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(pane), IDS); // the panes become known
        long folded = reader.metrics().entriesFolded();
        long newAndExpired = 0;
        int reads = 60;
        for (int read = 0; read < reads; read++) {
            appendSecond(append, name, clock);
            newAndExpired += 100; // 50 entries entered the window, 50 slid out
            Vector<StreamId> got = reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(pane), IDS);
            assertThat(got).as("read %d", read).isEqualTo(fresh.foldWindow(StreamKey.of(Q, name), Window.since(clock.instant().minus(length)), IDS));
            assertThat(got).hasSize(3000);
        }
        long perRead = (reader.metrics().entriesFolded() - folded) / reads;
        System.out.println("[sliding] entries folded per read: " + perRead + " (new + expired: " + newAndExpired / reads + ")");
        assertThat(perRead).isLessThanOrEqualTo(2 * newAndExpired / reads);
    }

    /** How many entries and the sum of their {@code i} fields: invertible, immutable. */
    record Sums(long count, long sum) {
    }

    static final InvertibleFold<Sums> SUMS = InvertibleFold.of("sums", 1, new Sums(0, 0),
            (acc, e) -> new Sums(acc.count() + 1, acc.sum() + e.field("i").map(Long::parseLong).getOrElse(0L)),
            (a, b) -> new Sums(a.count() + b.count(), a.sum() + b.sum()),
            (acc, e) -> new Sums(acc.count() - 1, acc.sum() - e.field("i").map(Long::parseLong).getOrElse(0L)));

    /** The largest {@code i}: combinable, not invertible (a maximum cannot take an entry back out). */
    static final CombinableFold<Long> MAX_I = CombinableFold.of("max-i", 1, Long.MIN_VALUE,
            (acc, e) -> Math.max(acc, e.field("i").map(Long::parseLong).getOrElse(Long.MIN_VALUE)), Math::max);

    /** Of the model's entries: their count and the sum of their ids' parts (what a wrong retraction would change). */
    static final InvertibleFold<Sums> SUMS_OF_STEPS = InvertibleFold.of("sums-of-steps", 1, new Sums(0, 0),
            (acc, e) -> new Sums(acc.count() + 1, acc.sum() + e.id().ms() * 31 + e.id().seq()),
            (a, b) -> new Sums(a.count() + b.count(), a.sum() + b.sum()),
            (acc, e) -> new Sums(acc.count() - 1, acc.sum() - (e.id().ms() * 31 + e.id().seq())));

    /** Of the model's entries: the largest id, combinable only. */
    static final CombinableFold<StreamId> MAX_OF_STEPS = CombinableFold.of("max-of-steps", 1, StreamId.MIN,
            (acc, e) -> e.id().compareTo(acc) > 0 ? e.id() : acc, (a, b) -> a.compareTo(b) >= 0 ? a : b);

    /**
     * An invertible projection's sliding read folds exactly the entries appended since the last read
     * and retracts exactly those that slid out: nothing else is read, and the answer is the fresh fold.
     */
    @Test
    void anInvertibleSlidingReadFoldsWhatIsNewAndRetractsWhatSlidOut() {
        String name = "invertible-" + UUID.randomUUID();
        echomq.testkit.MovableClock clock = new echomq.testkit.MovableClock(Snowflake.EPOCH_MS + 98_000_000L);
        RedisStreamAppend append = new RedisStreamAppend(SharedRedis.client(), new Snowflake(5, clock::millis));
        Counting c = new Counting();
        ProjectionReader reader = new ProjectionReader(c, c, clock, 1000, 7);
        StreamWindows fresh = new StreamWindows(c.range);
        Duration length = Duration.ofSeconds(60);
        for (int second = 0; second < 90; second++) {
            appendSecond(append, name, clock);
        }
        reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(Duration.ofSeconds(10)), SUMS);
        long allExpired = 0;
        long start = reader.metrics().entriesFolded();
        int reads = 40;
        for (int read = 0; read < reads; read++) {
            Instant before = clock.instant().minus(length);
            appendSecond(append, name, clock);
            Instant after = clock.instant().minus(length);
            long expired = fresh.foldWindow(StreamKey.of(Q, name), Window.closed(before, after.minusMillis(1)), SUMS).count();
            allExpired += expired;
            long folded = reader.metrics().entriesFolded();
            Sums got = reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(Duration.ofSeconds(10)), SUMS);
            assertThat(got).as("read %d", read).isEqualTo(fresh.foldWindow(StreamKey.of(Q, name), Window.since(after), SUMS));
            // what slid out is read a page at a time (7 entries here): at most a page ahead of it
            assertThat(reader.metrics().entriesFolded() - folded).as("read %d: 50 new + %d expired", read, expired)
                    .isBetween(50L, 50 + expired + 7);
        }
        // every entry that slid out read once, and at most one page beyond them
        assertThat(reader.metrics().entriesFolded() - start - 50L * reads).isBetween(allExpired, allExpired + 7);
        assertThat(reader.metrics().fullFolds()).isEqualTo(1);
    }

    /**
     * A sliding read of a combinable projection combines a constant number of accumulators on
     * average (Two-Stacks over the sealed panes, suffixes in the trailing one), whether the window
     * holds 10 panes or 400: the count of combines, not a timing.
     */
    @Test
    void slidingReadsCombineAConstantNumberOfTimesWhateverTheWindowLength() {
        double[] perRead = new double[2];
        int[] panes = {10, 400};
        for (int w = 0; w < 2; w++) {
            String name = "stacks-" + UUID.randomUUID();
            echomq.testkit.MovableClock clock = new echomq.testkit.MovableClock(Snowflake.EPOCH_MS + 99_000_000L);
            RedisStreamAppend append = new RedisStreamAppend(SharedRedis.client(), new Snowflake(5, clock::millis));
            Counting c = new Counting();
            ProjectionReader reader = new ProjectionReader(c, c, clock, 100_000, 1000);
            StreamWindows fresh = new StreamWindows(c.range);
            Duration pane = Duration.ofMillis(100);
            Duration length = pane.multipliedBy(panes[w]);
            int i = 0;
            for (long t = 0; t < length.toMillis() + 500; t += 25) {
                append.append(StreamKey.of(Q, name), LinkedHashMap.of("i", Integer.toString(i++ % 977)));
                clock.advance(25);
            }
            reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(pane), MAX_I);
            long before = reader.metrics().combines();
            int reads = 800;
            for (int read = 0; read < reads; read++) {
                append.append(StreamKey.of(Q, name), LinkedHashMap.of("i", Integer.toString(i++ % 977)));
                clock.advance(25);
                Long got = reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(pane), MAX_I);
                if (read % 97 == 0) {
                    assertThat(got).as("read %d", read).isEqualTo(fresh.foldWindow(StreamKey.of(Q, name), Window.since(clock.instant().minus(length)), MAX_I));
                }
            }
            perRead[w] = (reader.metrics().combines() - before) / (double) reads;
        }
        System.out.printf("[stacks] combines per slide: %.2f with 10 panes, %.2f with 400%n", perRead[0], perRead[1]);
        assertThat(perRead[0]).isLessThan(12);
        assertThat(perRead[1]).isLessThan(12);
    }

    /**
     * Two sliding windows of different lengths with the same panes, read in turn: the short one must
     * not pop panes the long one still needs (the model test found this with seed
     * 7482919666060169955: the long window lost its sealed panes).
     */
    @Test
    void slidingWindowsOfTwoLengthsWithTheSamePanesDoNotShareTheirStacks() {
        String name = "two-lengths-" + UUID.randomUUID();
        echomq.testkit.MovableClock clock = new echomq.testkit.MovableClock(Snowflake.EPOCH_MS + 96_000_000L);
        RedisStreamAppend append = new RedisStreamAppend(SharedRedis.client(), new Snowflake(5, clock::millis));
        Counting c = new Counting();
        ProjectionReader reader = new ProjectionReader(c, c, clock, 1000, 1000);
        StreamWindows fresh = new StreamWindows(c.range);
        Duration pane = Duration.ofMillis(100);
        for (int i = 0; i < 400; i++) {
            append.append(StreamKey.of(Q, name), LinkedHashMap.of("i", Integer.toString(i)));
            clock.advance(10);
            if (i % 20 == 0) {
                for (Duration length : List.of(Duration.ofSeconds(3), Duration.ofMillis(500))) {
                    assertThat(reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(pane), MAX_OF_STEPS)).as("read %d, last %s", i, length)
                            .isEqualTo(fresh.foldWindow(StreamKey.of(Q, name), Window.since(clock.instant().minus(length)), MAX_OF_STEPS));
                    assertThat(reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(pane), IDS)).as("read %d, last %s", i, length)
                            .isEqualTo(fresh.foldWindow(StreamKey.of(Q, name), Window.since(clock.instant().minus(length)), IDS));
                }
            }
        }
    }

    /** 50 entries spread over one second, the clock moved past it. */
    private static void appendSecond(RedisStreamAppend append, String name, echomq.testkit.MovableClock clock) {
        List<LinkedHashMap<String, String>> batch = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            append.append(StreamKey.of(Q, name), LinkedHashMap.of("i", Integer.toString(i)));
            clock.advance(20);
        }
    }

    /**
     * The measured case of the issue, for every kind of reader: fold a window, delete the stream,
     * append again, read again. The reader must answer the fresh fold (3), not the cache plus the
     * new entries (13).
     */
    @Test
    void aStreamDeletedAndCreatedAgainBetweenReadsIsFoldedAfresh() {
        for (String how : List.of("DEL", "UNLINK", "RENAME", "RESTORE")) {
            String name = "recreated-" + how + "-" + UUID.randomUUID();
            StreamKey key = StreamKey.of(Q, name);
            echomq.testkit.MovableClock clock = new echomq.testkit.MovableClock(Snowflake.EPOCH_MS + 90_000_000L);
            RedisStreamAppend append = new RedisStreamAppend(SharedRedis.client(), new Snowflake(3, clock::millis));
            Counting c = new Counting();
            ProjectionReader reader = new ProjectionReader(c, c, clock, 100, 7);
            Window.Closed closed = Window.closed(clock.instant(), clock.instant().plusSeconds(3600));
            Window.Since open = Window.since(clock.instant());
            for (int i = 0; i < 10; i++) {
                append.append(StreamKey.of(Q, name), LinkedHashMap.of("i", Integer.toString(i)));
                clock.advance(1);
            }
            byte[] empty = null;
            if (how.equals("RESTORE")) {
                // an older copy of the stream: two entries only
                String old = StreamKey.of(Q, name + "-old").toString();
                SharedRedis.client().copy(key.toString(), old, true);
                SharedRedis.client().xtrim(old, redis.clients.jedis.params.XTrimParams.xTrimParams().maxLen(2));
                empty = SharedRedis.client().dump(old);
            }
            assertThat(reader.fold(StreamKey.of(Q, name), closed, IDS)).hasSize(10);
            assertThat(reader.fold(StreamKey.of(Q, name), open, IDS)).hasSize(10);
            assertThat(reader.fold(StreamKey.of(Q, name), Window.last(Duration.ofHours(1)).inPanesOf(Duration.ofMinutes(1)), IDS)).hasSize(10);
            switch (how) {
                case "DEL" -> SharedRedis.client().del(key.toString());
                case "UNLINK" -> SharedRedis.client().unlink(key.toString());
                case "RENAME" -> {
                    String other = StreamKey.of(Q, name + "-other").toString();
                    new RedisStreamAppend(SharedRedis.client(), new Snowflake(4, clock::millis))
                            .append(StreamKey.of(Q, name + "-other"), LinkedHashMap.of("o", "1"));
                    SharedRedis.client().rename(other, key.toString());
                }
                default -> SharedRedis.client().restore(key.toString(), 0, empty,
                        redis.clients.jedis.params.RestoreParams.restoreParams().replace());
            }
            for (int i = 0; i < 3; i++) {
                clock.advance(1);
                append.append(StreamKey.of(Q, name), LinkedHashMap.of("again", Integer.toString(i)));
            }
            StreamWindows fresh = new StreamWindows(c.range);
            Vector<StreamId> expected = fresh.foldWindow(StreamKey.of(Q, name), open, IDS);
            assertThat(expected.size()).as(how).isLessThan(10);
            assertThat(reader.fold(StreamKey.of(Q, name), closed, IDS)).as(how).isEqualTo(fresh.foldWindow(StreamKey.of(Q, name), closed, IDS));
            assertThat(reader.fold(StreamKey.of(Q, name), open, IDS)).as(how).isEqualTo(expected);
            assertThat(reader.fold(StreamKey.of(Q, name), Window.last(Duration.ofHours(1)).inPanesOf(Duration.ofMinutes(1)), IDS)).as(how)
                    .isEqualTo(fresh.foldWindow(StreamKey.of(Q, name), Window.since(clock.instant().minus(Duration.ofHours(1))), IDS));
        }
    }

    /** A master and a replica of its own, for restarts without persistence and failovers to a replica that is behind. */
    static final class Servers implements AutoCloseable {
        RedisServerProcess master = TestRedis.privateServer();
        RedisServerProcess replica = TestRedis.privateServer();
        volatile UnifiedJedis client = RedisConnections.connect(master.uri());
        UnifiedJedis replicaClient = RedisConnections.connect(replica.uri());

        Servers() {
            replicaOf(replicaClient, master.port());
        }

        UnifiedJedis master() {
            return client;
        }

        static void replicaOf(UnifiedJedis replica, int masterPort) {
            replica.executeCommand(new redis.clients.jedis.CommandArguments(Protocol.Command.REPLICAOF).add("127.0.0.1").add(masterPort));
        }

        /** The master dies and comes back empty (no persistence); its replica follows it into emptiness. */
        void restartMaster() {
            master.restart();
            client.close();
            client = RedisConnections.connect(master.uri());
        }

        /** The replica is promoted as it is (possibly behind); {@code meanwhile} runs on the old master first. */
        void failover(Runnable meanwhile) {
            replicaClient.executeCommand(new redis.clients.jedis.CommandArguments(Protocol.Command.REPLICAOF).add("NO").add("ONE"));
            meanwhile.run();
            RedisServerProcess oldMaster = master;
            UnifiedJedis oldClient = client;
            master = replica;
            client = replicaClient;
            replica = oldMaster;
            replicaClient = oldClient;
            replicaOf(replicaClient, master.port());
        }

        @Override
        public void close() {
            client.close();
            replicaClient.close();
            master.stop();
            replica.stop();
        }
    }

    /**
     * Thousands of random steps: appends, XDELs inside and outside windows, exact and approximate
     * trims; the stream deleted ({@code DEL}, {@code UNLINK}, expiry, {@code FLUSHDB}), replaced
     * ({@code RENAME} and {@code COPY} of another stream, {@code RESTORE} of an older dump), the
     * server restarted without persistence, a failover to a replica that is behind; and reads of
     * closed, open and sliding windows. After every read the cached answer equals a fresh fold.
     */
    @Test
    void modelBasedTheCachedAnswerAlwaysEqualsAFreshFold() {
        Random r = Seeded.random("ProjectionReaderTest.model");
        String name = "model-" + UUID.randomUUID();
        StreamKey key = StreamKey.of(Q, name);
        String other = StreamKey.of(Q, name + "-other").toString();
        echomq.testkit.MovableClock clock = new echomq.testkit.MovableClock(Snowflake.EPOCH_MS + 80_000_000L);
        Snowflake minter = new Snowflake(2, clock::millis);
        java.util.Map<String, Integer> replaced = new java.util.TreeMap<>();
        try (Servers servers = new Servers()) {
            Counting c = new Counting(servers::master);
            ProjectionReader reader = new ProjectionReader(c, c, clock, 64, 1 + r.nextInt(20));
            StreamWindows fresh = new StreamWindows(c.range);
            long origin = clock.ms();
            List<Window> pool = new ArrayList<>();
            byte[] dump = null;
            int reads = 0;
            int steps = Integer.getInteger("echomq.modelSteps", 5000);
            for (int step = 0; step < steps; step++) {
                UnifiedJedis jedis = servers.master();
                RedisStreamAppend append = new RedisStreamAppend(jedis, minter);
                int op = r.nextInt(100);
                long now = clock.ms();
                if (op < 35) {
                    int n = 1 + r.nextInt(4);
                    List<LinkedHashMap<String, String>> batch = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        batch.add(LinkedHashMap.of("s", Integer.toString(step)));
                    }
                    if (n == 1) {
                        append.append(StreamKey.of(Q, name), batch.get(0));
                    } else {
                        append.appendBatch(StreamKey.of(Q, name), batch);
                    }
                    clock.advance(r.nextInt(4));
                } else if (op < 42) {
                    List<StreamEntry> all = c.range.rangeFrom(key, StreamId.MIN, 100_000);
                    if (!all.isEmpty()) {
                        StreamId victim = all.get(r.nextInt(all.size())).id();
                        jedis.sendCommand(key.toString(), Protocol.Command.XDEL, key.toString(), victim.toString());
                    }
                } else if (op < 45) {
                    Instant horizon = Instant.ofEpochMilli(origin + r.nextInt((int) Math.max(1, now - origin + 1)) / 3);
                    new RedisStreamRetention(jedis).trim(StreamKey.of(Q, name), Retention.minAge(horizon, r.nextBoolean()));
                } else if (op < 47) {
                    new RedisStreamRetention(jedis).trim(StreamKey.of(Q, name), Retention.maxLen(50 + r.nextInt(200), r.nextBoolean()));
                } else if (op < 53) {
                    // the stream replaced or gone: each of these about once in 100 steps
                    String how = switch (op) {
                        case 47 -> r.nextBoolean() ? "DEL" : "UNLINK";
                        case 48 -> "expiry";
                        case 49 -> r.nextInt(3) == 0 ? "FLUSHDB" : "DUMP";
                        case 50 -> r.nextBoolean() ? "RENAME" : "COPY";
                        case 51 -> dump != null ? "RESTORE" : "DUMP";
                        default -> r.nextInt(4) == 0 ? (r.nextBoolean() ? "restart" : "failover") : "DUMP";
                    };
                    replaced.merge(how, 1, Integer::sum);
                    switch (how) {
                        case "DEL" -> jedis.del(key.toString());
                        case "UNLINK" -> jedis.unlink(key.toString());
                        case "expiry" -> {
                            jedis.pexpire(key.toString(), 1);
                            java.util.concurrent.locks.LockSupport.parkNanos(3_000_000L); // past the expiry
                        }
                        case "FLUSHDB" -> jedis.flushDB();
                        case "DUMP" -> dump = jedis.dump(key.toString());
                        case "RENAME", "COPY" -> {
                            RedisStreamAppend otherAppend = new RedisStreamAppend(jedis, minter);
                            for (int i = 0, n = 1 + r.nextInt(5); i < n; i++) {
                                otherAppend.append(StreamKey.of(Q, name + "-other"), LinkedHashMap.of("o", Integer.toString(step)));
                            }
                            if (how.equals("RENAME")) {
                                jedis.rename(other, key.toString());
                            } else {
                                jedis.copy(other, key.toString(), true);
                            }
                        }
                        case "RESTORE" -> jedis.restore(key.toString(), 0, dump,
                                redis.clients.jedis.params.RestoreParams.restoreParams().replace());
                        case "restart" -> servers.restartMaster();
                        default -> servers.failover(() -> {
                            // writes the promoted replica never sees, read (and cached) before the switch
                            for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
                                append.append(StreamKey.of(Q, name), LinkedHashMap.of("lost", Integer.toString(i)));
                            }
                            Window.Since w = Window.since(Instant.ofEpochMilli(origin));
                            assertThat(reader.fold(StreamKey.of(Q, name), w, IDS)).isEqualTo(fresh.foldWindow(StreamKey.of(Q, name), w, IDS));
                        });
                    }
                } else if (op < 58) {
                    clock.advance(1 + r.nextInt(30));
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
                    int kind = r.nextInt(12);
                    if (kind < 6) {
                        assertThat(reader.fold(StreamKey.of(Q, name), w, IDS)).as("step %d, %s", step, w)
                                .isEqualTo(fresh.foldWindow(StreamKey.of(Q, name), w, IDS));
                    } else if (kind >= 10) {
                        // a series with its buckets' encodings: sealed buckets (and their encodings) kept across steps
                        echomq.domain.window.Bucketed b;
                        if (r.nextBoolean() || !(w instanceof Window.Closed closed)) {
                            int which = r.nextInt(3);
                            b = echomq.domain.window.Buckets.tumbling(Duration.ofMillis(new int[] {7, 10, 25}[which]))
                                    .within(Window.last(Duration.ofMillis(new int[] {40, 150, 400}[which])));
                        } else {
                            b = echomq.domain.window.Buckets.tumbling(Duration.ofMillis(10)).within(closed);
                        }
                        echomq.engine.projection.EncodedSeries<Vector<StreamId>, String> got = reader.fold(StreamKey.of(Q, name), b, IDS, ENCODE);
                        echomq.domain.window.Series<Vector<StreamId>> expected = fresh.foldSeries(StreamKey.of(Q, name), b.buckets(),
                                b.at(clock.instant()), IDS);
                        assertThat(got.series()).as("step %d, series %s", step, b).isEqualTo(expected);
                        assertThat(got.encodings()).as("step %d, encodings of %s", step, b).isEqualTo(expected.buckets().map(ENCODE));
                    } else {
                        // mostly a few recurring windows, so running folds and pane stacks live across steps
                        Duration length;
                        Duration pane;
                        if (r.nextInt(4) == 0) {
                            length = Duration.ofMillis(10 + r.nextInt(300));
                            pane = Duration.ofMillis(1 + r.nextInt((int) length.toMillis()));
                        } else {
                            int which = r.nextInt(3);
                            length = Duration.ofMillis(new int[] {40, 150, 400}[which]);
                            pane = Duration.ofMillis(new int[] {7, 10, 25}[which]);
                        }
                        Window.Since since = Window.since(clock.instant().minus(length));
                        int f = r.nextInt(4);
                        String what = String.format("step %d, sliding %s / %s, fold %d", step, length, pane, f);
                        switch (f) {
                            case 0 -> assertThat(reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(pane), IDS)).as(what)
                                    .isEqualTo(fresh.foldWindow(StreamKey.of(Q, name), since, IDS));
                            case 1 -> assertThat(reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(pane), IDS_PLAIN)).as(what)
                                    .isEqualTo(fresh.foldWindow(StreamKey.of(Q, name), since, IDS_PLAIN));
                            case 2 -> assertThat(reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(pane), SUMS_OF_STEPS)).as(what)
                                    .isEqualTo(fresh.foldWindow(StreamKey.of(Q, name), since, SUMS_OF_STEPS));
                            default -> assertThat(reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(pane), MAX_OF_STEPS)).as(what)
                                    .isEqualTo(fresh.foldWindow(StreamKey.of(Q, name), since, MAX_OF_STEPS));
                        }
                        if (r.nextInt(3) == 0) {
                            // asked again at the same instant: the answer as it stood, if nothing changed, and still the fresh fold
                            assertThat(reader.fold(StreamKey.of(Q, name), Window.last(length).inPanesOf(pane), IDS)).as(what + ", again")
                                    .isEqualTo(fresh.foldWindow(StreamKey.of(Q, name), since, IDS));
                        }
                    }
                }
            }
            ProjectionReader.Metrics m = reader.metrics();
            System.out.println("[model] " + steps + " steps, " + reads + " reads, stream replaced or gone: " + replaced + "; " + m);
            assertThat(reads).isGreaterThan(steps / 3);
            assertThat(m.hits()).isPositive();
            assertThat(m.incrementalFolds()).isPositive();
            assertThat(m.fullFolds()).isPositive();
            assertThat(m.evictions()).isPositive();
            assertThat(m.newLineages()).isGreaterThan(10);
            assertThat(m.standing()).as("sliding answers served as they stood").isPositive();
            assertThat(m.bucketsKept()).as("sealed buckets served as kept").isPositive();
        }
    }

    /** A bucket as text: its window, count and ids. */
    static final java.util.function.Function<echomq.domain.window.Bucket<Vector<StreamId>>, String> ENCODE =
            b -> b.window() + " " + b.entries() + " " + b.value().mkString(",");
}
