package codemojex.app.http;

import io.javalin.config.JavalinConfig;
import io.javalin.http.util.AsyncExecutor;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.EagerContentHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * How the servers' Jetty is held: the public server's read floor ({@link HttpApi#READ_FLOOR}) and the
 * threads of both servers, bounded, their idle ones let go ({@link HttpApi#HTTP_THREADS},
 * {@link HttpApi#THREAD_IDLE}).
 */
final class JettyLimits {

    /** The largest request body accepted. */
    static final int MAX_BODY = 4096;

    /** The slowest a request's header block or body may arrive on the public server: slower is a 408 ({@link ReadFloor}). */
    static final ReadFloor READ_FLOOR = ReadFloor.DEFAULT;

    /** The most threads the public server's pool runs: far more than two cores need (no request waits on its client: see {@link #READ_FLOOR}). */
    static final int HTTP_THREADS = 64;

    /** The threads the public server's pool keeps while idle. */
    static final int HTTP_THREADS_IDLE = 4;

    /** How long a thread of the HTTP pools may idle before it ends: every idle one ends then, not one a period. */
    static final Duration THREAD_IDLE = Duration.ofSeconds(10);

    /** Threads that start event streams: each start reads the game and subscribes, then the stream needs no thread. */
    static final int STREAM_START_THREADS = 4;

    private JettyLimits() {
    }

    /**
     * A Jetty pool of {@code min..max} threads whose idle ones end after {@link HttpApi#THREAD_IDLE}, all of them: Jetty's
     * pool ends one idle thread per idle period by default, so a burst of connections (a thousand pages opening
     * their streams) left the pool at its peak for many minutes, idle threads that looked like a thread per watcher.
     */
    static QueuedThreadPool threads(String name, int min, int max) {
        var pool = new QueuedThreadPool(max, min, (int) THREAD_IDLE.toMillis());
        pool.setName("http-" + name);
        pool.setMaxEvictCount(max);
        return pool;
    }

    /**
     * The public server's threads: a bounded pool ({@link #threads}), and a few threads that start event streams.
     * Javalin starts every event stream on an executor of its own, by default unbounded (a thousand pages that open
     * their streams at once made a thousand threads, idle a minute after); a stream that has started holds none.
     */
    static void streams(JavalinConfig config) {
        config.jetty.threadPool = threads("api", HTTP_THREADS_IDLE, HTTP_THREADS);
        ThreadPoolExecutor starts = new ThreadPoolExecutor(STREAM_START_THREADS,
                STREAM_START_THREADS, THREAD_IDLE.toMillis(), TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "event-stream-start");
                    t.setDaemon(true);
                    return t;
                });
        starts.allowCoreThreadTimeOut(true);
        config.appData(AsyncExecutor.getAsyncExecutorKey(), new AsyncExecutor(starts));
    }

    /**
     * The public server's read floor ({@link HttpApi#READ_FLOOR}): its connector's heads are held to it
     * ({@link HeadFloorConnections}); every body is read by Jetty without a thread before the app's
     * blocking read is dispatched ({@code EagerContentHandler}, up to twice {@link HttpApi#MAX_BODY}: a larger one
     * is refused by its length) and held to it ({@link BodyFloorHandler}); while a request is read or
     * answered, a pause longer than the floor's ends it (Jetty's idle timeout of a request: an event
     * stream waiting for its next event is not concerned). Between requests the connector's idle
     * timeout (30 s) applies.
     */
    static void floor(JavalinConfig config) {
        var jetty = config.jetty;
        config.jetty.modifyServer(server -> {
            // inserted between the server and its handler, the first innermost: server -> floor -> eager reading -> Javalin
            server.insertHandler(new EagerContentHandler(new EagerContentHandler.RetainedContentLoaderFactory(2L * MAX_BODY, -1, false)));
            server.insertHandler(new BodyFloorHandler(READ_FLOOR));
        });
        config.jetty.modifyHttpConfiguration(http -> http.setIdleTimeout(READ_FLOOR.pause().toMillis()));
        // the connector Javalin would add, with the floor's connections; its address is the one start(host, port) sets
        config.jetty.addConnector((server, http) -> {
            ServerConnector c = new ServerConnector(server, new HeadFloorConnections(http, READ_FLOOR));
            c.setHost(jetty.host);
            c.setPort(jetty.port);
            return c;
        });
    }
}
