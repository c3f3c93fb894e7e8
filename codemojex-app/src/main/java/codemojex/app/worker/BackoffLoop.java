package codemojex.app.worker;

import codemojex.app.core.LogSafe;
import echomq.domain.stream.StreamStoreException;
import echomq.engine.retry.Backoff;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Objects;

/**
 * Runs a step over and over on a daemon thread of its own until {@link #stop()}. A step that
 * throws is logged and retried after a backoff that doubles from 100 ms up to 5 s
 * ({@link Backoff#DEFAULT}), and the next
 * step is told to start afresh ({@code recovering}), so that it can pick up what the failure left
 * half done.
 */
final class BackoffLoop {

    private static final Logger log = LoggerFactory.getLogger(BackoffLoop.class);

    /** One round of the loop. */
    @FunctionalInterface
    interface Step {
        /** Runs once; {@code recovering} on the first round and after every failure. */
        void run(boolean recovering);
    }

    private final String name;
    private final Step step;
    private volatile boolean running;
    private volatile Thread thread;

    BackoffLoop(String name, Step step) {
        this.name = Objects.requireNonNull(name, "name");
        this.step = Objects.requireNonNull(step, "step");
    }

    synchronized void start() {
        if (!running) {
            running = true;
            thread = new Thread(this::loop, name);
            thread.setDaemon(true);
            thread.start();
        }
    }

    private void loop() {
        Backoff backoff = Backoff.DEFAULT;
        boolean recovering = true;
        while (running) {
            try {
                step.run(recovering);
                recovering = false;
                backoff = backoff.reset();
            } catch (RuntimeException e) {
                if (!running) {
                    break;
                }
                backoff = backoff.next();
                if (e instanceof StreamStoreException) {
                    log.warn("{}: {}; retrying in {} ms", name, LogSafe.escape(e.getMessage()), backoff.delay().toMillis());
                } else {
                    log.error("{}: unexpected failure, retrying in {} ms", name, backoff.delay().toMillis(), e);
                }
                recovering = true;
                if (!backoff.sleep()) {
                    break; // interrupted: the flag stays set
                }
            }
        }
    }

    /** Stops the loop and waits up to 5 s for the round in hand to finish. */
    void stop() {
        running = false;
        Thread t = thread;
        try {
            if (t != null) {
                t.join(5_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Sleeps {@code d} (a loop with nothing to do); an interrupt is kept for the loop to see. */
    static void pause(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    boolean isRunning() {
        Thread t = thread;
        return running && t != null && t.isAlive();
    }
}
