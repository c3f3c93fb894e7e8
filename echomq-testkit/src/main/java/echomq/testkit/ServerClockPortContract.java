package echomq.testkit;

import echomq.domain.closing.ServerClockPort;
import echomq.domain.stream.StreamKey;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract of every {@link ServerClockPort}: it answers the store's time, which does not go
 * back between two calls and is near the time the test sees (the store runs on this machine).
 * <pre>{@code
 * class MyClockContractTest extends ServerClockPortContract {
 *     protected ServerClockPort clock() { return new MyServerClock(client); }
 * }
 * }</pre>
 */
public abstract class ServerClockPortContract {

    /** For a subclass: one per implementation. */
    public ServerClockPortContract() {
    }

    /**
     * The port under test.
     *
     * @return the implementation's server clock
     */
    protected abstract ServerClockPort clock();

    @Test
    void theServersTimeMovesOnAndIsNearThisMachines() throws InterruptedException {
        StreamKey s = StreamKey.of("clock", "s");
        Instant first = clock().now(s);
        Thread.sleep(5);
        Instant second = clock().now(StreamKey.of("clock-other", "s"));
        assertThat(second).isAfterOrEqualTo(first);
        assertThat(Duration.between(first, Instant.now()).abs()).isLessThan(Duration.ofMinutes(1));
    }
}
