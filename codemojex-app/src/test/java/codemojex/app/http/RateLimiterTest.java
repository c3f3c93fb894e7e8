package codemojex.app.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import echomq.testkit.MovableClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The token bucket under a wall clock that jumps: the nemesis found a step back locking clients out for its length. */
class RateLimiterTest {

    @Test
    void aClockSteppedBackRefusesNoOneForTheStep() {
        MovableClock clock = new MovableClock(1_800_000_000_000L);
        RateLimiter rooms = new RateLimiter("rooms", 10, 5, clock); // 5 at once, one each 100 ms
        rooms.acquire("a");
        clock.advance(Duration.ofMinutes(-5)); // an NTP step back
        for (int i = 0; i < 4; i++) {
            rooms.acquire("a"); // the four tokens left, without waiting out the five minutes
        }
        assertThatThrownBy(() -> rooms.acquire("a")).isInstanceOf(RateLimiter.Limited.class)
                .hasMessage("too many rooms from a; retry in 1 s");
        clock.advance(Duration.ofMillis(100)); // and the refill runs on from the new time
        rooms.acquire("a");
        assertThatThrownBy(() -> rooms.acquire("a")).isInstanceOf(RateLimiter.Limited.class);
    }

    @Test
    void aClockSteppedForwardFillsTheBucketNoMoreThanItsBurst() {
        MovableClock clock = new MovableClock(1_800_000_000_000L);
        RateLimiter guesses = new RateLimiter(1, 2, clock);
        guesses.acquire("b");
        guesses.acquire("b");
        clock.advance(Duration.ofHours(6));
        guesses.acquire("b");
        guesses.acquire("b");
        Throwable limited = org.assertj.core.api.Assertions.catchThrowable(() -> guesses.acquire("b"));
        assertThat(limited).isInstanceOf(RateLimiter.Limited.class);
        assertThat(((RateLimiter.Limited) limited).retryAfterSeconds()).isEqualTo(1);
    }
}
