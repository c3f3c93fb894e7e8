package echomq.engine.projection;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.InMemoryCheckpoints;

import io.vavr.collection.Vector;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** Folds of fixed windows through the reader: kept, brought up to date, or folded afresh, never a different answer. */
class FoldCacheTest {

    final ReaderFixture f = new ReaderFixture();

    ProjectionReader reader() {
        return new ProjectionReader(f.streams, f.streams, f.clock, 100, 3);
    }

    Vector<StreamId> fresh(Window w) {
        return new StreamWindows(f.streams, f.clock).foldWindow(ReaderFixture.KEY, w, ReaderFixture.IDS);
    }

    @Test
    void anUnchangedStreamIsAHitAndAnAppendIsFoldedOnIncrementally() {
        for (int i = 0; i < 10; i++) {
            f.clock.advance(1);
            f.append();
        }
        ProjectionReader reader = reader();
        Window.Since all = Window.since(Instant.ofEpochMilli(f.clock.ms() - 100));
        assertThat(reader.fold(ReaderFixture.KEY, all, ReaderFixture.IDS)).isEqualTo(fresh(all)).hasSize(10);
        assertThat(reader.fold(ReaderFixture.KEY, all, ReaderFixture.IDS)).hasSize(10);
        assertThat(reader.metrics().hits()).isEqualTo(1);
        int ranges = f.streams.rangeCalls();
        f.clock.advance(1);
        f.append();
        assertThat(reader.fold(ReaderFixture.KEY, all, ReaderFixture.IDS)).isEqualTo(fresh(all)).hasSize(11);
        assertThat(reader.metrics().incrementalFolds()).isEqualTo(1);
        assertThat(reader.metrics().entriesFolded()).isEqualTo(11);
        // the new entry's page (and at most the look-ahead of the pager), not the four pages of a refold
        assertThat(f.streams.rangeCalls() - ranges).isLessThan(4);
    }

    @Test
    void aWindowAppendedToBetweenTheStateReadAndTheRangeReadIsKeptAndFoldedOnFromThere() {
        for (int i = 0; i < 10; i++) {
            f.clock.advance(1);
            f.append();
        }
        // a writer appends right after the reader's state read, before its range read, at every read: a live feed's open pane
        echomq.domain.stream.StreamRangePort racing = new echomq.domain.stream.StreamRangePort() {
            boolean raced;

            @Override
            public java.util.List<StreamEntry> range(echomq.domain.stream.StreamKey key, StreamId from, StreamId to, int count) {
                race();
                return f.streams.range(key, from, to, count);
            }

            @Override
            public java.util.List<StreamEntry> rangeFrom(echomq.domain.stream.StreamKey key, StreamId from, int count) {
                race();
                return f.streams.rangeFrom(key, from, count);
            }

            void race() {
                if (!raced) {
                    raced = true;
                    f.clock.advance(1);
                    f.append();
                }
            }
        };
        ProjectionReader reader = new ProjectionReader(racing, f.streams, f.clock, 100, 3);
        Window.Since all = Window.since(Instant.ofEpochMilli(f.clock.ms() - 100));
        // the window as the state read saw it: the entry that raced the read is left for the next one
        assertThat(reader.fold(ReaderFixture.KEY, all, ReaderFixture.IDS)).hasSize(10);
        assertThat(reader.metrics().cached()).as("kept, though an append raced the read").isEqualTo(1);
        assertThat(reader.fold(ReaderFixture.KEY, all, ReaderFixture.IDS)).isEqualTo(fresh(all)).hasSize(11);
        assertThat(reader.metrics().fullFolds()).isEqualTo(1);
        assertThat(reader.metrics().incrementalFolds()).isEqualTo(1);
        assertThat(reader.metrics().entriesFolded()).as("each entry folded once").isEqualTo(11);
    }

