package codemojex.app.redis;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The thread that watches an {@link EmbeddedRedis} the app started: when the server has died, it
 * starts it again (same port, same data), so the app serves on. It checks every second, on a daemon
 * thread {@value #THREAD}, until {@link #close()}.
 */
public final class Watchdog implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Watchdog.class);

    /** The name of the watching thread. */
    public static final String THREAD = "embedded-redis-watchdog";

    private final ScheduledExecutorService thread;

    /** Watches {@code redis}, every second. */
    public static Watchdog watch(EmbeddedRedis redis) {
        return new Watchdog(redis, Duration.ofSeconds(1));
    }

    /** Watches {@code redis}, every {@code every}. */
    Watchdog(EmbeddedRedis redis, Duration every) {
        Objects.requireNonNull(redis, "redis");
        this.thread = Executors.newSingleThreadScheduledExecutor(t -> {
            Thread th = new Thread(t, THREAD);
            th.setDaemon(true);
            return th;
        });
        long millis = every.toMillis();
        thread.scheduleWithFixedDelay(() -> restartIfDead(redis), millis, millis, TimeUnit.MILLISECONDS);
    }

    private static void restartIfDead(EmbeddedRedis redis) {
        try {
            if (redis.restartIfDead()) {
                log.warn("the embedded Redis had died: started it again{}", redis.persistent() ? " on its data" : " (empty)");
            }
        } catch (RuntimeException e) {
            log.error("could not start the embedded Redis again: {}", e.getMessage());
        }
    }

    /** Stops watching (a check under way is interrupted); the server is left as it is. */
    @Override
    public void close() {
        thread.shutdownNow();
    }
}
