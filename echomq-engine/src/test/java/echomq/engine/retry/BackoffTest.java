package echomq.engine.retry;

import echomq.testkit.Seeded;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BackoffTest {

    static Duration ms(long n) {
        return Duration.ofMillis(n);
    }

    @Test
    void theDefaultWaitsNothingBeforeAFailureThenDoublesFrom100msUpTo5s() {
        Backoff b = Backoff.DEFAULT;
        assertThat(b.delay()).isZero();
        assertThat(b.isBackingOff()).isFalse();
        List<Long> waits = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            b = b.next();
            waits.add(b.delay().toMillis());
        }
        assertThat(waits).containsExactly(100L, 200L, 400L, 800L, 1600L, 3200L, 5000L, 5000L, 5000L);
        assertThat(b.failures()).isEqualTo(9);
        assertThat(b.isBackingOff()).isTrue();
        assertThat(b.reset()).isEqualTo(Backoff.DEFAULT);
        assertThat(b.reset().next().delay()).isEqualTo(ms(100));
    }

    @Test
    void itIsAnImmutableValue() {
        Backoff b = Backoff.doubling(ms(10), ms(30));
        Backoff after = b.next();
        assertThat(b.delay()).isZero();
        assertThat(after.delay()).isEqualTo(ms(10));
        assertThat(b.next()).isEqualTo(after).hasSameHashCodeAs(after);
        assertThat(after.initial()).isEqualTo(ms(10));
        assertThat(after.max()).isEqualTo(ms(30));
        assertThat(after.next().next().delay()).isEqualTo(ms(30)); // 10, 20, then 40 bounded to 30
        assertThat(b.reset()).isSameAs(b);
        assertThat(after.toString()).contains("1 failures");
    }

    @Test
    void aBackoffMustWaitAndItsBoundMustNotBeBelowItsStart() {
        assertThatThrownBy(() -> Backoff.doubling(Duration.ZERO, ms(5))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Backoff.doubling(ms(-1), ms(5))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Backoff.doubling(ms(6), ms(5))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Backoff.doubling(null, ms(5))).isInstanceOf(NullPointerException.class);
        assertThat(Backoff.doubling(ms(5), ms(5)).next().next().delay()).isEqualTo(ms(5));
    }

    @Test
    void aSleepWaitsItsDelay() {
        Backoff b = Backoff.doubling(ms(30), ms(30)).next();
        long start = System.nanoTime();
        assertThat(b.sleep()).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(ms(30));
        assertThat(Backoff.DEFAULT.sleep()).isTrue(); // no failure, no wait
    }

    @Test
    void anInterruptEndsTheSleepIsReportedAndStaysSetOnTheThread() throws InterruptedException {
        Backoff b = Backoff.doubling(ms(10), ms(10)).next();
        Thread.currentThread().interrupt();
        try {
            assertThat(b.sleep()).isFalse();
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
            assertThat(Backoff.DEFAULT.sleep()).isFalse(); // even with nothing to wait
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }

        // interrupted while it waits, from another thread
        AtomicBoolean slept = new AtomicBoolean(true);
        AtomicBoolean flag = new AtomicBoolean();
        Thread t = new Thread(() -> {
            slept.set(Backoff.doubling(Duration.ofMinutes(1), Duration.ofMinutes(1)).next().sleep());
            flag.set(Thread.currentThread().isInterrupted());
        });
        t.start();
        Thread.sleep(50);
        t.interrupt();
        t.join(5_000);
        assertThat(t.isAlive()).isFalse();
        assertThat(slept).isFalse();
        assertThat(flag).isTrue();
    }

    /**
     * Any run of failures and successes, from any start and bound: the wait is zero exactly when
     * there is no failure in a row; otherwise it is {@code min(max, initial · 2^(failures-1))},
     * never below {@code initial} nor above {@code max}, and it never shrinks until a reset.
     * The seed is printed; {@code -Dechomq.seed=N} replays a run.
     */
    @Test
    void everyRunOfFailuresAndSuccessesWaitsTheBoundedDoubling() {
        Random random = Seeded.random("BackoffTest");
        for (int c = 0; c < Seeded.CASES; c++) {
            Duration initial = Duration.ofNanos(1 + (long) (random.nextDouble() * Duration.ofSeconds(10).toNanos()));
            Duration max = random.nextInt(10) == 0 ? initial
                    : initial.plus(Duration.ofNanos((long) (random.nextDouble() * Duration.ofDays(random.nextBoolean() ? 1 : 100_000).toNanos())));
            Backoff b = Backoff.doubling(initial, max);
            int inARow = 0;
            for (int step = 0; step < 200; step++) {
                Backoff before = b;
                if (random.nextInt(8) == 0) {
                    b = b.reset();
                    inARow = 0;
                } else {
                    b = b.next();
                    inARow++;
                    assertThat(b.delay()).isGreaterThanOrEqualTo(before.delay());
                }
                assertThat(b.failures()).isEqualTo(inARow);
                assertThat(b.isBackingOff()).isEqualTo(inARow > 0);
                assertThat(b.initial()).isEqualTo(initial);
                assertThat(b.max()).isEqualTo(max);
                assertThat(b.delay()).isEqualTo(expected(initial, max, inARow));
            }
        }
    }

    /** {@code min(max, initial · 2^(failures-1))}, zero for no failure, computed without overflow. */
    static Duration expected(Duration initial, Duration max, int failures) {
        if (failures == 0) {
            return Duration.ZERO;
        }
        java.math.BigInteger n = java.math.BigInteger.valueOf(initial.toNanos()).shiftLeft(failures - 1);
        return n.compareTo(java.math.BigInteger.valueOf(max.toNanos())) >= 0 ? max : Duration.ofNanos(n.longValueExact());
    }
}
