package codemojex.app.http;

import codemojex.app.core.BadInputException;
import codemojex.app.core.Durations;
import codemojex.app.core.GameSettledException;
import codemojex.app.core.GuessResult;
import codemojex.app.core.NameTakenException;
import codemojex.app.core.Players;
import codemojex.app.core.Session;
import codemojex.app.core.UnauthorizedException;
import codemojex.app.core.Live;
import codemojex.app.core.NotFoundException;
import codemojex.app.core.Play;
import codemojex.app.core.Reports;
import codemojex.projections.Projections;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import echomq.domain.fold.Tally;
import echomq.domain.id.BrandedId;
import echomq.domain.stream.StreamStoreException;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.javalin.http.staticfiles.Location;
import io.javalin.http.sse.SseClient;
import io.javalin.json.JavalinJackson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The HTTP API and the web page, on Javalin. Bad input is a 400 naming the field, unknown ids 404,
 * bodies over {@link #MAX_BODY} bytes 413; no stack trace ever reaches a client.
 */
public final class HttpApi {

    private static final Logger log = LoggerFactory.getLogger(HttpApi.class);

    /** The largest request body accepted. */
    public static final int MAX_BODY = 4096;

    private final Play play;
    private final Players players;
    private final Reports reports;
    private final ObjectMapper json;
    private final Supplier<HealthWeb> health;
    private final RateLimiter limiter;
    private final RateLimiter reads;
    private final Live live;
    private final Traffic traffic;
    private final io.micrometer.core.instrument.MeterRegistry meters;
    private final Supplier<String> scrape;

    /**
     * Over the application services ({@code live} pushes what pages watch); {@code health} answers
     * {@code GET /health}.
     */
    public HttpApi(Play play, Players players, Reports reports, Live live, ObjectMapper json, Supplier<HealthWeb> health,
                   RateLimiter limiter, RateLimiter reads, Traffic traffic, io.micrometer.core.instrument.MeterRegistry meters,
                   Supplier<String> scrape) {
        this.meters = Objects.requireNonNull(meters, "meters");
        this.scrape = Objects.requireNonNull(scrape, "scrape");
        io.micrometer.core.instrument.Gauge.builder("codemojex.http.event.streams", traffic, Traffic::streams)
                .description("open server-sent event streams").register(meters);
        this.players = Objects.requireNonNull(players, "players");
        this.reads = Objects.requireNonNull(reads, "reads");
        this.live = Objects.requireNonNull(live, "live");
        this.traffic = Objects.requireNonNull(traffic, "traffic");
        this.play = Objects.requireNonNull(play, "play");
        this.reports = Objects.requireNonNull(reports, "reports");
        this.json = Objects.requireNonNull(json, "json");
        this.health = Objects.requireNonNull(health, "health");
        this.limiter = Objects.requireNonNull(limiter, "limiter");
    }

    /** Builds the server; {@code start(host, port)} it. */
    public Javalin create() {
        return Javalin.create(config -> {
            config.jsonMapper(new JavalinJackson(json, false));
            config.http.maxRequestSize = MAX_BODY;
            config.startup.showJavalinBanner = false;
            config.jetty.modifyServer(server -> server.setErrorHandler(new JsonErrorHandler(json)));
            // a cookie Jetty cannot parse is dropped, not a 400 for the whole request: a session
            // cookie that is garbage is then no session, a 401 where one is needed
            config.jetty.modifyHttpConfiguration(http -> {
                http.setRequestCookieCompliance(org.eclipse.jetty.http.CookieCompliance.from("RFC6265,INVALID_COOKIES"));
                // Jetty caches the header fields a connection repeats and, by default, matches their
                // values ignoring case: "Bearer ABC" would be read as an earlier "Bearer abc" on the
                // same connection. Tokens are case-sensitive: so is the cache
                http.setHeaderCacheCaseSensitive(true);
            });
            // servlet sessions are not used (the app's sessions are its own, Players): Jetty's session
            // handler must not read every request's cookies first, answering 400 to a Cookie header
            // it cannot parse before the app could say 401
            config.jetty.modifyServletContextHandler(context -> context.getSessionHandler().setUsingCookies(false));
            config.staticFiles.add(files -> {
                files.hostedPath = "/";
                files.directory = "/public";
                files.location = Location.CLASSPATH;
            });
            config.routes.before(ctx -> {
                long length = ctx.contentLength();
                if (length > MAX_BODY) {
                    throw new TooLarge(length);
                }
            });
            // reads are limited per client as guesses are: every API read costs Redis work
            config.routes.before(ctx -> {
                if (ctx.method() == io.javalin.http.HandlerType.GET && isApiRead(ctx.path())) {
                    reads.acquire(ctx.ip());
                }
            });
            config.routes.post("/rooms", this::openRoom);
            config.routes.get("/games/{game}", this::game);
            config.routes.post("/games/{game}/players", this::join);
            config.routes.get("/games/{game}/players/me", this::me);
            config.routes.post("/games/{game}/guesses", this::submit);
            config.routes.get("/games/{game}/guesses/{guessId}", this::guess);
            config.routes.get("/games/{game}/board", this::board);
            config.routes.get("/feed", this::feed);
            // the game is checked before the event stream starts, so that an unknown one is a plain 404
            config.routes.before("/games/{game}/events", ctx -> play.game(ctx.pathParam("game")));
            config.routes.sse("/games/{game}/events", this::gameEvents);
            config.routes.sse("/feed/events", this::feedEvents);
            config.routes.sse("/lobby/events", this::lobbyEvents);
            config.routes.get("/rooms/openings", this::openings);
            config.routes.get("/results", this::results);
            config.routes.get("/health", ctx -> ctx.json(health.get()));
            // Prometheus' text format (version 0.0.4), as a scraper asks for it
            config.routes.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(scrape.get()));

            config.routes.exception(TooLarge.class, (e, ctx) -> {
                // a client still sending would miss an answer sent over its unread body (the close
                // resets the connection): read and drop a body of modest size first; past that,
                // just close. Either way the connection is done.
                if (e.length <= MAX_DRAIN) {
                    drain(ctx);
                }
                ctx.header("Connection", "close");
                error(ctx, HttpStatus.CONTENT_TOO_LARGE, "body", "request body of " + e.length + " bytes is over the limit of " + MAX_BODY);
            });
            config.routes.exception(BadInputException.class, (e, ctx) -> error(ctx, HttpStatus.BAD_REQUEST, e.field(), e.getMessage()));
            config.routes.exception(NotFoundException.class, (e, ctx) -> error(ctx, HttpStatus.NOT_FOUND, null, e.getMessage()));
            config.routes.exception(UnauthorizedException.class, (e, ctx) -> {
                ctx.header("WWW-Authenticate", "Bearer realm=\"codemojex\"");
                error(ctx, HttpStatus.UNAUTHORIZED, "session", e.getMessage());
            });
            config.routes.exception(NameTakenException.class, (e, ctx) -> error(ctx, HttpStatus.CONFLICT, "name", e.getMessage()));
            config.routes.exception(GameSettledException.class, (e, ctx) -> error(ctx, HttpStatus.CONFLICT, "game", e.getMessage()));
            config.routes.exception(RateLimiter.Limited.class, (e, ctx) -> {
                ctx.header("Retry-After", Long.toString(e.retryAfterSeconds()));
                error(ctx, HttpStatus.TOO_MANY_REQUESTS, null, e.getMessage());
            });
            config.routes.exception(StreamStoreException.class, (e, ctx) -> {
                log.warn("storage failure on {} {}: {}", ctx.method(), ctx.path(), e.getMessage());
                error(ctx, HttpStatus.SERVICE_UNAVAILABLE, null, "the game store is unavailable; try again");
            });
            config.routes.exception(Exception.class, (e, ctx) -> {
                log.error("internal error on {} {}", ctx.method(), ctx.path(), e);
                error(ctx, HttpStatus.INTERNAL_SERVER_ERROR, null, "internal error");
            });
            config.routes.error(404, ctx -> {
                if (!String.valueOf(ctx.res().getContentType()).startsWith("application/json")) {
                    error(ctx, HttpStatus.NOT_FOUND, null, "no such resource " + ctx.path());
                }
            });
            config.requestLogger.http((ctx, ms) -> {
                String route = route(ctx);
                traffic.requests.merge(route, 1L, Long::sum);
                // Micrometer's convention for HTTP servers: the route template, never the raw path (ids would be unbounded)
                io.micrometer.core.instrument.Timer.builder("http.server.requests")
                        .tags("method", ctx.method().name(), "uri", route.equals("other") ? "UNKNOWN" : route.substring(route.indexOf(' ') + 1),
                                "status", Integer.toString(ctx.statusCode()), "outcome", outcome(ctx.statusCode()))
                        .register(meters).record((long) (ms * 1_000_000), java.util.concurrent.TimeUnit.NANOSECONDS);
                if (ctx.statusCode() >= 500) {
                    log.warn("{} {} -> {} in {} ms", ctx.method(), ctx.path(), ctx.statusCode(), Math.round(ms));
                } else if (ctx.statusCode() >= 400) {
                    log.debug("{} {} -> {} in {} ms", ctx.method(), ctx.path(), ctx.statusCode(), Math.round(ms));
                }
            });
            config.routes.error(413, ctx -> {
                if (!"application/json".equals(ctx.res().getContentType())) {
                    error(ctx, HttpStatus.CONTENT_TOO_LARGE, "body", "request body is over the limit of " + MAX_BODY + " bytes");
                }
            });
        });
    }

    private static boolean isApiRead(String path) {
        return path.startsWith("/games/") || path.equals("/feed") || path.equals("/feed/events") || path.equals("/lobby/events")
                || path.equals("/rooms/openings")
                || path.equals("/results");
    }

    /** Bodies up to this size are read and dropped before a 413, so that the client sees the answer. */
    static final long MAX_DRAIN = 1 << 20;

    private static void drain(Context ctx) {
        try (java.io.InputStream in = ctx.req().getInputStream()) {
            byte[] buf = new byte[8192];
            long left = MAX_DRAIN;
            int n;
            while (left > 0 && (n = in.read(buf, 0, (int) Math.min(buf.length, left))) > 0) {
                left -= n;
            }
        } catch (java.io.IOException ignored) {
            // the client went away: nothing is owed to it
        }
    }

    static final class TooLarge extends RuntimeException {
        final long length;

        TooLarge(long length) {
            super("too large", null, false, false);
            this.length = length;
        }
    }

    private static String outcome(int status) {
        if (status < 200) {
            return "INFORMATIONAL";
        }
        if (status < 300) {
            return "SUCCESS";
        }
        if (status < 400) {
            return "REDIRECTION";
        }
        return status < 500 ? "CLIENT_ERROR" : "SERVER_ERROR";
    }

    private static String route(Context ctx) {
        try {
            io.javalin.router.Endpoint e = ctx.endpoint();
            return e == null ? "other" : e.method + " " + e.path;
        } catch (RuntimeException none) {
            return "other";
        }
    }

    private static void error(Context ctx, HttpStatus status, String field, String message) {
        ctx.status(status).json(new ErrorWeb(message, io.vavr.control.Option.of(field)));
    }

    // ---- handlers ------------------------------------------------------------------------------

    private void openRoom(Context ctx) {
        JsonNode body = ctx.body().isBlank() ? json.createObjectNode() : body(ctx);
        String room = optionalText(body, "room", "lobby");
        Play.OpenedGame g = play.open(room);
        log.info("opened game {} in room {} with keyboard {}", g.game(), g.room(), g.keyboard().text());
        ctx.status(HttpStatus.CREATED).json(GameWeb.Opened.of(g));
    }

    private void game(Context ctx) {
        ctx.json(GameWeb.of(play.game(ctx.pathParam("game"))));
    }

    /** The session cookie's name; its path is the game's, so a browser holds one per game. */
    public static final String SESSION_COOKIE = "codemojex_session";

    private void join(Context ctx) {
        String game = ctx.pathParam("game");
        limiter.acquire(ctx.ip());
        JsonNode body = body(ctx);
        String name = requiredText(body, "name");
        boolean cookie = optionalBoolean(body, "cookie");
        Players.Joined joined = players.join(game, name);
        log.info("player {} joined game {}", joined.session().player(), game); // never the token
        if (cookie) {
            // the page: the token goes only into a cookie its scripts cannot read, sent only to this game's paths
            long seconds = Math.max(1, players.ttl().getSeconds());
            ctx.cookie(new io.javalin.http.Cookie(SESSION_COOKIE, joined.token().reveal(), "/games/" + game,
                    (int) Math.min(Integer.MAX_VALUE, seconds), "https".equals(ctx.scheme()), true, null, io.javalin.http.SameSite.STRICT));
            ctx.status(HttpStatus.CREATED).json(SessionWeb.of(joined.session()));
        } else {
            // API clients: send it as "Authorization: Bearer <token>"
            ctx.status(HttpStatus.CREATED).json(SessionWeb.withToken(joined.session(), joined.token().reveal()));
        }
    }

    private void me(Context ctx) {
        String game = ctx.pathParam("game");
        ctx.json(SessionWeb.of(players.authenticate(game, presented(ctx))));
    }

    /**
     * The token the request presents: an {@code Authorization: Bearer} header, else the session
     * cookie. Another scheme is refused rather than ignored, so a client learns why it is not let in.
     */
    private static io.vavr.control.Option<String> presented(Context ctx) {
        String authorization = ctx.header("Authorization");
        if (authorization != null) {
            String[] parts = authorization.strip().split("\\s+", 2);
            if (parts.length != 2 || !parts[0].equalsIgnoreCase("Bearer")) {
                throw new UnauthorizedException("the Authorization header must be \"Bearer <token>\"");
            }
            return io.vavr.control.Option.some(parts[1].strip());
        }
        String cookie;
        try {
            cookie = ctx.cookie(SESSION_COOKIE);
        } catch (RuntimeException unparsable) {
            // Jetty refuses a Cookie header it cannot parse: for a session, that is a bad credential
            throw new UnauthorizedException("the Cookie header is not one of RFC 6265 cookies: no session can be read from it");
        }
        return io.vavr.control.Option.of(cookie);
    }

    private void submit(Context ctx) {
        String game = ctx.pathParam("game");
        limiter.acquire(ctx.ip());
        Session session = players.authenticate(game, presented(ctx));
        JsonNode body = body(ctx);
        String guess = requiredText(body, "guess");
        String player = optionalText(body, "player", session.player());
        BadInputException.check("player", () -> codemojex.projections.Names.requirePlayer(player));
        if (!player.equals(session.player())) {
            // the player is who the session says; a body naming another is a client mistake, said out loud
            throw new BadInputException("player", "player \"" + player + "\" is not this session's player \"" + session.player() + "\"; leave player out");
        }
        BrandedId id = play.submit(game, session.player(), guess);
        ctx.header("Location", "/games/" + game + "/guesses/" + id);
        ctx.status(HttpStatus.ACCEPTED).json(GuessWeb.Submitted.pending(id.toString(), game));
    }

    private void guess(Context ctx) {
        String game = ctx.pathParam("game");
        String guessId = ctx.pathParam("guessId");
        io.vavr.control.Option<String> presented = presented(ctx);
        GuessResult result = play.guess(game, guessId);
        // anyone may read a guess; a token, when one is shown, must be good, and makes its player the viewer
        io.vavr.control.Option<String> viewer = presented.map(t -> players.authenticate(game, presented).player());
        ctx.json(GuessWeb.of(result, viewer));
    }

    private void board(Context ctx) {
        String game = ctx.pathParam("game");
        int top = intParam(ctx, "top", 10);
        ctx.json(new BoardWeb(game, BoardWeb.of(reports.board(game, top))));
    }

    private void feed(Context ctx) {
        Duration since = Durations.parse("since", queryOr(ctx, "since", "1h"));
        ctx.json(FeedWeb.of(since, reports.feed(since)));
    }

    // ---- pushed: server-sent events ----------------------------------------------------------------

    /** A comment to every connected client: keeps proxies from closing idle streams and finds the clients that left. */
    public void ping() {
        for (SseClient c : traffic.streams) {
            if (c.terminated()) {
                traffic.streams.remove(c);
            } else {
                c.sendComment("ping");
            }
        }
    }

    private void feedEvents(SseClient client) {
        this.<Live.FeedView>stream(client, "feed", live.feed()::subscribe, u -> FeedWeb.live(u.value()));
    }

    private void lobbyEvents(SseClient client) {
        this.<List<Reports.LobbyGame>>stream(client, "lobby", live.lobby()::subscribe, u -> LobbyWeb.of(u.value()));
    }

    private void gameEvents(SseClient client) {
        String game = client.ctx().pathParam("game");
        this.<Live.GameView>stream(client, "game", listener -> live.watchGame(game, listener), u -> LiveGameWeb.of(u.value()));
    }

    /**
     * Sends {@code event}s to {@code client} from the live value it subscribes to, each with the id
     * {@code <upTo>.<version>}: a client that reconnects with the id of the value still current
     * ({@code Last-Event-ID}) is not sent it again.
     */
    private <A> void stream(SseClient client, String event,
                            java.util.function.Function<echomq.engine.live.LiveValue.Listener<A>, AutoCloseable> subscribe,
                            java.util.function.Function<echomq.engine.live.LiveValue.Update<A>, Object> body) {
        client.keepAlive();
        traffic.streams.add(client);
        String lastSeen = client.ctx().header("Last-Event-ID");
        java.util.concurrent.atomic.AtomicBoolean first = new java.util.concurrent.atomic.AtomicBoolean(true);
        AutoCloseable subscription = subscribe.apply(u -> {
            if (client.terminated()) {
                throw new IllegalStateException("the client left"); // drops this listener
            }
            String id = u.upTo() + "." + u.version();
            if (first.getAndSet(false) && id.equals(lastSeen)) {
                return; // it has this one
            }
            try {
                client.sendEvent(event, json.writeValueAsString(body.apply(u)), id);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        });
        client.onClose(() -> {
            traffic.streams.remove(client);
            try {
                subscription.close();
            } catch (Exception e) {
                log.warn("could not stop a stream: {}", e.getMessage());
            }
        });
    }

    private void openings(Context ctx) {
        Instant to = instantParam(ctx, "to", Instant.now());
        Instant from = instantParam(ctx, "from", to.minus(Duration.ofDays(1)));
        Tally<io.vavr.collection.Map<String, Integer>> rooms = reports.openings(from, to);
        ctx.json(OpeningsWeb.of(from, to, rooms));
    }

    private void results(Context ctx) {
        ZoneId zone = BadInputException.check("zone", () -> {
            String z = queryOr(ctx, "zone", "UTC");
            try {
                return ZoneId.of(z);
            } catch (java.time.DateTimeException e) {
                throw new IllegalArgumentException("zone \"" + (z.length() > 40 ? z.substring(0, 40) : z) + "\" is not a time zone such as UTC or Europe/Paris");
            }
        });
        LocalDate day = BadInputException.check("day", () -> {
            String d = ctx.queryParam("day");
            try {
                return d == null || d.isBlank() ? LocalDate.now(zone) : LocalDate.parse(d);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("day \"" + d + "\" is not a date such as 2026-12-02");
            }
        });
        Tally<io.vavr.collection.Vector<Projections.Result>> results = reports.results(day, zone);
        ctx.json(ResultsWeb.of(day, zone, results));
    }

    // ---- input ---------------------------------------------------------------------------------

    private JsonNode body(Context ctx) {
        String text = ctx.body();
        if (text.length() > MAX_BODY) {
            throw new TooLarge(text.length());
        }
        try {
            JsonNode node = json.readTree(text);
            if (node == null || !node.isObject()) {
                throw new BadInputException("body", "the body must be a JSON object");
            }
            return node;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new BadInputException("body", "the body is not valid JSON: " + e.getOriginalMessage());
        }
    }

    private static String requiredText(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            throw new BadInputException(field, field + " is required");
        }
        if (!v.isTextual()) {
            throw new BadInputException(field, field + " must be a string");
        }
        return v.asText();
    }

    private static boolean optionalBoolean(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return false;
        }
        if (!v.isBoolean()) {
            throw new BadInputException(field, field + " must be true or false");
        }
        return v.asBoolean();
    }

    private static String optionalText(JsonNode body, String field, String otherwise) {
        JsonNode v = body.get(field);
        return v == null || v.isNull() ? otherwise : requiredText(body, field);
    }

    private static String queryOr(Context ctx, String name, String otherwise) {
        String v = ctx.queryParam(name);
        return v == null || v.isBlank() ? otherwise : v;
    }

    private static int intParam(Context ctx, String name, int otherwise) {
        String v = ctx.queryParam(name);
        if (v == null || v.isBlank()) {
            return otherwise;
        }
        if (!v.matches("[0-9]{1,4}")) {
            throw new BadInputException(name, name + " \"" + (v.length() > 20 ? v.substring(0, 20) + "…" : v) + "\" is not a number 1..1000");
        }
        return Integer.parseInt(v);
    }

    private static Instant instantParam(Context ctx, String name, Instant otherwise) {
        String v = ctx.queryParam(name);
        if (v == null || v.isBlank()) {
            return otherwise;
        }
        try {
            return Instant.parse(v);
        } catch (DateTimeParseException e) {
            throw new BadInputException(name, name + " \"" + (v.length() > 40 ? v.substring(0, 40) + "…" : v)
                    + "\" is not an instant such as 2026-12-02T10:00:00Z");
        }
    }
}
