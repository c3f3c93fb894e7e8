package codemojex.app.http;

import codemojex.app.core.CastReader;
import codemojex.app.core.ChartBuckets;
import codemojex.app.core.ClosingSessions;
import codemojex.app.core.port.in.LeadLiveValuesUseCase;
import codemojex.app.core.port.in.UseCases;
import codemojex.app.core.port.in.WatchGameUseCase;
import codemojex.app.core.port.out.LiveCasts;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.staticfiles.Location;
import io.javalin.json.JavalinJackson;
import io.micrometer.core.instrument.MeterRegistry;
import org.eclipse.jetty.http.CookieCompliance;

import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The HTTP API and the web page, on Javalin: each route is a handler of its resource's routes
 * (games, players, guesses, reports, live events, health), each answer a web model Jackson writes.
 * Bad input is a 400 naming the field, unknown ids 404, bodies over {@link JettyLimits#MAX_BODY} bytes 413; no
 * stack trace ever reaches a client.
 */
public final class HttpApi {

    /** The session cookie's name ({@link Credentials#SESSION_COOKIE}). */
    public static final String SESSION_COOKIE = Credentials.SESSION_COOKIE;

    /** How long a thread of the HTTP pools may idle before it ends ({@link JettyLimits#THREAD_IDLE}). */
    public static final Duration THREAD_IDLE = JettyLimits.THREAD_IDLE;




    /**
     * What the API answers from: the application's use cases, the live values and the chart's
     * closing buckets, and the clock every default instant is read from.
     *
     * @param uses       every use case of the app, each behind its port
     * @param watching   the watched games' live values
     * @param leading    the feed and the lobby, computed while this instance leads
     * @param chart      the feed chart's buckets as they close, closed while this instance leads
     * @param closing    play sessions as they close, closed while this instance leads
     * @param clock      the app's clock
     * @param casts      where the lead casts the live values
     * @param castReader the casts as this instance reads them back, for its event streams
     */
    public record Services(UseCases uses, WatchGameUseCase watching, LeadLiveValuesUseCase leading, ChartBuckets chart,
                           ClosingSessions closing, Clock clock, LiveCasts casts, CastReader castReader) {
        public Services {
            Objects.requireNonNull(uses, "uses");
            Objects.requireNonNull(watching, "watching");
            Objects.requireNonNull(leading, "leading");
            Objects.requireNonNull(chart, "chart");
            Objects.requireNonNull(closing, "closing");
            Objects.requireNonNull(clock, "clock");
            Objects.requireNonNull(casts, "casts");
            Objects.requireNonNull(castReader, "castReader");
        }
    }

    /**
     * How the API is limited and observed.
     *
     * @param writes  joins and guesses per client
     * @param reads   API reads per client
     * @param rooms   rooms opened per client
     * @param traffic hears every request and keeps the open streams
     * @param meters  where the request meters go
     * @param health  the management port's detailed {@code GET /health}, read afresh for each request
     * @param scrape  the management port's {@code GET /metrics}
     */
    public record Options(RateLimiter writes, RateLimiter reads, RateLimiter rooms, Traffic traffic, MeterRegistry meters,
                          Supplier<HealthWeb> health, Supplier<String> scrape) {
        public Options {
            Objects.requireNonNull(writes, "writes");
            Objects.requireNonNull(reads, "reads");
            Objects.requireNonNull(rooms, "rooms");
            Objects.requireNonNull(traffic, "traffic");
            Objects.requireNonNull(meters, "meters");
            Objects.requireNonNull(health, "health");
            Objects.requireNonNull(scrape, "scrape");
        }
    }

    private final ObjectMapper json;
    private final Limits limits;
    private final RequestMetrics metrics;
    private final RouteTable.Handlers handlers;
    private final CastWriter caster;

    /**
     * Over the application's {@code services}, limited and observed as {@code options} say, answers
     * written with {@code json}. The public server ({@link #create()}) answers {@code GET /health} with
     * liveness only; the management server ({@link #createManagement()}) serves the details and the metrics.
     */
    public HttpApi(Services services, Options options, ObjectMapper json) {
        this.json = Objects.requireNonNull(json, "json");
        this.metrics = new RequestMetrics(options.traffic(), options.meters());
        this.limits = new Limits(options.reads());
        Requests requests = new Requests(json);
        UseCases uses = services.uses();
        Idempotent idempotent = new Idempotent(uses.idempotency());
        Frames frames = new Frames(json, options.traffic());
        this.caster = new CastWriter(services.leading(), services.chart(), services.closing(), services.casts(), frames);
        this.handlers = new RouteTable.Handlers(new GameRoutes(uses.rooms(), uses.games(), options.rooms(), requests, idempotent),
                new PlayerRoutes(uses.joins(), uses.logins(), options.writes(), requests, idempotent),
                new GuessRoutes(uses.guesses(), uses.games(), uses.logins(), options.writes(), requests, idempotent),
                new ReportRoutes(uses.feeds(), uses.boards(), uses.openings(), uses.results(), uses.sessions(),
                        services.chart().bucket(), services.clock()),
                new LiveRoutes(uses.games(), services.watching(), services.castReader(), options.traffic(), frames),
                new HealthRoutes(options.health(), options.scrape()));
    }

    /**
     * Builds the management server, apart from the public one: the detailed {@code GET /health}
     * and {@code GET /metrics}, nothing else; {@code start(host, port)} it, on loopback unless an
     * operator says otherwise (as Spring Boot Actuator's management port).
     */
    public Javalin createManagement() {
        return Javalin.create(config -> {
            base(config);
            // a scraper and an operator: two threads do, never the public pool's size
            config.jetty.threadPool = JettyLimits.threads("management", 2, 8);
            config.routes.before(HttpApi::securityHeaders);
            config.routes.get("/health", handlers.health()::health);
            config.routes.get("/metrics", handlers.health()::metrics);
            ErrorRoutes.wire(config.routes);
        });
    }

    /**
     * Builds the public server (the API, the page, liveness) from {@link RouteTable}, each route
     * once; {@code start(host, port)} it. An event stream is asked for with
     * {@code Accept: text/event-stream}; without it, a 406.
     */
    public Javalin create() {
        return Javalin.create(config -> {
            base(config);
            JettyLimits.floor(config);
            JettyLimits.streams(config);
            page(config);
            config.routes.before(RouteTable::match); // once per request: what follows reads the match
            config.routes.before(limits::bodySize);
            config.routes.before(limits::reads);
            config.routes.before(HttpApi::securityHeaders);
            config.routes.before(QueryParams::check);
            for (RouteTable.Route r : RouteTable.ALL) {
                if (r.answer() instanceof RouteTable.Answer.Json a) {
                    config.routes.addHttpHandler(HandlerType.findOrCreate(r.method()), r.path(), a.handler().apply(handlers));
                } else if (r.answer() instanceof RouteTable.Answer.Stream a) {
                    // the route's own check first: an unknown game is a 404 whatever the client accepts
                    a.before().ifPresent(b -> config.routes.before(r.path(), b.apply(handlers)));
                    config.routes.before(r.path(), HttpApi::requireEventStream);
                    config.routes.sse(r.path(), a.client().apply(handlers));
                }
            }
            ErrorRoutes.wire(config.routes);
            config.requestLogger.http(metrics::record);
        });
    }

    /**
     * The page's and the API's protection in the browser: scripts, styles and connections from this
     * origin only (the page has no inline script or style), never framed, types as sent.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
            + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private static void securityHeaders(Context ctx) {
        ctx.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        ctx.header("X-Frame-Options", "DENY");
        ctx.header("X-Content-Type-Options", "nosniff");
    }

    private static void requireEventStream(Context ctx) {
        String accept = ctx.header("Accept");
        if (ctx.method() == HandlerType.GET && (accept == null || !accept.toLowerCase(Locale.ROOT).contains("text/event-stream"))) {
            throw new NotAcceptable(ctx.path() + " is an event stream: ask for it with Accept: text/event-stream");
        }
    }


    /** This instance leads the live values: it computes the feed, the lobby, the chart and the sessions, and casts them. */
    public void lead() {
        caster.lead();
    }

    /** Another instance leads the live values: this one stops computing them and pushes what is cast. */
    public void follow() {
        caster.follow();
    }

    /** A round of the lead's lease while this instance leads: the latest casts kept readable (#54). */
    public void keepCasts() {
        caster.keep();
    }

    /** Stops casting, for good (the server stops). */
    public void stopCasting() {
        caster.close();
    }

    /** A comment to every connected event stream: keeps proxies from closing idle streams and finds the clients that left. */
    public void ping() {
        handlers.live().ping();
    }

    /** Jetty and Javalin as both servers need them: the JSON, the body limit, the error bodies. */
    private void base(JavalinConfig config) {
        config.jsonMapper(new JavalinJackson(json, false));
        config.http.maxRequestSize = JettyLimits.MAX_BODY;
        config.startup.showJavalinBanner = false;
        config.jetty.modifyServer(server -> server.setErrorHandler(new JsonErrorHandler(json, metrics)));
    }


    /** The public server's own: its cookies, its header cache, the page. */
    private static void page(JavalinConfig config) {
        // a cookie Jetty cannot parse is dropped, not a 400 for the whole request: a session
        // cookie that is garbage is then no session, a 401 where one is needed
        config.jetty.modifyHttpConfiguration(http -> {
            http.setRequestCookieCompliance(CookieCompliance.from("RFC6265,INVALID_COOKIES"));
            // Jetty caches the header fields a connection repeats and, by default, matches their
            // values ignoring case: "Bearer ABC" would be read as an earlier "Bearer abc" on the
            // same connection. Tokens are case-sensitive: so is the cache
            http.setHeaderCacheCaseSensitive(true);
            // and it is off: a connection carrying many players' requests repeats few header values (each
            // token, each length, differs), so the cache filled and was cleared over and over (ArrayTrie.clear,
            // 3% of the server threads' samples under simulate)
            http.setHeaderCacheSize(0);
        });
        // servlet sessions are not used (the app's sessions are its own, Players): Jetty's session
        // handler must not read every request's cookies first, answering 400 to a Cookie header
        // it cannot parse before the app could say 401
        config.jetty.modifyServletContextHandler(context -> context.getSessionHandler().setUsingCookies(false));
        config.staticFiles.add(files -> {
            files.hostedPath = "/";
            files.directory = "/public";
            files.location = Location.CLASSPATH;
            files.headers = Map.of("Content-Security-Policy", CONTENT_SECURITY_POLICY, "X-Frame-Options", "DENY",
                    "X-Content-Type-Options", "nosniff");
        });
    }
}
