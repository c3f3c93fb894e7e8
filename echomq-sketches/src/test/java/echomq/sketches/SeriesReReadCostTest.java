package echomq.sketches;

import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Bucketed;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.engine.projection.ProjectionReader;
import echomq.testkit.InMemoryStreams;
import echomq.testkit.MovableClock;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A p90 series re-read every second folds what came in and what slid out, not the range: the goal
 * of issue #49 (at most 2 × (new + expired) entries a read, on average), in entries folded, not time.
 */
class SeriesReReadCostTest {

    @Test
    void aP90SeriesReReadEverySecondFoldsAtMostTwiceWhatMoved() {
        InMemoryStreams streams = new InMemoryStreams();
        MovableClock clock = new MovableClock(Snowflake.EPOCH_MS + 3_600_000);
        Snowflake minter = new Snowflake(9, clock::ms);
        StreamKey key = StreamKey.of("sk", "p90");
        Random r = new Random(49);
        Checkpointable<QuantileState> p90 = Quantiles.of("p90", "ms", 2, 1_000_000L);
        Bucketed minute = Buckets.tumbling(Duration.ofSeconds(1)).within(Window.last(Duration.ofMinutes(1)));
        for (int s = 0; s < 60; s++) { // a minute in the stream, read once; the reads below are the re-reads
            for (int i = 0; i < 50; i++) {
                clock.advance(20);
                streams.append(key, minter.nextId(), LinkedHashMap.of("ms", Long.toString(r.nextInt(1_000_000))));
            }
        }
        ProjectionReader reader = new ProjectionReader(streams, streams, clock, 1_000, 100);
        reader.fold(key, minute, p90);
        long warm = reader.metrics().entriesFolded();
        int reads = 120;
        for (int s = 0; s < reads; s++) {
            for (int i = 0; i < 50; i++) {
                clock.advance(20);
                streams.append(key, minter.nextId(), LinkedHashMap.of("ms", Long.toString(r.nextInt(1_000_000))));
            }
            Series<QuantileState> cached = reader.fold(key, minute, p90);
            if (s % 20 == 0) {
                Series<QuantileState> fresh = new StreamWindows(streams, clock).foldSeries(key, minute.buckets(),
                        minute.at(clock.instant()), p90);
                assertThat(cached).isEqualTo(fresh);
            }
        }
        double perRead = (double) (reader.metrics().entriesFolded() - warm) / reads;
        System.out.printf("[p90 series] entries folded per re-read: %.1f (50 new + 50 slid out; goal <= 200)%n", perRead);
        assertThat(perRead).isLessThanOrEqualTo(2 * (50 + 50));
    }
}
