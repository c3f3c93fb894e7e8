package echomq.domain.stream;

import echomq.domain.testing.Seeded;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rule of a writer's clock ahead of the store's: pure, on samples carried by the monotonic clock. */
class ClockBoundTest {

    static final long SERVER = 1_800_000_000_000L;

    @Test
    void aWriterIsRefusedExactlyWhenItIsFurtherAheadThanTheBound() {
        Random r = Seeded.random("ClockBoundTest.refuses");
        for (int c = 0; c < Seeded.CASES; c++) {
            long bound = 1 + r.nextInt(3_600_000);
            long sampledAt = r.nextLong(1L << 40);
            long elapsedMs = r.nextInt(20_000);
            long nanosNow = sampledAt + elapsedMs * 1_000_000L + r.nextInt(1_000_000);
            ClockBound.Sample s = new ClockBound.Sample(SERVER, sampledAt);
            long serverNow = SERVER + elapsedMs;
            long writer = serverNow + r.nextLong(-2 * bound, 2 * bound + 1);
            ClockBound b = new ClockBound(Duration.ofMillis(bound));
            String what = "bound " + bound + " ms, writer " + (writer - serverNow) + " ms ahead";
            assertThat(s.serverMsAt(nanosNow)).as(what).isEqualTo(serverNow);
            assertThat(b.aheadMs(writer, s, nanosNow)).as(what).isEqualTo(writer - serverNow);
            assertThat(b.refuses(writer, s, nanosNow)).as(what).isEqualTo(writer - serverNow > bound);
        }
    }

    @Test
    void edges() {
        ClockBound.Sample s = new ClockBound.Sample(SERVER, 0);
        ClockBound tenMinutes = ClockBound.DEFAULT;
        assertThat(tenMinutes.maxAhead()).isEqualTo(Duration.ofMinutes(10));
        assertThat(tenMinutes.refuses(SERVER + 600_000, s, 0)).as("at the bound").isFalse();
        assertThat(tenMinutes.refuses(SERVER + 600_001, s, 0)).as("a millisecond past it").isTrue();
        assertThat(tenMinutes.refuses(SERVER - Duration.ofDays(365).toMillis(), s, 0)).as("behind is never refused").isFalse();
        assertThat(s.staleAt(ClockBound.RESAMPLE_AFTER.toNanos())).isFalse();
        assertThat(s.staleAt(ClockBound.RESAMPLE_AFTER.toNanos() + 1)).isTrue();
        assertThat(new ClockBound.Sample(SERVER, 100).staleAt(99)).as("a monotonic clock that went back").isTrue();
        assertThatThrownBy(() -> new ClockBound(Duration.ZERO)).hasMessageContaining("PT0S");
        assertThatThrownBy(() -> new ClockBound(Duration.ofDays(367))).hasMessageContaining("PT8808H");
        assertThatThrownBy(() -> new ClockBound(Duration.ofMillis(-5))).hasMessageContaining("-0.005");
    }
}
