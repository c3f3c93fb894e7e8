package echomq.engine.retention;

import echomq.domain.id.StreamId;
import echomq.domain.retention.Retention;
import echomq.domain.retention.RetentionPolicy;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;

import io.vavr.collection.HashMap;
import io.vavr.control.Either;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RetentionDriverTest {

    static final Instant NOW = Instant.parse("2026-06-01T12:00:00.123456Z");
    static final StreamKey SCORED = StreamKey.of("cm", "guess-scored");
    static final StreamKey OPENED = StreamKey.of("cm", "room-opened");

    @Test
    void theDriverTrimsWhatIsDueAndReportsFailuresWithoutStoppingTheOthers() {
        AtomicReference<Instant> now = new AtomicReference<>(NOW);
        Clock clock = new Clock() {
            @Override
            public java.time.ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now.get();
            }
        };
        List<String> trims = new ArrayList<>();
        StreamRetentionPort port = new StreamRetentionPort() {
            @Override
            public long trim(StreamKey stream, Retention retention) {
                trims.add(stream.name() + " " + retention);
                if (stream.name().equals("room-opened") && trims.size() < 3) {
                    throw new StreamStoreException.Unavailable("emq:{cm}:stream:room-opened", "down", null);
                }
                return 4;
            }

            @Override
            public io.vavr.control.Option<echomq.domain.id.StreamId> newestFrom(StreamKey stream, long n) {
                throw new AssertionError("the policy's trims are MINID and MAXLEN as declared; no reader is heard here");
            }
        };
        List<io.vavr.collection.List<RetentionDriver.Outcome>> reported = new ArrayList<>();
        RetentionDriver driver = new RetentionDriver(RetentionPolicy.of(
                RetentionPolicy.keepAge(SCORED, Duration.ofHours(1), Duration.ofMinutes(1)),
                RetentionPolicy.keepNewest(OPENED, 10, Duration.ofMinutes(1))), port, clock, reported::add);

        var first = driver.runOnce();
        assertThat(first).hasSize(2);
        assertThat(first.get(0).removed()).isEqualTo(Either.right(4L));
        assertThat(first.get(1).removed().isLeft()).isTrue();
        // the failed stream is due again at once; the trimmed one waits for its interval
        var second = driver.runOnce();
        assertThat(second).extracting(o -> o.trim().stream()).containsExactly(OPENED);
        assertThat(second.get(0).removed()).isEqualTo(Either.right(4L));
        assertThat(driver.runOnce()).isEmpty();
        now.set(NOW.plusSeconds(60));
        assertThat(driver.runOnce()).hasSize(2);
        assertThat(reported).hasSize(4);
        assertThat(trims.get(0)).isEqualTo("guess-scored " + Retention.minAge(NOW.minus(Duration.ofHours(1)), true));
    }
}