    @Test
    void aDeleteInsideTheWindowIsFoldedAfreshAndOneBelowItIsNot() {
        StreamEntry first = null;
        for (int i = 0; i < 10; i++) {
            f.clock.advance(10);
            StreamEntry e = f.append();
            first = first == null ? e : first;
        }
        ProjectionReader reader = reader();
        Window.Closed late = Window.closed(Instant.ofEpochMilli(f.clock.ms() - 45), Instant.ofEpochMilli(f.clock.ms()));
        assertThat(reader.fold(ReaderFixture.KEY, late, ReaderFixture.IDS)).hasSize(5);
        f.streams.delete(ReaderFixture.KEY, first.id()); // below the window
        assertThat(reader.fold(ReaderFixture.KEY, late, ReaderFixture.IDS)).isEqualTo(fresh(late));
        assertThat(reader.metrics().fullFolds()).isEqualTo(1);
        Vector<StreamId> before = fresh(late);
        f.streams.delete(ReaderFixture.KEY, before.get(2)); // inside it
        assertThat(reader.fold(ReaderFixture.KEY, late, ReaderFixture.IDS)).isEqualTo(fresh(late)).hasSize(4);
        assertThat(reader.metrics().fullFolds()).isEqualTo(2);
    }

    @Test
    void aStreamThatIsGoneIsTheEmptyFoldAndNothingIsKeptOfIt() {
        f.append();
        ProjectionReader reader = reader();
        Window.Since all = Window.since(Instant.EPOCH);
        assertThat(reader.fold(ReaderFixture.KEY, all, ReaderFixture.IDS)).hasSize(1);
        f.streams.drop(ReaderFixture.KEY);
        assertThat(reader.fold(ReaderFixture.KEY, all, ReaderFixture.IDS)).isEmpty();
        assertThat(reader.metrics().absentStreams()).isEqualTo(1);
        assertThat(reader.metrics().cached()).isZero();
    }

    @Test
    void aSealedWindowOfACheckpointableFoldIsTakenFromItsCheckpointAfterARestart() {
        for (int i = 0; i < 20; i++) {
            f.clock.advance(5);
            f.append();
        }
        var checkpoints = new InMemoryCheckpoints(f.streams);
        Window.Closed sealed = Window.closed(Instant.ofEpochMilli(f.clock.ms() - 60), Instant.ofEpochMilli(f.clock.ms() - 20));
        var counting = echomq.domain.checkpoint.Checkpointable.of(ReaderFixture.COUNT, new echomq.domain.checkpoint.StateCodec<Long>() {
            @Override
            public String encode(Long value) {
                return Long.toString(value);
            }

            @Override
            public Long decode(String text) {
                return Long.parseLong(text);
            }
        });
        ProjectionReader first = new ProjectionReader(f.streams, f.streams, f.clock, 100, 3, checkpoints, Duration.ofHours(1));
        long n = first.fold(ReaderFixture.KEY, sealed, counting);
        assertThat(first.metrics().checkpointsSaved()).isEqualTo(1);
        ProjectionReader restarted = new ProjectionReader(f.streams, f.streams, f.clock, 100, 3, checkpoints, Duration.ofHours(1));
        assertThat(restarted.fold(ReaderFixture.KEY, sealed, counting)).isEqualTo(n).isEqualTo(9L);
        assertThat(restarted.metrics().checkpointsLoaded()).isEqualTo(1);
        assertThat(restarted.metrics().entriesFolded()).isZero();
    }

    @Test
    void theCacheKeepsAtMostItsSizeAndCountsWhatItPushedOut() {
        f.append();
        ProjectionReader reader = new ProjectionReader(f.streams, f.streams, f.clock, 2, 3);
        for (int i = 0; i < 5; i++) {
            reader.fold(ReaderFixture.KEY, Window.since(Instant.ofEpochMilli(f.clock.ms() - i)), ReaderFixture.IDS);
        }
        assertThat(reader.metrics().cached()).isEqualTo(2);
        assertThat(reader.metrics().evictions()).isEqualTo(3);
    }
}
