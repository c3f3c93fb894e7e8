package echomq.sketches;

import echomq.domain.closing.ServerClockPort;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.id.StreamId;
import echomq.domain.rollup.RollupSpec;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.domain.window.Window;
import echomq.engine.live.ClosingBuckets;
import echomq.engine.rollup.Rollup;
import echomq.engine.rollup.RollupReport;
import echomq.testkit.InMemoryBucketMarks;
import echomq.testkit.InMemoryStreams;
import echomq.testkit.Seeded;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static echomq.sketches.EventTimeCases.Case;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rollups and closing buckets by event time against the brute force of the rule (#57), in memory,
 * on a store's clock the test moves: the source written as its ids come due, rolled up at each
 * clock (by the same rollup, or a restarted one), the target equal to the brute-force rollup of the
 * buckets closed by then ({@code t1 + L + skew} passed), the stream of left-out entries equal to
 * every entry the rule leaves out up to the last closed bucket, each once, in id order; a rollup of
 * the rollup equal to the direct rollup by event time; closing buckets equal to the brute-force
 * buckets, each left-out entry told once.
 */
class EventTimeRollupPropertiesTest {

    static final StreamKey SOURCE = StreamKey.existing("orders");
    static final StreamKey TARGET = StreamKey.existing("orders:w");
    static final StreamKey LATE = StreamKey.existing("orders:late");
    static final StreamKey COARSE_OF_TARGET = StreamKey.existing("orders:w:4w");
    static final StreamKey COARSE = StreamKey.existing("orders:4w");

    static Stream<Case> cases() {
        long base = Seeded.seed("EventTimeRollupPropertiesTest");
        return LongStream.range(0, Math.max(1, Seeded.CASES / 8)).mapToObj(i -> EventTimeCases.random(base + i, 200));
    }

    /** Appends every entry of the case whose id's millisecond is at or before {@code clock}, as the store would have them by then. */
    static int arrive(Case c, InMemoryStreams s, int next, long clock) {
        int i = next;
        while (i < c.stream().size() && c.stream().get(i).id().ms() <= clock) {
            StreamEntry e = c.stream().get(i++);
            assertThat(s.appendAt(SOURCE, e.id(), e.fields()).appended()).isTrue();
        }
        return i;
    }

    static List<StreamEntry> all(InMemoryStreams s, StreamKey key) {
        return s.rangeFrom(key, StreamId.MIN, 1_000_000);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aRollupByEventTimeIsTheBruteForceRollupAndItsLateStreamEveryEntryLeftOutOnce(Case c) {
        InMemoryStreams s = new InMemoryStreams();
        AtomicLong now = new AtomicLong();
        ServerClockPort clock = key -> Instant.ofEpochMilli(now.get());
        RollupSpec spec = RollupSpec.of(SOURCE, TARGET, c.buckets(), c.skew()).byEventTime(c.time()).lateInto(LATE);
        Random r = new Random(c.seed());
        Rollup<AggregateState> rollup = new Rollup<>(spec, EventTimeCases.FOLDS.rollup(), s, s, s, clock);
        List<StreamEntry> events = EventTimeCases.byEventTime(c);
        int arrived = 0;
        long copied = 0;
        for (long at : c.clocks()) {
            now.set(at);
            arrived = arrive(c, s, arrived, at);
            if (r.nextInt(3) == 0) {
                rollup = new Rollup<>(spec, EventTimeCases.FOLDS.rollup(), s, s, s, clock); // a restart: nothing kept but the streams
            }
            RollupReport report = rollup.once();
            copied += report.lateCopied();
            long upTo = EventTimeCases.closedUpTo(c, at);
            assertThat(all(s, TARGET)).as("the target at %d", at).isEqualTo(EventTimeCases.target(c, events, at));
            assertThat(all(s, LATE)).as("the left-out entries at %d", at).isEqualTo(EventTimeCases.copies(c, upTo));
            assertThat(copied).isEqualTo(all(s, LATE).size());
            assertThat(report.written()).isEqualTo(all(s, TARGET).stream().filter(e -> report.lastWritten().isDefined()
                    && report.resumedAfter().forAll(b -> e.id().ms() > b.t1().toEpochMilli())).count());
        }
        // a rerun changes nothing and writes nothing twice
        RollupReport again = new Rollup<>(spec, EventTimeCases.FOLDS.rollup(), s, s, s, clock).once();
        assertThat(again.written()).isZero();
        assertThat(again.lateCopied()).isZero();
        assertThat(all(s, LATE)).isEqualTo(EventTimeCases.copies(c, Long.MAX_VALUE));

        // a rollup of the rollup (by its ids: they are the buckets' event times) equals the direct rollup by event time
        Buckets coarse = Buckets.tumbling(Duration.ofMillis(4 * c.width()));
        now.addAndGet(8 * c.width() + c.time().lead().toMillis()); // every coarse bucket closed too
        // and every fine one: the rollup of the rollup reads the fine buckets, so they are written first (a fine bucket
        // closing only now, its lateness past, is in the direct coarse rollup and must be in the target too)
        new Rollup<>(spec, EventTimeCases.FOLDS.rollup(), s, s, s, clock).once();
        new Rollup<>(RollupSpec.of(TARGET, COARSE_OF_TARGET, coarse, c.skew()), EventTimeCases.FOLDS.rollup(), s, s, s, clock).once();
        new Rollup<>(RollupSpec.of(SOURCE, COARSE, coarse, c.skew()).byEventTime(c.time()), EventTimeCases.FOLDS.rollup(), s, s, s, clock).once();
        assertThat(all(s, COARSE_OF_TARGET)).isEqualTo(all(s, COARSE));
        assertThat(all(s, COARSE).stream().mapToLong(e -> Long.parseLong(e.field("entries").get())).sum())
                .isEqualTo(EventTimeCases.byEventTime(c).size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void closingBucketsByEventTimeAreTheBruteForceBucketsAndTellEachLeftOutEntryOnce(Case c) {
        InMemoryStreams s = new InMemoryStreams();
        AtomicLong now = new AtomicLong();
        List<Bucket<AggregateState>> handed = new ArrayList<>();
        List<StreamEntry> told = new ArrayList<>();
        ClosingBuckets closing = new ClosingBuckets(s, key -> Instant.ofEpochMilli(now.get()), new InMemoryBucketMarks())
                .byEventTime(c.time(), (e, why) -> told.add(e));
        long from = (c.stream().isEmpty() ? EventTimeCases.T : c.stream().get(0).id().ms()) + new Random(c.seed()).nextInt(10_000) - 5_000;
        ClosingBuckets.Subscription sub = closing.subscribe(SOURCE, "chart", c.buckets(), Instant.ofEpochMilli(from), c.skew(),
                EventTimeCases.FOLDS.fold(), handed::add);
        List<StreamEntry> events = EventTimeCases.byEventTime(c);
        int arrived = 0;
        int checked = 0;
        for (long at : c.clocks()) {
            now.set(at);
            arrived = arrive(c, s, arrived, at);
            while (sub.pass() > 0) {
                // a pass hands out at most ClosingBuckets.PER_PASS buckets
            }
            long upTo = EventTimeCases.closedUpTo(c, at);
            List<Window.Closed> expected = upTo < from ? List.of()
                    : c.buckets().over(Window.closed(Instant.ofEpochMilli(from), Instant.ofEpochMilli(upTo))).toJavaList();
            assertThat(handed).extracting(Bucket::window).as("the buckets closed at %d", at).isEqualTo(expected);
            for (Bucket<AggregateState> b : handed.subList(checked, handed.size())) {
                assertThat(b.value()).as("bucket %s", b.window()).isEqualTo(EventTimeCases.fold(events, b.window()));
            }
            checked = handed.size();
            List<StreamEntry> leftOut = EventTimeCases.copies(c, upTo).stream().filter(e -> e.id().ms() >= from).toList();
            assertThat(told).extracting(StreamEntry::id).isEqualTo(leftOut.stream().map(StreamEntry::id).toList());
            assertThat(told.stream().map(e -> EventTimeCases.leftOut(c, e).get()).reduce(LeftOut.NONE, LeftOut::plus, LeftOut::plus))
                    .isEqualTo(EventTimeCases.counts(c, from, upTo));
        }
    }
}
