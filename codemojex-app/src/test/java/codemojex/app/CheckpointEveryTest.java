package codemojex.app;

import codemojex.app.http.RateLimiter;
import codemojex.projections.PlayerIds;
import echomq.redis.RedisConnections;
import echomq.testkit.RedisServerProcess;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code serve --checkpoint-every}: a server checkpoints every game's board as often as it is
 * told, and a period outside 1s..1d is refused before anything starts.
 */
class CheckpointEveryTest {

    private static final String BOARDS = "emq:{cm}:checkpoint:guess-scored:boards*";

    @Test
    void aServerCheckpointsEveryBoardAsOftenAsItIsTold() throws Exception {
        RedisServerProcess redis = RedisServerProcess.start();
        try (Codemojex app = Codemojex.connect(redis.uri(), Settings.defaults());
             UnifiedJedis direct = RedisConnections.connect(redis.uri());
             Server server = Server.start(app, ServerOptions.on("127.0.0.1", 0).withCheckpointEvery(Duration.ofSeconds(1)))) {
            var opened = app.useCases().rooms().open("checkpoints");
            String guess = opened.keyboard().drawGuess(new java.util.Random(7)).toString();
            app.useCases().guesses().submit(opened.game(), PlayerIds.ofName("ada"), "ada", guess);
            long deadline = System.nanoTime() + Duration.ofSeconds(8).toNanos(); // the default period would take 10 s for the first
            while (direct.keys(BOARDS).isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(direct.keys(BOARDS)).as("a board checkpoint within 8 s of a start told to checkpoint every second").isNotEmpty();
        } finally {
            redis.stop();
        }
    }

    @Test
    void aPeriodOutsideOneSecondToADayIsRefusedBeforeAnythingStarts() {
        for (Duration bad : new Duration[] {Duration.ofMillis(999), Duration.ofDays(1).plusMillis(1), Duration.ZERO, Duration.ofSeconds(-5)}) {
            // no Redis is reached: the period is checked first
            assertThatThrownBy(() -> ServerOptions.on("127.0.0.1", 0).withCheckpointEvery(bad))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("checkpoint-every must be 1s..1d, got " + bad);
        }
    }
}
