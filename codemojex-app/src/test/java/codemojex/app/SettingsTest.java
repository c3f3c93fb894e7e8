package codemojex.app;

import codemojex.app.worker.ScoreFaults;
import codemojex.app.worker.ScoreWorker;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Settings: the defaults, the builder, and refusals that name the bad value. */
class SettingsTest {

    @Test
    void theDefaults() {
        Settings s = Settings.defaults();
        assertThat(s.node()).isBetween(0, echomq.domain.id.Snowflake.MAX_NODE);
        assertThat(s.clock()).isEqualTo(Clock.systemUTC());
        assertThat(s.claimIdle()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.commitBatch()).isEqualTo(100);
        assertThat(s.partitions()).isEqualTo(Option.none());
        assertThat(s.sessionTtl()).isEqualTo(Settings.DEFAULT_SESSION_TTL).isEqualTo(Duration.ofHours(12));
        assertThat(s.client()).isEqualTo(RedisClient.JEDIS);
    }

    @Test
    void theBuilderSetsEachValueAndStartsAgainFromAnySettings() {
        Clock fixed = Clock.fixed(java.time.Instant.EPOCH, java.time.ZoneOffset.UTC);
        Settings s = Settings.builder().node(7).clock(fixed).claimIdle(Duration.ZERO).commitBatch(1000).partitions(16)
                .sessionTtl(Duration.ofMinutes(5)).client(RedisClient.LETTUCE).build();
        assertThat(s).isEqualTo(new Settings(7, fixed, Duration.ZERO, 1000, Option.some(16), Duration.ofMinutes(5), RedisClient.LETTUCE));
        assertThat(s.toBuilder().build()).isEqualTo(s);
        assertThat(s.toBuilder().node(8).build()).isEqualTo(new Settings(8, fixed, Duration.ZERO, 1000, Option.some(16),
                Duration.ofMinutes(5), RedisClient.LETTUCE));
        assertThat(s.toBuilder().partitions(Option.none()).build().partitions()).isEmpty();
    }

    @Test
    void aBadValueIsRefusedByName() {
        assertThatThrownBy(() -> Settings.builder().commitBatch(0).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("commit batch must be 1..1000, got 0");
        assertThatThrownBy(() -> Settings.builder().commitBatch(1001).build()).hasMessage("commit batch must be 1..1000, got 1001");
        assertThatThrownBy(() -> Settings.builder().sessionTtl(Duration.ZERO).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("session-ttl must be more than 0, got PT0S");
        assertThatThrownBy(() -> Settings.builder().sessionTtl(Duration.ofSeconds(-1)).build()).hasMessage("session-ttl must be more than 0, got PT-1S");
        assertThatThrownBy(() -> Settings.builder().claimIdle(Duration.ofMillis(-5)).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("claim-idle must be >= 0, got PT-0.005S");
        assertThatThrownBy(() -> Settings.builder().partitions(0).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("partitions must be 1..16, got 0");
        assertThatThrownBy(() -> Settings.builder().partitions(17).build()).hasMessageContaining("got 17");
        assertThatThrownBy(() -> Settings.builder().clock(null).build()).isInstanceOf(NullPointerException.class).hasMessage("clock");
        assertThatThrownBy(() -> Settings.builder().client(null).build()).isInstanceOf(NullPointerException.class).hasMessage("client");
        assertThatThrownBy(() -> Settings.builder().claimIdle(null).build()).hasMessage("claimIdle");
        assertThatThrownBy(() -> Settings.builder().sessionTtl(null).build()).hasMessage("sessionTtl");
        assertThatThrownBy(() -> Settings.builder().partitions((Option<Integer>) null).build()).hasMessage("partitions");
    }

    @Test
    void noTestHookIsASetting() {
        // the score worker's fault hook reaches it through the crash tests' seam, Codemojex.connect(uri, settings, faults)
        assertThat(Arrays.stream(Settings.class.getRecordComponents()).<Class<?>>map(java.lang.reflect.RecordComponent::getType))
                .doesNotContain(ScoreFaults.class);
    }

    @org.junit.jupiter.api.Test
    void aSessionTtlOrClaimIdlenessBeyondTheBoundIsRefused() {
        // now + ttl in epoch milliseconds overflowed: every join was a 500
        assertThatThrownBy(() -> Settings.builder().sessionTtl(Duration.ofHours(9_999_999_999_999L)).build())
                .isInstanceOf(codemojex.app.core.BadInputException.class)
                .hasMessage("session-ttl PT9999999999999H is out of range: give a duration from 1ms to 3650d");
        assertThatThrownBy(() -> Settings.builder().claimIdle(Duration.ofDays(999_999_999)).build())
                .hasMessageContaining("claim-idle").hasMessageContaining("to 3650d");
        assertThat(Settings.builder().sessionTtl(codemojex.app.core.DurationFields.MAX).build().sessionTtl()).isEqualTo(codemojex.app.core.DurationFields.MAX);
    }
}
