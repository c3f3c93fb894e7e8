package codemojex.app;

import codemojex.app.core.CastReader;
import codemojex.app.core.Live;
import codemojex.app.core.LiveLead;
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
    private final LiveLead lead;
    private final CastReader casts;

    private Server(Codemojex app, Javalin http, Javalin management, HttpApi api, ScheduledExecutorService checkpointer,
                   ScheduledExecutorService pings, Live live, ExecutorService dispatch, LiveLead lead, CastReader casts) {
        this.lead = lead;
        this.casts = casts;
        this.api = api;
        this.pings = pings;
        this.app = app;
        this.http = http;
        this.management = management;
        this.checkpointer = checkpointer;
        this.live = live;
        this.dispatch = dispatch;
    }

    /**
     * Starts the score worker (unless {@code options} say not), the live values and the HTTP servers
     * of {@code app} as {@code options} say.
     */
    public static Server start(Codemojex app, ServerOptions options) {
        Objects.requireNonNull(app, "app");
        Objects.requireNonNull(options, "options");
        if (options.worker()) {
            app.worker().start();
        }
        ExecutorService dispatch = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "live-dispatch");
            t.setDaemon(true);
            return t;
        });
        Live live = new Live(app.play(), app.useCases().feeds(), app.useCases().lobby(), app.useCases().boards(),
                new StreamFollowers(app.redis().tail(), app.states(), Duration.ofSeconds(1)).observedBy(app.meters().library()),
                app.partitions(), dispatch);
        // the lead's casts read back: what this instance's pages get of the feed, the lobby, the chart and the sessions
        codemojex.app.core.port.LiveCasts casts = new codemojex.app.redis.RedisLiveCasts(app.redis().calls(), app.redis().tail(), app.states());
        CastReader reader = new CastReader(casts, dispatch);
        reader.start();
        Traffic traffic = new Traffic();
        LiveLead[] lead = new LiveLead[1];
        HttpApi api = new HttpApi(new HttpApi.Services(app.play(), app.players(), app.useCases().feeds(), app.useCases().boards(), app.useCases().openings(), app.useCases().results(),
                app.useCases().sessions(), live, app.chart(), app.closingSessions(), app.clock(), app.idempotency(), casts, reader),
                new HttpApi.Options(options.writes(), options.reads(), options.rooms(), traffic, app.meters().registry(),
                        () -> HealthCheck.of(app, options.worker(), live, reader, lead[0], traffic), app.meters()::scrape), Json.mapper());
        // one instance computes the live values and casts them (#54): whichever holds the lead's lease
        lead[0] = new LiveLead(app.redis().leases(), "live-" + app.settings().node() + "-" + Long.toString(new java.security.SecureRandom().nextLong() >>> 1, 36),
                app.settings().lease(), app.clock(), api::lead, api::follow, api::keepCasts);
        lead[0].start();
        Javalin http = api.create();
        Javalin ops = api.createManagement();
        try {
            http.start(options.host(), options.port());
            ops.start(options.management().host(), options.management().port());
        } catch (RuntimeException e) {
            http.stop();
            ops.stop();
            lead[0].close();
            api.stopCasting();
            reader.close();
            live.close();
            dispatch.shutdownNow();
            app.worker().stop();
            throw e;
        }
        log.info("Codemojex is up at http://{}:{}/ (Redis {}{}, client {}); /health and /metrics at http://{}:{}/", options.host(),
                http.port(), app.maskedUri(), app.embeddedRedis() ? ", embedded" : "", app.redis().client(), options.management().host(),
                ops.port());
        ScheduledExecutorService checkpointer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "board-checkpoints");
            t.setDaemon(true);
            return t;
        });
        long every = options.checkpointEvery().toMillis();
        checkpointer.scheduleWithFixedDelay(surviving("board checkpoints", () -> checkpoint(app)), every, every, TimeUnit.MILLISECONDS);
        // the pings on a thread of their own: a client slow to take its comment delays no checkpoint
        ScheduledExecutorService pings = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "event-stream-pings");
            t.setDaemon(true);
            return t;
        });
        pings.scheduleWithFixedDelay(surviving("event stream pings", api::ping), PING_EVERY.toMillis(), PING_EVERY.toMillis(),
                TimeUnit.MILLISECONDS);
        return new Server(app, http, ops, api, checkpointer, pings, live, dispatch, lead[0], reader);
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
            for (var r : app.useCases().rebuilds().checkpointBoards()) {
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

    /** The live casts as this instance reads them back for its pages (#54). */
    public CastReader casts() {
        return casts;
    }

    /** Whether this instance leads the live values: it computes and casts them (#54). */
    public boolean leads() {
        return lead.leading();
    }

    /** Whether its pages have the live feed: the lead has cast it and this instance has read it back. */
    public boolean ready() {
        return casts.latest("feed").isDefined();
    }

    /** The app it serves. */
    public Codemojex app() {
        return app;
    }

    @Override
    public void close() {
        lead.close(); // the lead's lease let go: another instance leads at its next round
        api.stopCasting();
        casts.close();
        checkpointer.shutdownNow();
        pings.shutdownNow();
        http.stop();
        management.stop();
        live.close();
        dispatch.shutdownNow();
        app.worker().stop();
    }
}
