package codemojex.app.http;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pings of the open event streams: a client whose comment cannot be sent, or that left, is
 * released, and the others are pinged all the same, at this ping and the next.
 */
class TrafficTest {

    /** A stream that counts its pings and releases; {@code failing} throws as a broken connection's write does. */
    static final class Counted implements EventStream {
        final boolean failing;
        final AtomicInteger pings = new AtomicInteger();
        final AtomicInteger releases = new AtomicInteger();
        volatile boolean left;

        Counted(boolean failing) {
            this.failing = failing;
        }

        @Override
        public boolean terminated() {
            return left || releases.get() > 0;
        }

        @Override
        public void ping() {
            pings.incrementAndGet();
            if (failing) {
                throw new IllegalStateException("the response was recycled");
            }
        }

        @Override
        public void release() {
            releases.incrementAndGet();
        }
    }

    @Test
    void aClientWhoseSendThrowsDoesNotStopThePingsToTheOthers() {
        Traffic traffic = new Traffic();
        Counted before = new Counted(false);
        Counted failing = new Counted(true);
        Counted after = new Counted(false);
        Counted gone = new Counted(false);
        gone.left = true;
        for (Counted c : new Counted[] {before, failing, after, gone}) {
            traffic.streams.add(c);
        }

        assertThat(traffic.ping()).isEqualTo(2);
        assertThat(traffic.ping()).isEqualTo(2);

        assertThat(before.pings).hasValue(2);
        assertThat(after.pings).hasValue(2);
        // the failing one tried once and was let go of with what it held; the one that left, within one ping
        assertThat(failing.pings).hasValue(1);
        assertThat(failing.releases).hasValue(1);
        assertThat(gone.pings).hasValue(0);
        assertThat(gone.releases).hasValue(1);
        assertThat(traffic.streams()).isEqualTo(2);
    }

    @Test
    void aReleaseThatThrowsStopsNoPingEither() {
        Traffic traffic = new Traffic();
        Counted ok = new Counted(false);
        EventStream broken = new EventStream() {
            @Override
            public boolean terminated() {
                return true;
            }

            @Override
            public void ping() {
                throw new AssertionError("a terminated stream is not pinged");
            }

            @Override
            public void release() {
                throw new IllegalStateException("already closed");
            }
        };
        traffic.streams.add(broken);
        traffic.streams.add(ok);
        assertThat(traffic.ping()).isEqualTo(1);
        assertThat(traffic.ping()).isEqualTo(1);
        assertThat(ok.pings).hasValue(2);
        assertThat(traffic.streams()).isEqualTo(1);
    }
}
