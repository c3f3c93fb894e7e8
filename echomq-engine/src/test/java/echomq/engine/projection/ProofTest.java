package echomq.engine.projection;

import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamState;
import echomq.domain.window.Window;

import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** The pure rules of the proof, on states made by hand: each can say yes and each can say no. */
class ProofTest {

    static StreamState state(long length, long first, long last, long lastGenerated, long added, long maxDeleted) {
        return new StreamState(length, Option.some(StreamId.of(first, 0)), Option.some(StreamId.of(last, 0)),
                StreamId.of(lastGenerated, 0), Option.some(added), Option.some(StreamId.of(maxDeleted, 0)),
                Option.some(StreamId.of(first, 0)), Option.<BrandedId>none());
    }

    static final Window.Closed W = Window.closed(Instant.ofEpochMilli(100), Instant.ofEpochMilli(199));

    @Test
    void nothingDeletedWhenTheDeletedCountStayed() {
        StreamState then = state(10, 50, 150, 150, 10, 0);
        StreamState later = state(12, 50, 170, 170, 12, 0);
        assertThat(Proof.deletedInside(then, later, W)).isFalse();
    }

    @Test
    void anXdelAtOrAboveTheWindowsStartMayBeInside() {
        StreamState then = state(10, 50, 150, 150, 10, 0);
        assertThat(Proof.deletedInside(then, state(9, 50, 150, 150, 10, 120), W)).isTrue();
        // an XDEL below the window, and no trim into it: the window is untouched
        assertThat(Proof.deletedInside(then, state(9, 50, 150, 150, 10, 60), W)).isFalse();
    }

    @Test
    void aTrimPastTheWindowsStartMayBeInside() {
        StreamState then = state(10, 50, 150, 150, 10, 0);
        assertThat(Proof.deletedInside(then, state(5, 120, 150, 150, 10, 0), W)).isTrue();
        assertThat(Proof.deletedInside(then, state(8, 90, 150, 150, 10, 0), W)).isFalse();
    }

    @Test
    void withoutRedis7sCountersAnyChangeCountsAsADelete() {
        StreamState then = new StreamState(1, Option.some(StreamId.of(1, 0)), Option.some(StreamId.of(1, 0)), StreamId.of(1, 0),
                Option.none(), Option.none(), Option.none(), Option.none());
        StreamState moved = new StreamState(2, Option.some(StreamId.of(1, 0)), Option.some(StreamId.of(2, 0)), StreamId.of(2, 0),
                Option.none(), Option.none(), Option.none(), Option.none());
        assertThat(Proof.deletedInside(then, then, W)).isFalse();
        assertThat(Proof.deletedInside(then, moved, W)).isTrue();
    }

    @Test
    void nothingNewWhenTheTopStayedOrMovedOnlyAboveTheWindow() {
        StreamState at150 = state(10, 50, 150, 150, 10, 0);
        assertThat(Proof.nothingNew(at150, at150, W)).isTrue();
        assertThat(Proof.nothingNew(at150, state(11, 50, 180, 180, 11, 0), W)).isFalse();
        StreamState at250 = state(10, 50, 250, 250, 10, 0);
        assertThat(Proof.nothingNew(at250, state(11, 50, 260, 260, 11, 0), W)).isTrue();
        assertThat(Proof.nothingNew(at250, state(11, 50, 260, 260, 11, 0), Window.since(Instant.ofEpochMilli(100)))).isFalse();
    }

    @Test
    void aWindowIsSealedOnceTheTopIsPastItsEnd() {
        assertThat(Proof.sealed(W, state(1, 1, 1, 199, 1, 0))).isFalse();
        assertThat(Proof.sealed(W, state(1, 1, 1, 200, 1, 0))).isTrue();
        assertThat(Proof.sealed(Window.since(Instant.ofEpochMilli(100)), state(1, 1, 1, 10_000, 1, 0))).isFalse();
    }

    @Test
    void aFoldIsWithinTheStateItWasCheckedAgainstOnlyUpToItsTop() {
        StreamState s = state(1, 1, 150, 150, 1, 0);
        assertThat(Proof.withinState(Option.some(StreamId.of(150, 0)), s)).isTrue();
        assertThat(Proof.withinState(Option.some(StreamId.of(150, 1)), s)).isFalse();
        assertThat(Proof.withinState(Option.none(), s)).isTrue();
    }
}
