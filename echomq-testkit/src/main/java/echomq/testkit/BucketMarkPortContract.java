package echomq.testkit;

import echomq.domain.closing.BucketMarkPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Window;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The contract of every {@link BucketMarkPort}: a mark reads back as it was kept, per stream and
 * per subscription, the last one kept wins, and bad names are refused before any store.
 * <pre>{@code
 * class MyMarksContractTest extends BucketMarkPortContract {
 *     protected BucketMarkPort marks() { return new MyBucketMarks(client); }
 * }
 * }</pre>
 */
public abstract class BucketMarkPortContract {

    /** For a subclass: one per implementation. */
    public BucketMarkPortContract() {
    }

    /**
     * The port under test.
     *
     * @return the implementation's bucket marks
     */
    protected abstract BucketMarkPort marks();

    private static StreamKey freshStream() {
        return StreamKey.of("marks", "s-" + UUID.randomUUID());
    }

    private static Window.Closed minute(int m) {
        Instant t = Instant.parse("2026-12-04T10:00:00Z").plusSeconds(60L * m);
        return Window.closed(t, t.plusSeconds(60).minusMillis(1));
    }

    @Test
    void aMarkReadsBackAsKeptAndTheLastKeptWins() {
        StreamKey s = freshStream();
        assertThat(marks().last(s, "chart")).isEmpty();
        marks().handedOut(s, "chart", minute(0));
        assertThat(marks().last(s, "chart")).contains(minute(0));
        marks().handedOut(s, "chart", minute(1));
        assertThat(marks().last(s, "chart")).contains(minute(1));
    }

    @Test
    void marksArePerStreamAndPerSubscription() {
        StreamKey a = freshStream();
        StreamKey b = freshStream();
        marks().handedOut(a, "chart", minute(3));
        marks().handedOut(a, "mail", minute(5));
        assertThat(marks().last(a, "chart")).contains(minute(3));
        assertThat(marks().last(a, "mail")).contains(minute(5));
        assertThat(marks().last(b, "chart")).isEmpty();
    }

    @Test
    void theFirstAndLastMillisecondsOfTheIdRangeAreKept() {
        StreamKey s = freshStream();
        Window.Closed edge = Window.closed(Instant.EPOCH, Instant.ofEpochMilli(Long.MAX_VALUE));
        marks().handedOut(s, "edge", edge);
        assertThat(marks().last(s, "edge")).contains(edge);
    }

    @Test
    void badNamesAreRefusedBeforeAnyStore() {
        StreamKey s = freshStream();
        assertThatThrownBy(() -> marks().handedOut(s, "", minute(0))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("subscription name ''");
        assertThatThrownBy(() -> marks().last(s, "x\u0000y")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> marks().handedOut(s, "a".repeat(201), minute(0))).isInstanceOf(IllegalArgumentException.class);
        assertThat(marks().last(s, "a".repeat(200))).isEmpty();
    }
}
