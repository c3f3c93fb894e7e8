package echomq.sketches;

import echomq.domain.eventtime.LeftOut;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Bucket;
import echomq.domain.window.Bucketed;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.Window;
import echomq.engine.projection.ProjectionReader;
import echomq.redis.RedisConnections;
import echomq.redis.RedisStreamRange;
import echomq.redis.RedisStreamState;
import echomq.testkit.Seeded;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static echomq.sketches.EventTimeCases.Case;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ProjectionReader.byEventTime} on a real Redis (#57): seeded random streams (entries on time,
 * late, early, untimed, malformed, in each format) written as their ids come due; after each arrival
 * the reader's series and window by event time equal the brute force of the rule over every entry
 * written whose event time is settled (below the last id less the lateness: what no later write can
 * join), each bucket wholly settled equal to the brute force over the whole stream; a second read at
 * the same state folds nothing (kept, proved as by id); and a fresh reader counts the entries left
 * out of its read as the brute force counts those of the ids it reads.
 */
class ReaderByEventTimeRedisTest {

    static UnifiedJedis jedis;

    @BeforeAll
    static void connect() {
        jedis = RedisConnections.connect(TestRedis.uri());
    }

    @AfterAll
    static void close() {
        jedis.close();
    }

    static Stream<Case> cases() {
        long base = Seeded.seed("ReaderByEventTimeRedisTest");
        return LongStream.range(0, Math.max(1, Math.min(Seeded.CASES, 20))).mapToObj(i -> EventTimeCases.random(base + i, 200));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theReaderByEventTimeAnswersTheSettledBruteForce(Case c) {
        StreamKey key = StreamKey.existing("orders:reader:" + java.util.UUID.randomUUID());
        List<StreamEntry> events = EventTimeCases.byEventTime(c);
        long lateness = c.time().lateness().toMillis();
        long from = EventTimeCases.T - 120_000;
        long to = c.clocks().get(c.clocks().size() - 1) + c.width();
        long width = c.width() * Math.max(1, (to - from) / c.width() / 2_000 + 1);   // at most about 2,000 buckets
        Bucketed grid = Buckets.tumbling(Duration.ofMillis(width)).within(Window.closed(Instant.ofEpochMilli(from), Instant.ofEpochMilli(to)));
        Window.Closed whole = Window.closed(Instant.ofEpochMilli(from), Instant.ofEpochMilli(to));
        Clock clock = Clock.fixed(Instant.ofEpochMilli(to), ZoneOffset.UTC);
        LeftOut.Tally missed = new LeftOut.Tally();
        ProjectionReader byTs = new ProjectionReader(new RedisStreamRange(jedis), new RedisStreamState(jedis), clock, 10_000)
                .byEventTime(c.time(), missed);   // room for every bucket: a re-read is then a hit
        int next = 0;
        long settled = -1;
        for (long now : c.clocks()) {
            next = arrive(c, key, next, now);
            settled = next == 0 ? -1 : c.stream().get(next - 1).id().ms() - lateness - 1;
            long upTo = settled;
            List<StreamEntry> known = events.stream().filter(e -> e.id().ms() <= upTo).toList();
            Series<AggregateState> s = byTs.fold(key, grid, EventTimeCases.FOLDS.fold());
            for (Bucket<AggregateState> b : s.buckets()) {
                assertThat(b.value()).as("%s, clock %d, bucket %s", c, now, b.window()).isEqualTo(EventTimeCases.fold(known, b.window()));
                if (b.window().t1().toEpochMilli() <= settled) {
                    assertThat(b.value()).as("a settled bucket is the whole stream's").isEqualTo(EventTimeCases.fold(events, b.window()));
                }
            }
            assertThat(byTs.fold(key, (Window) whole, EventTimeCases.FOLDS.fold())).isEqualTo(EventTimeCases.fold(known, whole));
            ProjectionReader.Metrics before = byTs.metrics();
            assertThat(byTs.fold(key, grid, EventTimeCases.FOLDS.fold())).isEqualTo(s);
            assertThat(byTs.metrics().entriesFolded()).as("the same state read again folds nothing: %s then %s, settled %d, width %d", before,
                    byTs.metrics(), settled, width).isEqualTo(before.entriesFolded());
        }
        // a fresh reader's one read of the whole window: the entries left out among the ids it read ([from, settled])
        LeftOut.Tally once = new LeftOut.Tally();
        new ProjectionReader(new RedisStreamRange(jedis), new RedisStreamState(jedis), clock, 1_000).byEventTime(c.time(), once)
                .fold(key, (Window) whole, EventTimeCases.FOLDS.fold());
        long last = settled;
        LeftOut expected = LeftOut.NONE;
        for (StreamEntry e : c.stream()) {
            if (e.id().ms() >= from && e.id().ms() <= last) {
                expected = EventTimeCases.leftOut(c, e).map(expected::plus).getOrElse(expected);
            }
        }
        assertThat(once.counts()).as("%s: left out of the read", c).isEqualTo(expected);
        jedis.del(key.toString());
    }

    /** Writes the case's entries of ids up to {@code clock} from {@code next} on, at their ids; the next one's index. */
    static int arrive(Case c, StreamKey key, int next, long clock) {
        int i = next;
        while (i < c.stream().size() && c.stream().get(i).id().ms() <= clock) {
            StreamEntry e = c.stream().get(i++);
            java.util.LinkedHashMap<String, String> fields = new java.util.LinkedHashMap<>();
            e.forEachField(fields::put);
            jedis.xadd(key.toString(), redis.clients.jedis.params.XAddParams.xAddParams().id(e.id().toString()), fields);
        }
        return i;
    }
}
