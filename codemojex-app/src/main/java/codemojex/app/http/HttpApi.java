package codemojex.app.http;

import codemojex.app.core.ChartBuckets;
import codemojex.app.core.Live;
import codemojex.app.core.Players;
import codemojex.app.core.Play;
import codemojex.app.core.Reports;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import io.javalin.config.JavalinConfig;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import io.javalin.http.staticfiles.Location;
import io.javalin.json.JavalinJackson;
import io.micrometer.core.instrument.MeterRegistry;
import org.eclipse.jetty.http.CookieCompliance;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The HTTP API and the web page, on Javalin: each route is a handler of its resource's routes
 * (games, players, guesses, reports, live events, health), each answer a web model Jackson writes.
 * Bad input is a 400 naming the field, unknown ids 404, bodies over {@link #MAX_BODY} bytes 413; no
 * stack trace ever reaches a client.
 */
public final class HttpApi {

    /** The largest request body accepted. */
    public static final int MAX_BODY = 4096;

    /** The session cookie's name; its path is the game's, so a browser holds one per game. */
    public static final String SESSION_COOKIE = "codemojex_session";

    private final ObjectMapper json;
    private final Limits limits;
    private final RequestMetrics metrics;
    private final GameRoutes games;
    private final PlayerRoutes players;
    private final GuessRoutes guesses;
    private final ReportRoutes reports;
    private final LiveRoutes live;
    private final HealthRoutes health;

    /**
     * Over the application services ({@code live} pushes what pages watch, {@code chart} the feed
     * chart's buckets as they close); {@code health} answers
     * {@code GET /health} and {@code scrape} {@code GET /metrics}. Joins and guesses are limited per
     * client by {@code limiter}, API reads by {@code reads}, rooms opened by {@code rooms}; {@code traffic} and {@code meters} hear
     * every request. The public server ({@link #create()}) answers {@code GET /health} with liveness only; the
     * management server ({@link #createManagement()}) serves {@code health} and {@code scrape}.
     */
    public HttpApi(Play play, Players players, Reports reports, Live live, ChartBuckets chart, ObjectMapper json, Supplier<HealthWeb> health,
                   RateLimiter limiter, RateLimiter reads, RateLimiter rooms, Traffic traffic, MeterRegistry meters, Supplier<String> scrape) {
        this.json = Objects.requireNonNull(json, "json");
        this.metrics = new RequestMetrics(traffic, meters);
        this.limits = new Limits(reads);
        Requests requests = new Requests(json);
        this.games = new GameRoutes(play, rooms, requests);
        this.players = new PlayerRoutes(players, limiter, requests);
        this.guesses = new GuessRoutes(play, players, limiter, requests);
        this.reports = new ReportRoutes(reports, chart.bucket());
        this.live = new LiveRoutes(play, live, chart, traffic, json);
        this.health = new HealthRoutes(health, scrape);
    }

    /**
     * Builds the management server, apart from the public one: the detailed {@code GET /health}
     * and {@code GET /metrics}, nothing else; {@code start(host, port)} it, on loopback unless an
     * operator says otherwise (as Spring Boot Actuator's management port).
     */
    public Javalin createManagement() {
        return Javalin.create(config -> {
            config.jsonMapper(new JavalinJackson(json, false));
            config.http.maxRequestSize = MAX_BODY;
            config.startup.showJavalinBanner = false;
            config.jetty.modifyServer(server -> server.setErrorHandler(new JsonErrorHandler(json)));
            config.routes.before(HttpApi::securityHeaders);
            config.routes.get("/health", health::health);
            config.routes.get("/metrics", health::metrics);
            ErrorRoutes.wire(config.routes);
        });
    }

    /** Builds the public server (the API, the page, liveness); {@code start(host, port)} it. */
    public Javalin create() {
        return Javalin.create(config -> {
            server(config);
            config.routes.before(limits::bodySize);
            config.routes.before(limits::reads);
            config.routes.before(HttpApi::securityHeaders);
            config.routes.before(QueryParams::check);
            Wiring w = new Wiring(config.routes);
            w.post("/rooms", games::open);
            w.get("/games/{game}", games::game);
            w.post("/games/{game}/players", players::join);
            w.get("/games/{game}/players/me", players::me);
            w.post("/games/{game}/guesses", guesses::submit);
            w.get("/games/{game}/guesses", guesses::mine);
            w.get("/games/{game}/guesses/{guessId}", guesses::guess);
            w.get("/games/{game}/board", reports::board);
            w.get("/feed", reports::feed);
            w.get("/feed/series", reports::feedSeries);
            w.get("/rooms/openings", reports::openings);
            w.get("/rooms/openings/series", reports::openingsSeries);
            w.get("/results", reports::results);
            config.routes.before("/games/{game}/events", live::requireGame);
            w.sse("/games/{game}/events", live::game);
            config.routes.before("/feed/events", live::requireBuckets);
            w.sse("/feed/events", live::feed);
            w.sse("/lobby/events", live::lobby);
            config.routes.before("/events", live::requireGameIfAny);
            w.sse("/events", live::events);
            w.get("/health", health::liveness); // liveness only: the details are the management port's
            w.done();
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

    /**
     * Wires the routes of {@link RouteTable}, each once, and no other: a route missing from the
     * table, or one the table lists and nothing wires, stops the server before it starts. An event
     * stream is asked for with {@code Accept: text/event-stream}; without it, a 406.
     */
    private static final class Wiring {
        private final RoutesConfig routes;
        private final java.util.Set<RouteTable.Route> wired = new java.util.HashSet<>();

        Wiring(RoutesConfig routes) {
            this.routes = routes;
        }

        void get(String path, Handler h) {
            take("GET", path, RouteTable.Kind.HTTP);
            routes.get(path, h);
        }

        void post(String path, Handler h) {
            take("POST", path, RouteTable.Kind.HTTP);
            routes.post(path, h);
        }

        void sse(String path, java.util.function.Consumer<io.javalin.http.sse.SseClient> client) {
            take("GET", path, RouteTable.Kind.SSE);
            routes.before(path, Wiring::requireEventStream);
            routes.sse(path, client);
        }

        private void take(String method, String path, RouteTable.Kind kind) {
            RouteTable.Route r = RouteTable.require(method, path);
            if (r.kind() != kind || !wired.add(r)) {
                throw new IllegalStateException(r.key() + " is wired twice, or not as the " + r.kind() + " route RouteTable lists");
            }
        }

        void done() {
            List<String> missing = RouteTable.ALL.stream().filter(r -> !wired.contains(r)).map(RouteTable.Route::key).toList();
            if (!missing.isEmpty()) {
                throw new IllegalStateException("RouteTable lists routes nothing wires: " + missing);
            }
        }

        private static void requireEventStream(Context ctx) {
            String accept = ctx.header("Accept");
            if (ctx.method() == HandlerType.GET && (accept == null || !accept.toLowerCase(java.util.Locale.ROOT).contains("text/event-stream"))) {
                throw new NotAcceptable(ctx.path() + " is an event stream: ask for it with Accept: text/event-stream");
            }
        }
    }

    /** A request for an event stream that does not accept one. */
    static final class NotAcceptable extends RuntimeException {
        NotAcceptable(String message) {
            super(message, null, false, false);
        }
    }

    /** A comment to every connected event stream: keeps proxies from closing idle streams and finds the clients that left. */
    public void ping() {
        live.ping();
    }

    /** Jetty and Javalin as the API needs them: its JSON, its body limit, its error bodies, its cookies, the page. */
    private void server(JavalinConfig config) {
        config.jsonMapper(new JavalinJackson(json, false));
        config.http.maxRequestSize = MAX_BODY;
        config.startup.showJavalinBanner = false;
        config.jetty.modifyServer(server -> server.setErrorHandler(new JsonErrorHandler(json)));
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
            files.headers = java.util.Map.of("Content-Security-Policy", CONTENT_SECURITY_POLICY, "X-Frame-Options", "DENY",
                    "X-Content-Type-Options", "nosniff");
        });
    }
}
