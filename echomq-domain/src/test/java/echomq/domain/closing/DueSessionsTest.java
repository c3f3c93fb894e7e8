package echomq.domain.closing;

import echomq.domain.window.Sessions;
import echomq.domain.window.Window;

import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link DueSessions}: the range of last entries whose sessions are final on the store's clock, after the mark. */
class DueSessionsTest {

    static final Instant FROM = Instant.parse("2026-01-01T00:00:00Z");
    static final Sessions GAP_10S = Sessions.of(Duration.ofSeconds(10)).longest(Duration.ofMinutes(5));
    static final Duration SKEW = Duration.ofSeconds(2);

    @Test
    void aSessionEndingAtTIsDueExactlyWhenTheClockLessTheSkewReachesTPlusTheGap() {
        Instant t = FROM.plusSeconds(30);
        // not yet: serverNow - skew = t + gap - 1 ms, an entry at t + gap - 1 ms could still join
        assertThat(DueSessions.due(GAP_10S, FROM, Option.none(), t.plusSeconds(12).minusMillis(1), SKEW))
                .contains(Window.closed(FROM, t.minusMillis(1)));
        assertThat(DueSessions.due(GAP_10S, FROM, Option.none(), t.plusSeconds(12), SKEW))
                .contains(Window.closed(FROM, t));
    }

    @Test
    void aPassStartsAfterTheMarkAndNothingIsDueUntilTheClockMoves() {
        Window.Closed mark = Window.closed(FROM, FROM.plusSeconds(20));
        Instant now = FROM.plusSeconds(32);
        assertThat(DueSessions.due(GAP_10S, FROM, Option.some(mark), now, SKEW)).isEmpty();
        assertThat(DueSessions.due(GAP_10S, FROM, Option.some(mark), now.plusMillis(1), SKEW))
                .contains(Window.closed(FROM.plusSeconds(20).plusMillis(1), FROM.plusSeconds(20).plusMillis(1)));
    }

    @Test
    void theReadReachesTheWholeGapPastTheDueRange() {
        Window.Closed due = Window.closed(FROM, FROM.plusSeconds(5));
        assertThat(DueSessions.read(GAP_10S, due)).isEqualTo(Window.closed(FROM, FROM.plusSeconds(15).minusMillis(1)));
        assertThat(GAP_10S.finalBy(due.t1(), DueSessions.read(GAP_10S, due).t1())).isTrue();
        assertThat(GAP_10S.finalBy(due.t1().plusMillis(1), DueSessions.read(GAP_10S, due).t1())).isFalse();
    }

    @Test
    void aSubscriptionFarBehindCatchesUpAtMostLongestPlusGapOrAMinuteAPass() {
        Instant now = FROM.plus(Duration.ofDays(3));
        assertThat(DueSessions.due(GAP_10S, FROM, Option.none(), now, SKEW))
                .contains(Window.closed(FROM, FROM.plus(Duration.ofMinutes(5)).plusSeconds(10)));
        assertThat(DueSessions.due(Sessions.of(Duration.ofMillis(5)).longest(Duration.ZERO), FROM, Option.none(), now, SKEW))
                .contains(Window.closed(FROM, FROM.plus(DueSessions.LEAST_REACH)));
    }

    @Test
    void badInputIsRefusedNamingIt() {
        assertThatThrownBy(() -> DueSessions.due(GAP_10S, FROM, Option.none(), FROM, Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("skew PT-0.001S");
        assertThatThrownBy(() -> DueSessions.requireSubscribable(Instant.ofEpochMilli(-1), SKEW))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
