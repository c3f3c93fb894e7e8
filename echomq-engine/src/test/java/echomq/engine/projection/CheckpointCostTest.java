package echomq.engine.projection;

import echomq.domain.checkpoint.Checkpoint;
import echomq.domain.window.Bucketed;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.InMemoryCheckpoints;

import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checkpoints that cost what they hold (#54): an empty pane or bucket is not saved, and the
 * checkpoint of a pane or bucket of a sliding range lives until the range has slid past it, not for
 * the reader's whole ttl; a window asked for as it is keeps that ttl.
 */
class CheckpointCostTest {

    static final Duration DAY = Duration.ofDays(1);
    static final Duration HOUR = Duration.ofHours(1);

    final ReaderFixture f = new ReaderFixture();
    final InMemoryCheckpoints store = new InMemoryCheckpoints(f.streams);
    final ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 1_000, 1_000, store, DAY);

    /**
     * Entries in minutes 5, 17 and 42 of an hour, one more half a minute into minute 60 (it seals the
     * panes before it), and the clock at the start of minute 61: the last hour is minutes 1 to 60.
     */
    void threeBusyMinutes() {
        long t0 = (f.clock.ms() / 60_000 + 1) * 60_000;
        for (int minute : new int[] {5, 17, 42}) {
            f.clock.advance(t0 + minute * 60_000L + 1_000 - f.clock.ms());
            f.appendEvery(100, 20);
        }
        f.clock.advance(t0 + 60 * 60_000L + 30_000 - f.clock.ms());
        f.append();
        f.clock.advance(30_000);
    }

    @Test
    void aSlidingWindowSavesOnlyItsPanesWithEntriesEachUntilTheWindowHasSlidPastIt() {
        threeBusyMinutes();
        Window.Sliding lastHour = Window.last(HOUR).inPanesOf(Duration.ofMinutes(1));
        long answer = reader.fold(ReaderFixture.KEY, lastHour, ColdStartTest.COUNTED);

        assertThat(answer).isEqualTo(new StreamWindows(f.streams, f.clock).foldWindow(ReaderFixture.KEY, lastHour, ColdStartTest.COUNTED));
        assertThat(answer).isEqualTo(61);
        List<Checkpoint> saved = store.list(ReaderFixture.KEY);
        // 59 sealed panes, three with entries (minute 60, with the last entry, is open: folded, never saved)
        assertThat(saved).as("one checkpoint per sealed pane with entries, none for the empty ones").hasSize(3);
        assertThat(reader.metrics().checkpointsSaved()).isEqualTo(3);
        for (Checkpoint c : saved) {
            long end = c.window().upper().get().ms();
            Option<Duration> ttl = store.ttl(ReaderFixture.KEY, c.projection(), c.window());
            assertThat(ttl).as("the pane ending at %s", Instant.ofEpochMilli(end))
                    .contains(Duration.ofMillis(end + HOUR.toMillis() + 1_000 - f.clock.ms()));
            assertThat(ttl.get()).isLessThanOrEqualTo(HOUR.plusSeconds(1)).isPositive();
        }
    }

    @Test
    void aSeriesOverASlidingRangeSavesOnlyItsBucketsWithEntriesUntilTheRangeHasSlidPastThem() {
        threeBusyMinutes();
        Bucketed perMinute = Buckets.tumbling(Duration.ofMinutes(1)).within(Window.last(HOUR));
        Series<Long> series = reader.fold(ReaderFixture.KEY, perMinute, ColdStartTest.COUNTED);

        assertThat(series).isEqualTo(new StreamWindows(f.streams, f.clock)
                .foldSeries(ReaderFixture.KEY, perMinute.buckets(), perMinute.at(f.clock.instant()), ColdStartTest.COUNTED));
        assertThat(series.buckets().filter(b -> b.entries() > 0).map(b -> b.entries())).containsExactly(20L, 20L, 20L, 1L);
        List<Checkpoint> saved = store.list(ReaderFixture.KEY);
        // the three busy minutes; minute 60 holds the stream's last entry, so it is not sealed
        assertThat(saved).hasSize(3);
        assertThat(saved).allSatisfy(c -> assertThat(store.ttl(ReaderFixture.KEY, c.projection(), c.window()))
                .contains(Duration.ofMillis(c.window().upper().get().ms() + HOUR.toMillis() + 1_000 - f.clock.ms())));
    }

    @Test
    void aWindowAskedForAsItIsKeepsTheReadersTtlAndAnEmptyOneIsNotSaved() {
        threeBusyMinutes();
        Instant t1 = Instant.ofEpochMilli(f.clock.ms() - 60_000);
        Window.Closed busy = Window.closed(t1.minus(HOUR), t1);
        Window.Closed empty = Window.closed(t1.minus(HOUR.multipliedBy(3)), t1.minus(HOUR.multipliedBy(2)));
        assertThat(reader.fold(ReaderFixture.KEY, busy, ColdStartTest.COUNTED)).isPositive();
        assertThat(reader.fold(ReaderFixture.KEY, empty, ColdStartTest.COUNTED)).isZero();

        assertThat(store.ttl(ReaderFixture.KEY, ColdStartTest.COUNTED.name(), busy)).contains(DAY);
        assertThat(store.load(ReaderFixture.KEY, ColdStartTest.COUNTED.name(), empty)).isEmpty();
        assertThat(store.list(ReaderFixture.KEY)).hasSize(1);
    }
}
