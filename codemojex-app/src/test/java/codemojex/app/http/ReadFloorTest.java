package codemojex.app.http;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The read floor's one decision: a request is under it when fewer bytes came than the rate for every second past the grace. */
class ReadFloorTest {

    static final long MS = 1_000_000L;

    @ParameterizedTest(name = "{0} bytes in {1} ms: under {2}")
    @CsvSource({
            // within the grace nothing is under, not even nothing
            "0, 0, false", "0, 1000, false", "1, 999, false",
            // past it, 1,024 bytes for every second past it
            "0, 1001, true", "1, 1001, true", "2, 1001, false", "2, 1002, true", "1023, 2000, true", "1024, 2000, false", "1025, 2000, false",
            "2, 3000, true", "2048, 3000, false", "4096, 5000, false", "4095, 5000, true",
            // a trickle of 1 byte a second is cut at its second byte after the grace
            "2, 2000, true", "3, 2999, true"
    })
    void underTheDefaultFloor(long bytes, long elapsedMs, boolean under) {
        assertThat(ReadFloor.DEFAULT.under(bytes, elapsedMs * MS)).isEqualTo(under);
    }

    @Test
    void aLongRequestAtTheFastestRateDoesNotOverflow() {
        ReadFloor fast = new ReadFloor(1_000_000, Duration.ZERO, Duration.ofSeconds(1));
        long aDay = Duration.ofDays(1).toNanos();
        assertThat(fast.under(86_400_000_000L, aDay)).isFalse();
        assertThat(fast.under(86_399_999_999L, aDay)).isTrue();
    }

    @Test
    void badFloorsAreRefusedNamingTheValue() {
        assertThatThrownBy(() -> new ReadFloor(0, Duration.ZERO, Duration.ofSeconds(1))).hasMessageContaining("got 0");
        assertThatThrownBy(() -> new ReadFloor(1_000_001, Duration.ZERO, Duration.ofSeconds(1))).hasMessageContaining("got 1000001");
        assertThatThrownBy(() -> new ReadFloor(1, Duration.ofSeconds(-1), Duration.ofSeconds(1))).hasMessageContaining("PT-1S");
        assertThatThrownBy(() -> new ReadFloor(1, Duration.ZERO, Duration.ofMillis(99))).hasMessageContaining("PT0.099S");
        assertThatThrownBy(() -> new ReadFloor(1, Duration.ZERO, Duration.ofMinutes(2))).hasMessageContaining("PT2M");
    }

    @Test
    void aClientIsToldTheFloorAndThePart() {
        TooSlow slow = new TooSlow("body", ReadFloor.DEFAULT);
        assertThat(slow.getCode()).isEqualTo(408);
        assertThat(slow.field).isEqualTo("body");
        assertThat(slow.getReason()).contains("body").contains("1024 bytes a second").contains("3000 ms");
        assertThat(TooSlow.in(new java.io.IOException(slow))).isSameAs(slow);
        assertThat(TooSlow.in(new java.io.IOException("other"))).isNull();
    }
}
