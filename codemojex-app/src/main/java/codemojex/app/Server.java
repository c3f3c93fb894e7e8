package codemojex.app;

import codemojex.app.http.RateLimiter;
import codemojex.app.core.Live;
import codemojex.app.http.HttpApi;
import codemojex.app.http.Json;
import codemojex.app.http.Traffic;
import echomq.engine.live.StreamFollowers;
import io.javalin.Javalin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.Objects;

/** The running app: HTTP API, web page and score worker over one {@link Codemojex}. */
public final class Server implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Server.class);

    /** How often {@code serve} checkpoints every game's board unless told otherwise (so that retention can remove what the checkpoint holds). */
    public static final Duration CHECKPOINT_EVERY = Duration.ofSeconds(10);

    /**
     * Where the detailed {@code /health} and {@code /metrics} are served: an address and a port of
     * their own, apart from the public API's (as Spring Boot Actuator's management port).
     *
     * @param host the address to listen on; loopback by default, so only the host itself (a
     *             scraper, an operator's shell, a sidecar) reads them
     * @param port the port, 0 for a free one
     */
    public record Management(String host, int port) {
        /** Loopback, a free port: what {@code serve} does without {@code --management-port}. */
        public static final Management LOOPBACK = new Management("127.0.0.1", 0);

        public Management {
            Objects.requireNonNull(host, "host");
            if (host.isBlank()) {
                throw new IllegalArgumentException("--management-host must be an address, got nothing");
            }
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("--management-port must be 0 (a free one) or 1..65535, got " + port);
            }
        }
    }

    private final Codemojex app;
    private final Javalin http;
    private final Javalin management;
    private final ScheduledExecutorService checkpointer;
    private final ScheduledExecutorService pings;
    private final HttpApi api;
    private final Live live;
    private final ExecutorService dispatch;

    private Server(Codemojex app, Javalin http, Javalin management, HttpApi api, ScheduledExecutorService checkpointer,
                   ScheduledExecutorService pings, Live live, ExecutorService dispatch) {
        this.api = api;
        this.pings = pings;
        this.app = app;
        this.http = http;
        this.management = management;
        this.checkpointer = checkpointer;
        this.live = live;
        this.dispatch = dispatch;
    }

    /** Starts the worker and the HTTP server on {@code host:port} (port 0: a free one). */
    public static Server start(Codemojex app, String host, int port, RateLimiter limiter) {
        return start(app, host, port, limiter, true);
    }

    /** As {@link #start(Codemojex, String, int, RateLimiter)}; without a score worker unless {@code worker}. */
    public static Server start(Codemojex app, String host, int port, RateLimiter limiter, boolean worker) {
        return start(app, host, port, limiter, RateLimiter.unlimited(), worker);
    }

    /** As {@link #start(Codemojex, String, int, RateLimiter, boolean)}, API reads limited by {@code reads} per client. */
    public static Server start(Codemojex app, String host, int port, RateLimiter limiter, RateLimiter reads, boolean worker) {
        return start(app, host, port, limiter, reads, RateLimiter.unlimited(), worker);
    }

    /**
     * As {@link #start(Codemojex, String, int, RateLimiter, RateLimiter, boolean)}, rooms opened
     * ({@code POST /rooms}) limited by {@code rooms} per client, a rate of their own.
     */
    public static Server start(Codemojex app, String host, int port, RateLimiter limiter, RateLimiter reads, RateLimiter rooms,
                               boolean worker) {
        return start(app, host, port, limiter, reads, rooms, worker, Management.LOOPBACK);
    }

    /**
     * As {@link #start(Codemojex, String, int, RateLimiter, RateLimiter, RateLimiter, boolean)}, the
     * detailed {@code /health} and {@code /metrics} served on {@code management}; the public port's
     * {@code /health} says only that it is up.
     */
    public static Server start(Codemojex app, String host, int port, RateLimiter limiter, RateLimiter reads, RateLimiter rooms,
                               boolean worker, Management management) {
        return start(app, host, port, limiter, reads, rooms, worker, management, CHECKPOINT_EVERY);
    }

    /**
     * As {@link #start(Codemojex, String, int, RateLimiter, RateLimiter, RateLimiter, boolean, Management)},
     * every game's board checkpointed every {@code checkpointEvery} (the first that long after the start).
     *
     * @throws IllegalArgumentException when {@code checkpointEvery} is not 1s..1d
     */
    public static Server start(Codemojex app, String host, int port, RateLimiter limiter, RateLimiter reads, RateLimiter rooms,
                               boolean worker, Management management, Duration checkpointEvery) {
        requireCheckpointEvery(checkpointEvery);
        Objects.requireNonNull(app, "app");
        Objects.requireNonNull(rooms, "rooms");
        Objects.requireNonNull(management, "management");
        if (port != 0 && management.port() == port) {
            throw new IllegalArgumentException("--management-port must differ from --port, both are " + port);
        }
        if (worker) {
            app.worker().start();
        }
        ExecutorService dispatch = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "live-dispatch");
            t.setDaemon(true);
            return t;
        });
        Live live = new Live(app.play(), app.reports(),
                new StreamFollowers(app.redis().tail(), app.states(), Duration.ofSeconds(1)).observedBy(app.meters().library()),
                app.partitions(), dispatch);
        app.chart().start(dispatch);
        Traffic traffic = new Traffic();
        HttpApi api = new HttpApi(app.play(), app.players(), app.reports(), live, app.chart(), Json.mapper(), () -> HealthCheck.of(app, worker, live, traffic), limiter,
                reads, rooms, traffic, app.meters().registry(), app.meters()::scrape);
        Javalin http = api.create();
        Javalin ops = api.createManagement();
        try {
            http.start(host, port);
            ops.start(management.host(), management.port());
        } catch (RuntimeException e) {
            http.stop();
            ops.stop();
            live.close();
            dispatch.shutdownNow();
            app.chart().close();
            app.worker().stop();
            throw e;
        }
        log.info("Codemojex is up at http://{}:{}/ (Redis {}{}, client {}); /health and /metrics at http://{}:{}/", host, http.port(),
                app.maskedUri(), app.embeddedRedis() ? ", embedded" : "", app.redis().client(), management.host(), ops.port());
        ScheduledExecutorService checkpointer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "board-checkpoints");
            t.setDaemon(true);
            return t;
        });
        checkpointer.scheduleWithFixedDelay(surviving("board checkpoints", () -> checkpoint(app)), checkpointEvery.toMillis(),
                checkpointEvery.toMillis(), TimeUnit.MILLISECONDS);
        // the pings on a thread of their own: a client slow to take its comment delays no checkpoint
        ScheduledExecutorService pings = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "event-stream-pings");
            t.setDaemon(true);
            return t;
        });
        pings.scheduleWithFixedDelay(surviving("event stream pings", api::ping), PING_EVERY.toMillis(), PING_EVERY.toMillis(),
                TimeUnit.MILLISECONDS);
        return new Server(app, http, ops, api, checkpointer, pings, live, dispatch);
    }

    /** As {@link #start(Codemojex, String, int, RateLimiter)}, at most {@code guessesPerSecond} per client (0: no limit). */
    public static Server start(Codemojex app, String host, int port, double guessesPerSecond) {
        return start(app, host, port, guessesPerSecond, true);
    }

    /** As {@link #start(Codemojex, String, int, double)}; without a score worker unless {@code worker}. */
    public static Server start(Codemojex app, String host, int port, double guessesPerSecond, boolean worker) {
        return start(app, host, port, guessesPerSecond, 0, worker);
    }

    /**
     * As {@link #start(Codemojex, String, int, double, boolean)}, with at most {@code readsPerSecond}
     * API reads per client (0: no limit), in bursts of twice that.
     */
    public static Server start(Codemojex app, String host, int port, double guessesPerSecond, double readsPerSecond, boolean worker) {
        return start(app, host, port, limiter(RateLimiter.WRITES, guessesPerSecond), limiter("reads", readsPerSecond), worker);
    }

    /**
     * As {@link #start(Codemojex, String, int, double, double, boolean)}, with at most
     * {@code roomsPerMinute} rooms opened per client (0: no limit), in bursts of half that (at least one).
     */
    public static Server start(Codemojex app, String host, int port, double guessesPerSecond, double readsPerSecond, double roomsPerMinute,
                               boolean worker) {
        return start(app, host, port, guessesPerSecond, readsPerSecond, roomsPerMinute, worker, Management.LOOPBACK);
    }

    /**
     * As {@link #start(Codemojex, String, int, double, double, double, boolean)}, the detailed
     * {@code /health} and {@code /metrics} on {@code management}: what {@code serve} runs.
     */
    public static Server start(Codemojex app, String host, int port, double guessesPerSecond, double readsPerSecond, double roomsPerMinute,
                               boolean worker, Management management) {
        return start(app, host, port, guessesPerSecond, readsPerSecond, roomsPerMinute, worker, management, CHECKPOINT_EVERY);
    }

    /**
     * As {@link #start(Codemojex, String, int, double, double, double, boolean, Management)}, every
     * game's board checkpointed every {@code checkpointEvery}: what {@code serve --checkpoint-every} runs.
     *
     * @throws IllegalArgumentException when {@code checkpointEvery} is not 1s..1d
     */
    public static Server start(Codemojex app, String host, int port, double guessesPerSecond, double readsPerSecond, double roomsPerMinute,
                               boolean worker, Management management, Duration checkpointEvery) {
        return start(app, host, port, limiter(RateLimiter.WRITES, guessesPerSecond), limiter("reads", readsPerSecond), rooms(roomsPerMinute, Clock.systemUTC()),
                worker, management, checkpointEvery);
    }

    /** The shortest and the longest time between two board checkpoints. */
    public static final Duration CHECKPOINT_EVERY_MIN = Duration.ofSeconds(1);
    public static final Duration CHECKPOINT_EVERY_MAX = Duration.ofDays(1);

    /**
     * {@code every}, when it is a period of board checkpoints: {@link #CHECKPOINT_EVERY_MIN} (a fold of
     * the tail per second at most) to {@link #CHECKPOINT_EVERY_MAX} (retention keeps what no checkpoint
     * holds yet, so a rarer one would hold the log back for longer).
     *
     * @throws IllegalArgumentException naming the value otherwise
     */
    public static Duration requireCheckpointEvery(Duration every) {
        Objects.requireNonNull(every, "checkpointEvery");
        if (every.compareTo(CHECKPOINT_EVERY_MIN) < 0 || every.compareTo(CHECKPOINT_EVERY_MAX) > 0) {
            throw new IllegalArgumentException("checkpoint-every must be 1s..1d, got " + every);
        }
        return every;
    }

    /** {@code perMinute} rooms a minute per client, in bursts of half a minute's (at least one); 0 or less: no limit. */
    public static RateLimiter rooms(double perMinute, Clock clock) {
        return perMinute <= 0 ? RateLimiter.unlimited()
                : new RateLimiter("rooms", perMinute / 60.0, (int) Math.max(1, Math.ceil(perMinute / 2)), clock);
    }

    private static RateLimiter limiter(String what, double perSecond) {
        return perSecond <= 0 ? RateLimiter.unlimited() : new RateLimiter(what, perSecond, (int) Math.max(1, perSecond * 2), Clock.systemUTC());
    }

    /**
     * {@code task} as a periodic task that survives its own failures: a scheduled task that throws
     * is never run again ({@code scheduleWithFixedDelay}), so whatever it throws is logged and the
     * next run comes all the same.
     */
    static Runnable surviving(String what, Runnable task) {
        Objects.requireNonNull(task, "task");
        return () -> {
            try {
                task.run();
            } catch (RuntimeException | Error e) {
                if (e instanceof VirtualMachineError vm) {
                    throw vm;
                }
                log.error("{} failed; running again at the next tick", what, e);
            }
        };
    }

    private static void checkpoint(Codemojex app) {
        try {
            for (var r : app.reports().checkpointBoards()) {
                if (r.saved()) {
                    log.debug("checkpointed every game's board ({} new entries folded)", r.tailEntries());
                }
            }
        } catch (RuntimeException e) {
            log.warn("could not checkpoint the boards: {}", e.getMessage()); // tried again at the next tick
        }
    }

    /** How often every event stream gets a comment (so that proxies keep it and clients that left are found). */
    public static final Duration PING_EVERY = Duration.ofSeconds(15);

    /** The HTTP port. */
    public int port() {
        return http.port();
    }

    /** {@code http://127.0.0.1:<port>}. */
    public String url() {
        return "http://127.0.0.1:" + http.port();
    }

    /** The management port: the detailed {@code /health} and {@code /metrics}. */
    public int managementPort() {
        return management.port();
    }

    /** {@code http://127.0.0.1:<management port>} (when it listens on loopback or every address). */
    public String managementUrl() {
        return "http://127.0.0.1:" + management.port();
    }

    /** Pings every open event stream now, as the server does every {@link #PING_EVERY} (the tests' seam). */
    void pingNow() {
        api.ping();
    }

    /** What its pages watch, pushed. */
    public Live live() {
        return live;
    }

    /** The app it serves. */
    public Codemojex app() {
        return app;
    }

    @Override
    public void close() {
        app.chart().close();
        checkpointer.shutdownNow();
        pings.shutdownNow();
        http.stop();
        management.stop();
        live.close();
        dispatch.shutdownNow();
        app.worker().stop();
    }
}
