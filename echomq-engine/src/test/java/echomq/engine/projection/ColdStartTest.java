package echomq.engine.projection;

import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.checkpoint.StateCodec;
import echomq.domain.fold.CombinableFold;
import echomq.domain.id.StreamId;
import echomq.domain.window.Bucketed;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.InMemoryCheckpoints;

import io.vavr.collection.Vector;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a restarted reader folds: the sealed buckets of a series from their checkpoints, and a window
 * asked for twice at once folded once.
 */
class ColdStartTest {

    static final StateCodec<Long> LONG = new StateCodec<>() {
        @Override
        public String encode(Long value) {
            return Long.toString(value);
        }

        @Override
        public Long decode(String text) {
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a count: " + text, e);
            }
        }
    };

    /** A count that combines and is checkpointed, but cannot retract. */
    static final CombinableFold<Long> COUNTED = Checkpointable.of(CombinableFold.of("count-cp", 1, 0L, (n, e) -> n + 1, Long::sum), LONG);

    final ReaderFixture f = new ReaderFixture();
    final InMemoryCheckpoints store = new InMemoryCheckpoints(f.streams);

    ProjectionReader reader() {
        return new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 1_000, store, Duration.ofDays(1));
    }

    @Test
    void aRestartedReaderTakesTheSealedBucketsOfTheLastHourFromCheckpointsAndFoldsOnlyTheEdges() {
        Bucketed hour = Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(Duration.ofHours(1)));
        int perSecond = 10;
        // an hour and half a minute, ten entries a second: the hour's first bucket clipped, its last one open
        for (int i = 0; i < 3_600 * perSecond + 305; i++) {
            f.clock.advance(1000 / perSecond);
            f.append();
        }
        ProjectionReader first = reader();
        Series<Long> before = first.fold(ReaderFixture.KEY, hour, COUNTED);
        assertThat(first.metrics().checkpointsSaved()).as("sealed whole buckets saved").isGreaterThanOrEqualTo(57);

        ProjectionReader restarted = reader();
        Series<Long> after = restarted.fold(ReaderFixture.KEY, hour, COUNTED);
        assertThat(after).isEqualTo(before).isEqualTo(new StreamWindows(f.streams, f.clock)
                .foldSeries(ReaderFixture.KEY, hour.buckets(), hour.at(f.clock.instant()), COUNTED));
        assertThat(restarted.metrics().checkpointsLoaded()).isGreaterThanOrEqualTo(58);
        System.out.println("[cold start] 60 one-minute buckets after a restart: " + restarted.metrics().entriesFolded()
                + " of " + (3_600 * perSecond + 305) + " entries folded, " + restarted.metrics().checkpointsLoaded() + " buckets from checkpoints");
        // the clipped first bucket and the open last one: at most two minutes of entries, whatever the hour holds
        assertThat(restarted.metrics().entriesFolded()).isLessThanOrEqualTo(2L * 60 * perSecond);
    }

    @Test
    void thePanesOfASlidingWindowFoldedAsTheyGrewAreCheckpointedWhenTheySealAndARestartTakesThem() {
        Window.Sliding tenMinutes = Window.last(Duration.ofMinutes(10)).inPanesOf(Duration.ofMinutes(1));
        ProjectionReader live = reader();
        int perSecond = 10;
        for (int second = 0; second < 11 * 60; second++) { // read every second while it fills: each pane open, then sealed
            f.appendEvery(1000 / perSecond, perSecond);
            live.fold(ReaderFixture.KEY, tenMinutes, COUNTED);
        }
        // each pane folded on as it grew and kept when it sealed: never read whole again (only the trailing edge's pane is)
        assertThat(live.metrics().checkpointsSaved()).as("sealed panes saved").isGreaterThanOrEqualTo(9);
        assertThat(live.metrics().entriesFolded()).as("entries read by the live reader")
                .isLessThanOrEqualTo(11L * 60 * perSecond + 2L * 60 * perSecond);
        ProjectionReader restarted = reader();
        assertThat(restarted.fold(ReaderFixture.KEY, tenMinutes, COUNTED))
                .isEqualTo(new StreamWindows(f.streams, f.clock).foldWindow(ReaderFixture.KEY, tenMinutes, COUNTED));
        assertThat(restarted.metrics().checkpointsLoaded()).as("sealed panes from checkpoints").isGreaterThanOrEqualTo(8);
        // the trailing pane and the open one: at most two minutes of entries, not the ten
        assertThat(restarted.metrics().entriesFolded()).isLessThanOrEqualTo(2L * 60 * perSecond);
    }

    @Test
    void aFoldThatIsNotCheckpointableIsFoldedWholeAfterARestart() {
        Bucketed minute = Buckets.tumbling(Duration.ofSeconds(1)).within(Window.last(Duration.ofMinutes(1)));
        for (int i = 0; i < 600; i++) {
            f.clock.advance(100);
            f.append();
        }
        reader().fold(ReaderFixture.KEY, minute, ReaderFixture.COUNT);
        ProjectionReader restarted = reader();
        restarted.fold(ReaderFixture.KEY, minute, ReaderFixture.COUNT);
        assertThat(restarted.metrics().checkpointsLoaded()).isZero();
        assertThat(restarted.metrics().entriesFolded()).isGreaterThanOrEqualTo(590);
    }

    @Test
    void aCountedCheckpointReadsBackAndNamesWhatItCannotRead() {
        StateCodec<Counted<Long>> codec = Counted.codec(LONG);
        assertThat(codec.decode(codec.encode(new Counted<>(42, 7L)))).isEqualTo(new Counted<>(42, 7L));
        assertThat(codec.decode(codec.encode(new Counted<>(0, 0L)))).isEqualTo(new Counted<>(0, 0L));
        assertThatThrownBy(() -> codec.decode("12")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("12");
        assertThatThrownBy(() -> codec.decode("x 12")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bad count x");
        assertThatThrownBy(() -> codec.decode("-1 12")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
        assertThatThrownBy(() -> codec.decode("3 y")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a count: y");
        // a name too long for a checkpoint keeps its buckets in memory only, rather than failing the read
        CombinableFold<Long> longName = Checkpointable.of(CombinableFold.of("n".repeat(199), 1, 0L, (n, e) -> n + 1, Long::sum), LONG);
        assertThat(Counted.of(longName)).isNotInstanceOf(Checkpointable.class);
        assertThat(Counted.of(COUNTED)).isInstanceOf(Checkpointable.class);
        // checkpointed and invertible (the app's feed buckets, a tally of a count per player): the count is both
        CombinableFold<Long> both = Checkpointable.of(ReaderFixture.COUNT, LONG);
        assertThat(Counted.of(both)).isInstanceOf(Checkpointable.class).isInstanceOf(echomq.domain.fold.InvertibleFold.class);
        var counted = (echomq.domain.fold.InvertibleFold<Counted<Long>>) Counted.of(both);
        echomq.domain.stream.StreamEntry entry = f.append();
        assertThat(counted.retract(counted.step(new Counted<>(3, 3L), entry), entry)).isEqualTo(new Counted<>(3, 3L));
        // a name a checkpoint cannot hold as it is (the app's "scored-guesses by playerId+tally") is escaped, one to one
        CombinableFold<Long> spaced = Checkpointable.of(CombinableFold.of("a b:{c}%", 1, 0L, (n, e) -> n + 1, Long::sum), LONG);
        assertThat(Counted.of(spaced)).isInstanceOf(Checkpointable.class);
        assertThat(Counted.of(spaced).name()).isEqualTo("entries+a%20b%3a%7bc%7d%25");
        assertThat(Counted.escaped("a_b")).isNotEqualTo(Counted.escaped("a b")).isEqualTo("a_b");
        assertThat(Counted.escaped("é")).isEqualTo("%c3%a9");
    }

    @Test
    void aWindowAskedForTwiceAtOnceIsFoldedOnceAndTheSecondIsServedFromWhatTheFirstKept() throws Exception {
        for (int i = 0; i < 50; i++) {
            f.clock.advance(1);
            f.append();
        }
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean first = new AtomicBoolean(true);
        CombinableFold<Vector<StreamId>> slow = CombinableFold.of("slow-ids", 1, Vector.empty(), (acc, e) -> {
            if (first.compareAndSet(true, false)) {
                inside.countDown();
                await(release);
            }
            return acc.append(e.id());
        }, Vector::appendAll);
        ProjectionReader reader = reader();
        Window.Sliding last = Window.last(Duration.ofSeconds(10)).inPanesOf(Duration.ofSeconds(1));
        CompletableFuture<Vector<StreamId>> a = CompletableFuture.supplyAsync(() -> reader.fold(ReaderFixture.KEY, last, slow));
        assertThat(inside.await(10, TimeUnit.SECONDS)).as("the first read is folding").isTrue();
        Thread[] second = new Thread[1];
        CompletableFuture<Vector<StreamId>> b = new CompletableFuture<>();
        second[0] = new Thread(() -> b.complete(reader.fold(ReaderFixture.KEY, last, slow)), "second-read");
        second[0].start();
        // the second read waits for the first (parked on its flight), where it used to fold the window itself
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (second[0].getState() != Thread.State.WAITING && !b.isDone() && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        assertThat(b).as("the second read, while the first folds").isNotDone();
        // another window of the same fold does not wait for it
        Window.Closed other = Window.closed(Instant.ofEpochMilli(f.clock.ms() - 20), Instant.ofEpochMilli(f.clock.ms()));
        assertThat(CompletableFuture.supplyAsync(() -> reader.fold(ReaderFixture.KEY, other, slow)).get(10, TimeUnit.SECONDS)).hasSize(21);
        release.countDown();
        Vector<StreamId> fromA = a.get(10, TimeUnit.SECONDS);
        assertThat(b.get(10, TimeUnit.SECONDS)).isEqualTo(fromA).hasSize(50)
                .isEqualTo(new StreamWindows(f.streams, f.clock).foldWindow(ReaderFixture.KEY, last, slow));
        assertThat(reader.metrics().entriesFolded()).as("the window's 50 entries once, and the other window's 21").isEqualTo(50 + 21);
    }

    @Test
    void flightsHoldOnlyTheReadsUnderWay() throws Exception {
        Flights flights = new Flights();
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> a = CompletableFuture.supplyAsync(() -> flights.one(ReaderFixture.KEY, "w", ReaderFixture.IDS, () -> {
            inside.countDown();
            await(release);
            return "a";
        }));
        assertThat(inside.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(flights.underWay()).isEqualTo(1);
        release.countDown();
        assertThat(a.get(10, TimeUnit.SECONDS)).isEqualTo("a");
        assertThat(flights.underWay()).isZero();
        assertThatThrownBy(() -> flights.one(ReaderFixture.KEY, "w", ReaderFixture.IDS, () -> {
            throw new IllegalStateException("boom");
        })).hasMessage("boom");
        assertThat(flights.underWay()).as("a read that failed is gone too").isZero();
    }

    static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
