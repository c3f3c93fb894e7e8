package codemojex.app;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The server's periodic tasks (pings, checkpoints) survive their own failures: a scheduled task that throws is never run again. */
class ServerTest {

    @Test
    void aPeriodicTaskThatThrowsIsRunAgain() throws Exception {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        try {
            AtomicInteger runs = new AtomicInteger();
            CountDownLatch thrice = new CountDownLatch(3);
            scheduler.scheduleWithFixedDelay(Server.surviving("a test task", () -> {
                runs.incrementAndGet();
                thrice.countDown();
                throw new IllegalStateException("every run fails");
            }), 0, 5, TimeUnit.MILLISECONDS);
            assertThat(thrice.await(30, TimeUnit.SECONDS)).as("runs after a failure").isTrue();
            assertThat(runs.get()).isGreaterThanOrEqualTo(3);
        } finally {
            scheduler.shutdownNow();
        }
    }
}
