package echomq.spring.boot;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.SmartLifecycle;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * What the starter made and must stop, in order: its runners (stream followers, the retention
 * schedule) first, newest first, then its connection. Spring stops lifecycles from the highest
 * phase down: this one's ({@link #PHASE}) comes after the web server's graceful shutdown and
 * before Spring Data Redis' connection factory (phase 0), so nothing of EchoMQ reads or writes on
 * a client being shut down, and a shared client is left to its factory. A bean the application
 * declared itself is never registered here: the starter closes nothing it did not make.
 */
final class EchoMqResources implements SmartLifecycle, DisposableBean {

    /** Stops after the web server ({@code DEFAULT_PHASE - 1024}, {@code - 2048}) and before the Redis factories (0). */
    static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

    private static final Log LOG = LogFactory.getLog(EchoMqResources.class);

    private final Deque<AutoCloseable> runners = new ArrayDeque<>();
    private final List<Runnable> onStart = new ArrayList<>();
    private final Deque<AutoCloseable> connections = new ArrayDeque<>();
    private boolean running;
    private boolean closed;

    /** A runner the starter made: closed first, the newest first. */
    synchronized <T extends AutoCloseable> T runner(T runner) {
        runners.push(runner);
        return runner;
    }

    /** The runners of type {@code type} (for the starter's tests). */
    synchronized <T> List<T> runners(Class<T> type) {
        return runners.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** Runs {@code start} when the context starts (at once when it already has). */
    synchronized void onStart(Runnable start) {
        if (running) {
            start.run();
        } else {
            onStart.add(start);
        }
    }

    /** A connection the starter made: closed after every runner. */
    synchronized <T extends AutoCloseable> T connection(T connection) {
        connections.push(connection);
        return connection;
    }

    /** Whether {@code c} is the starter's to close. */
    synchronized boolean holds(AutoCloseable c) {
        return runners.contains(c) || connections.contains(c);
    }

    @Override
    public synchronized void start() {
        if (running || closed) {
            return;
        }
        running = true;
        onStart.forEach(Runnable::run);
        onStart.clear();
    }

    @Override
    public void stop() {
        closeAll();
    }

    @Override
    public synchronized boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return PHASE;
    }

    @Override
    public void destroy() {
        closeAll();
    }

    private synchronized void closeAll() {
        running = false;
        if (closed) {
            return;
        }
        closed = true;
        onStart.clear();
        close(runners);
        close(connections);
    }

    private static void close(Deque<AutoCloseable> all) {
        for (AutoCloseable c; (c = all.poll()) != null; ) {
            try {
                c.close();
            } catch (Exception e) {
                LOG.warn("EchoMQ: closing " + c + " failed", e);
            }
        }
    }
}
