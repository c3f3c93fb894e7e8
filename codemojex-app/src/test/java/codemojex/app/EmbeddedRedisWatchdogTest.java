package codemojex.app;

import io.vavr.control.Option;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** An embedded Redis that dies under a running app is started again on its data: the app serves on. */
class EmbeddedRedisWatchdogTest {

    @Test
    void aKilledEmbeddedRedisIsStartedAgainWithItsData(@TempDir Path data) throws Exception {
        try (Codemojex app = Startup.serve(Option.none(), new Startup.Storage.InDirectory(data), Settings.defaults())) {
            String game = app.useCases().rooms().open("watchdog").game();
            Thread.sleep(1_500); // appendfsync everysec
            ServeProcessTest.awaitAofWritten(data);
            long pid = app.startedRedis().get().pid();
            ProcessHandle redis = ProcessHandle.of(pid).orElseThrow();
            redis.destroyForcibly();
            assertThat(redis.onExit().get(10, TimeUnit.SECONDS).isAlive()).isFalse();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            RuntimeException last = null;
            while (System.nanoTime() < deadline) {
                try {
                    assertThat(app.useCases().games().game(game).room()).isEqualTo("watchdog");
                    assertThat(app.startedRedis().get().pid()).isNotEqualTo(pid);
                    return;
                } catch (RuntimeException stillDown) {
                    last = stillDown;
                    Thread.sleep(100);
                }
            }
            throw new AssertionError("the embedded Redis did not come back", last);
        }
    }
}
