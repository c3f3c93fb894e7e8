package codemojex.app.core;

import echomq.testkit.MovableClock;
import echomq.testkit.Seeded;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The pure decision of what {@code serve --keep} ends: exactly the games idle for keep, an open one closed, a cracked one removed. */
class GameKeepingTest {

    static final Instant NOW = Instant.parse("2026-12-07T12:00:00Z");
    static final Duration KEEP = Duration.ofDays(30);

    @Test
    void theBoundIsKeepAgoAndItsMillisecondCounts() {
        MovableClock clock = new MovableClock(NOW.toEpochMilli());
        GameKeeping keeping = new GameKeeping(KEEP);
        Instant by = NOW.minus(KEEP);
        GameKeeping.Plan plan = keeping.plan(List.of(
                new GameKeeping.Activity("atBound", true, by),
                new GameKeeping.Activity("justAfter", true, by.plusMillis(1)),
                new GameKeeping.Activity("crackedAtBound", false, by),
                new GameKeeping.Activity("crackedJustAfter", false, by.plusMillis(1)),
                new GameKeeping.Activity("fresh", true, NOW)), clock);
        assertThat(plan.now()).isEqualTo(NOW);
        assertThat(plan.idleBy()).isEqualTo(by).isEqualTo(keeping.idleBy(clock));
        assertThat(plan.ends()).containsExactly(new GameKeeping.End.Close("atBound"), new GameKeeping.End.Remove("crackedAtBound"));
        assertThat(keeping.plan(List.of(), clock).ends()).isEmpty();
    }

    @Test
    void keepMustBeMoreThanZeroNamingIt() {
        assertThatThrownBy(() -> new GameKeeping(Duration.ZERO)).isInstanceOf(BadInputException.class).hasMessageContaining("keep")
                .hasMessageContaining("PT0S");
        assertThatThrownBy(() -> new GameKeeping(Duration.ofSeconds(-1))).isInstanceOf(BadInputException.class);
    }

    @TestFactory
    Stream<DynamicTest> whatEndsIsExactlyWhatWasIdleForKeepInTheOrderGiven() {
        Random seeds = Seeded.random("GameKeepingTest");
        return IntStream.range(0, Seeded.CASES / 10).mapToObj(c -> {
            long seed = seeds.nextLong();
            return DynamicTest.dynamicTest("case " + c + " (seed " + seed + ")", () -> {
                Random r = new Random(seed);
                Duration keep = Duration.ofMillis(1 + r.nextInt(1_000_000));
                MovableClock clock = new MovableClock(NOW.toEpochMilli());
                List<GameKeeping.Activity> games = new ArrayList<>();
                List<GameKeeping.End> expected = new ArrayList<>();
                for (int i = 0; i < r.nextInt(20); i++) {
                    Instant last = NOW.minusMillis(r.nextInt(2_000_000) - 1000L); // some after now: a writer's clock ahead
                    boolean open = r.nextBoolean();
                    games.add(new GameKeeping.Activity("g" + i, open, last));
                    if (!last.isAfter(NOW.minus(keep))) {
                        expected.add(open ? new GameKeeping.End.Close("g" + i) : new GameKeeping.End.Remove("g" + i));
                    }
                }
                assertThat(new GameKeeping(keep).plan(games, clock).ends()).containsExactlyElementsOf(expected);
            });
        });
    }
}
