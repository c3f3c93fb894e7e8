package codemojex.app;

import codemojex.app.http.GuessRateLimiter;
import codemojex.app.http.HttpApi;
import codemojex.app.http.Json;
import codemojex.projections.Channels;
import echomq.domain.stream.StreamKey;
import io.javalin.Javalin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** The running app: HTTP API, web page and score worker over one {@link Codemojex}. */
public final class Server implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Server.class);

    private final Codemojex app;
    private final Javalin http;

    private Server(Codemojex app, Javalin http) {
        this.app = app;
        this.http = http;
    }

    /** Starts the worker and the HTTP server on {@code host:port} (port 0: a free one). */
    public static Server start(Codemojex app, String host, int port, GuessRateLimiter limiter) {
        Objects.requireNonNull(app, "app");
        app.worker().start();
        Javalin http = new HttpApi(app.play(), app.reports(), Json.mapper(), () -> health(app), limiter).create();
        http.start(host, port);
        log.info("Codemojex is up at http://{}:{}/ (Redis {}{})", host, http.port(), app.maskedUri(),
                app.embeddedRedis() ? ", embedded" : "");
        return new Server(app, http);
    }

    /** As {@link #start(Codemojex, String, int, GuessRateLimiter)}, at most {@code guessesPerSecond} per client (0: no limit). */
    public static Server start(Codemojex app, String host, int port, double guessesPerSecond) {
        return start(app, host, port, guessesPerSecond <= 0 ? GuessRateLimiter.unlimited()
                : new GuessRateLimiter(guessesPerSecond, (int) Math.max(1, guessesPerSecond * 2), Clock.systemUTC()));
    }

    static Map<String, Object> health(Codemojex app) {
        Map<String, Object> h = new LinkedHashMap<>();
        String redis;
        try {
            // a keyed read, so that a cluster client routes it too
            app.states().state(StreamKey.of(Channels.QUEUE, Channels.GUESSES));
            redis = "up";
        } catch (RuntimeException e) {
            redis = "down";
        }
        Map<String, Object> worker = new LinkedHashMap<>();
        worker.put("running", app.worker().isRunning());
        worker.put("scored", app.worker().scored());
        worker.put("rejected", app.worker().rejected());
        try {
            worker.put("pending", app.worker().pending());
        } catch (RuntimeException e) {
            worker.put("pending", null);
        }
        h.put("status", "up".equals(redis) && app.worker().isRunning() ? "ok" : "degraded");
        h.put("redis", redis);
        h.put("worker", worker);
        h.put("projections", app.reports().projectionMetrics()); // a record: Jackson writes its components
        h.put("skippedEntries", app.reports().skippedEntries().noted().stream()
                .map(n -> Map.of("channel", n.channel(), "id", n.id().toString(), "reason", n.reason())).toList());
        return h;
    }

    /** The HTTP port. */
    public int port() {
        return http.port();
    }

    /** {@code http://127.0.0.1:<port>}. */
    public String url() {
        return "http://127.0.0.1:" + http.port();
    }

    /** The app it serves. */
    public Codemojex app() {
        return app;
    }

    @Override
    public void close() {
        http.stop();
        app.worker().stop();
    }
}
