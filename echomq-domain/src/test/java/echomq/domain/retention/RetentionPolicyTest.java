package echomq.domain.retention;

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

class RetentionPolicyTest {

    static final Instant NOW = Instant.parse("2026-06-01T12:00:00.123456Z");
    static final StreamKey SCORED = StreamKey.of("cm", "guess-scored");
    static final StreamKey OPENED = StreamKey.of("cm", "room-opened");

    @Test
    void minAgeIsTheFloorOfNowMinusTheAge() {
        Retention r = Retention.minAge(Duration.ofHours(1), Clock.fixed(NOW, ZoneOffset.UTC));
        assertThat(r).isEqualTo(new Retention.MinId(NOW.minus(Duration.ofHours(1)), true));
        assertThat(((Retention.MinId) r).minId()).isEqualTo(StreamId.of(NOW.minusSeconds(3600).toEpochMilli(), 0));
        assertThat(Retention.minAge(Duration.ofDays(365 * 100), Clock.fixed(NOW, ZoneOffset.UTC)))
                .isEqualTo(new Retention.MinId(Instant.EPOCH, true));
        assertThat(Retention.maxLen(5).approximate()).isTrue();
        assertThatThrownBy(() -> Retention.maxLen(-1)).hasMessageContaining("-1");
        assertThatThrownBy(() -> Retention.minAge(Duration.ofSeconds(-1), Clock.systemUTC())).hasMessageContaining("PT-1S");
    }

    @Test
    void aRuleIsDueWhenNeverRunOrItsIntervalHasPassed() {
        RetentionPolicy policy = RetentionPolicy.of(
                RetentionPolicy.keepAge(SCORED, Duration.ofDays(7), Duration.ofMinutes(1)),
                RetentionPolicy.keepNewest(OPENED, 1000, Duration.ofMinutes(10)).exact());
        assertThat(policy.due(NOW, HashMap.empty())).containsExactly(
                new RetentionPolicy.Trim(SCORED, Retention.minAge(NOW.minus(Duration.ofDays(7)), true)),
                new RetentionPolicy.Trim(OPENED, Retention.maxLen(1000, false)));
        var ran = HashMap.of(SCORED, NOW.minusSeconds(59), OPENED, NOW.minusSeconds(600));
        assertThat(policy.due(NOW, ran)).extracting(RetentionPolicy.Trim::stream).containsExactly(OPENED);
        assertThat(policy.due(NOW.plusSeconds(1), ran)).extracting(RetentionPolicy.Trim::stream).containsExactly(SCORED, OPENED);
        assertThatThrownBy(() -> RetentionPolicy.of(RetentionPolicy.keepNewest(SCORED, 1, Duration.ofSeconds(1)),
                RetentionPolicy.keepNewest(SCORED, 2, Duration.ofSeconds(1)))).hasMessageContaining("duplicates");
    }
}
