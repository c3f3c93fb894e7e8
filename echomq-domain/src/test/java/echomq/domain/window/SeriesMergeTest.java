package echomq.domain.window;

import io.vavr.collection.List;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link Series#merge}: buckets are matched by their windows, never paired by position. */
class SeriesMergeTest {

    static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

    static Series<Long> series(Window.Closed range, long each) {
        return new Series<>(Buckets.tumbling(Duration.ofMinutes(1)).over(range).map(w -> new Bucket<>(w, each, each * 10)));
    }

    @Test
    void seriesCutAlikeAreMergedBucketByBucket() {
        Window.Closed range = Window.closed(T, T.plusSeconds(180).minusMillis(1));
        Series<Long> merged = series(range, 1).merge(series(range, 2), Long::sum);
        assertThat(merged.buckets().map(Bucket::entries)).containsExactly(3L, 3L, 3L);
        assertThat(merged.buckets().map(Bucket::value)).containsExactly(30L, 30L, 30L);
    }

    @Test
    void seriesOverAnotherRangeAreRefusedNamingTheBucket() {
        Series<Long> a = series(Window.closed(T, T.plusSeconds(180).minusMillis(1)), 1);
        Series<Long> b = series(Window.closed(T.plusSeconds(60), T.plusSeconds(240).minusMillis(1)), 1);
        assertThatThrownBy(() -> a.merge(b, Long::sum)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bucket " + Window.closed(T, T.plusSeconds(60).minusMillis(1)))
                .hasMessageContaining("not cut alike");
    }

    @Test
    void seriesOfAnotherLengthAreRefusedNamingBothCounts() {
        Series<Long> a = series(Window.closed(T, T.plusSeconds(180).minusMillis(1)), 1);
        Series<Long> b = new Series<>(List.of(a.buckets().head()));
        assertThatThrownBy(() -> a.merge(b, Long::sum)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("3 buckets").hasMessageContaining("one of 1");
    }
}
