package codemojex.app;

import codemojex.app.core.CastReader;
import codemojex.app.core.LiveLead;
import codemojex.app.core.port.out.LiveCasts;
import codemojex.app.core.service.LiveService;
import codemojex.app.http.HttpApi;
import codemojex.app.http.Json;
import codemojex.app.http.Traffic;
import codemojex.app.redis.RedisLiveCasts;
import echomq.engine.live.StreamFollowers;
import io.javalin.Javalin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** The running app: HTTP API, web page and score worker over one {@link Codemojex}. */
public final class Server implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Server.class);

    private final Codemojex app;
    private final Javalin http;
    private final Javalin management;
    private final ScheduledExecutorService checkpointer;
    private final ScheduledExecutorService pings;
    private final HttpApi api;
    private final LiveService live;
    private final ExecutorService dispatch;
    private final LiveLead lead;
    private final CastReader casts;

    private Server(Codemojex app, Javalin http, Javalin management, HttpApi api, ScheduledExecutorService checkpointer,
                   ScheduledExecutorService pings, LiveService live, ExecutorService dispatch, LiveLead lead, CastReader casts) {
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
        LiveService live = new LiveService(app.useCases().games(), app.useCases().feeds(), app.useCases().lobby(), app.useCases().boards(),
                new StreamFollowers(app.redis().tail(), app.states(), Duration.ofSeconds(1)).observedBy(app.meters().library()),
                app.partitions(), dispatch);
        // the lead's casts read back: what this instance's pages get of the feed, the lobby, the chart and the sessions
        LiveCasts casts = new RedisLiveCasts(app.redis().calls(), app.redis().tail(), app.states());
        CastReader reader = new CastReader(casts, dispatch);
        reader.start();
        Traffic traffic = new Traffic();
        LiveLead[] lead = new LiveLead[1];
        HttpApi api = new HttpApi(new HttpApi.Services(app.useCases(), live, live, app.chart(), app.closingSessions(), app.clock(), casts, reader),
                new HttpApi.Options(options.writes(), options.reads(), options.rooms(), traffic, app.meters().registry(),
                        () -> HealthCheck.of(app, options.worker(), live, reader, lead[0], traffic), app.meters()::scrape), Json.mapper());
        // one instance computes the live values and casts them (#54): whichever holds the lead's lease
        lead[0] = new LiveLead(app.redis().leases(), "live-" + app.settings().node() + "-" + Long.toString(new SecureRandom().nextLong() >>> 1, 36),
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
    public LiveService live() {
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
