package codemojex.app.http;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.sse.SseClient;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Every route the API serves, listed once, with what each reads (its method, its path template, its
 * query parameters and the fields of its JSON body) and the handler that answers it. {@link HttpApi}
 * wires exactly these; a request is matched once ({@link #matched}), and the match is kept on the
 * request for the read limit, the query check and the metrics; the answers to a method a path does
 * not serve (405 and its {@code Allow}) and the hostile-input test, which sends its corpus to every
 * parameter and field listed, read the same table.
 */
public final class RouteTable {

    /** What a route answers with: a JSON answer, or a server-sent event stream. */
    public enum Kind { HTTP, SSE }

    /**
     * One route.
     *
     * @param method its HTTP method ({@code GET} for an event stream)
     * @param path   its template, {@code {name}} for a path parameter
     * @param kind   JSON or event stream
     * @param query  the query parameters it reads
     * @param body   the fields of the JSON object body it reads (none: it reads no body)
     * @param answer what answers it, taken from the API's route handlers
     */
    public record Route(String method, String path, Kind kind, List<String> query, List<String> body, Answer answer) {
        public Route {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(answer, "answer");
            query = List.copyOf(query);
            body = List.copyOf(body);
            if ((kind == Kind.SSE) != (answer instanceof Answer.Stream)) {
                throw new IllegalArgumentException(method + " " + path + ": a " + kind + " route answered by " + answer);
            }
        }

        /** Whether {@code path} (a request's, decoded) is one this template names. */
        public boolean matches(String requestPath) {
            return matches(requestPath.split("/", -1));
        }

        /** Whether a request path, split at its slashes, is one this template names. */
        boolean matches(String[] p) {
            String[] t = SEGMENTS.computeIfAbsent(path, k -> k.split("/", -1));
            if (t.length != p.length) {
                return false;
            }
            for (int i = 0; i < t.length; i++) {
                boolean param = t[i].startsWith("{") && t[i].endsWith("}");
                if (param ? p[i].isEmpty() : !t[i].equals(p[i])) {
                    return false;
                }
            }
            return true;
        }

        /** The path parameters of the template, in order. */
        public List<String> pathParams() {
            return Arrays.stream(path.split("/")).filter(s -> s.startsWith("{")).map(s -> s.substring(1, s.length() - 1)).toList();
        }

        /** {@code METHOD path}, as requests are counted. */
        public String key() {
            return method + " " + path;
        }
    }

    /**
     * The API's route handlers, one per resource, that the table's answers are taken from.
     *
     * @param games    rooms and games
     * @param players  joining, the session's player
     * @param guesses  submitting and reading guesses
     * @param reports  boards, the feed, openings, results
     * @param live     the event streams
     * @param health   liveness
     */
    record Handlers(GameRoutes games, PlayerRoutes players, GuessRoutes guesses, ReportRoutes reports, LiveRoutes live,
                    HealthRoutes health) {
    }

    /** What answers a route: a JSON handler, or an event stream with the check that runs before it starts. */
    public sealed interface Answer {
        /** A JSON answer. */
        record Json(Function<Handlers, Handler> handler) implements Answer {
        }

        /** An event stream, {@code before} checking the request first (an unknown game is a 404, not a stream). */
        record Stream(Function<Handlers, Consumer<SseClient>> client, Optional<Function<Handlers, Handler>> before) implements Answer {
        }
    }

    private static Route get(String path, Function<Handlers, Handler> h, String... query) {
        return new Route("GET", path, Kind.HTTP, List.of(query), List.of(), new Answer.Json(h));
    }

    private static Route post(String path, Function<Handlers, Handler> h, String... body) {
        return new Route("POST", path, Kind.HTTP, List.of(), List.of(body), new Answer.Json(h));
    }

    private static Route sse(String path, Function<Handlers, Consumer<SseClient>> client, Function<Handlers, Handler> before,
                             String... query) {
        return new Route("GET", path, Kind.SSE, List.of(query), List.of(), new Answer.Stream(client, Optional.ofNullable(before)));
    }

    /** The routes, in the order they are wired. */
    public static final List<Route> ALL = List.of(
            post("/rooms", h -> h.games()::open, "room"),
            get("/games/{game}", h -> h.games()::game),
            post("/games/{game}/players", h -> h.players()::join, "name", "cookie"),
            get("/games/{game}/players/me", h -> h.players()::me),
            post("/games/{game}/guesses", h -> h.guesses()::submit, "guess", "player", "playerId"),
            get("/games/{game}/guesses", h -> h.guesses()::mine, "player"),
            get("/games/{game}/guesses/{guessId}", h -> h.guesses()::guess),
            get("/games/{game}/board", h -> h.reports()::board, "top"),
            get("/games/{game}/sessions", h -> h.reports()::sessions, "gap"),
            get("/feed", h -> h.reports()::feed, "since"),
            get("/feed/series", h -> h.reports()::feedSeries, "since", "bucket"),
            get("/rooms/openings", h -> h.reports()::openings, "from", "to"),
            get("/rooms/openings/series", h -> h.reports()::openingsSeries, "from", "to", "bucket", "zone", "dayStarts"),
            get("/results", h -> h.reports()::results, "day", "zone"),
            sse("/games/{game}/events", h -> h.live()::game, h -> h.live()::requireGame),
            sse("/feed/events", h -> h.live()::feed, h -> h.live()::requireBuckets, "buckets"),
            sse("/lobby/events", h -> h.live()::lobby, null),
            sse("/events", h -> h.live()::events, h -> h.live()::requireGameIfAny, "game", "last"),
            get("/health", h -> h.health()::liveness)); // liveness only: the details are the management port's

    /** The request attribute the match of a request is kept under. */
    private static final String MATCHED = RouteTable.class.getName() + ".matched";

    /**
     * Matches {@code ctx} once and keeps the match on it: the first thing done to a request.
     * {@link #matched} reads it afterwards.
     */
    static void match(Context ctx) {
        ctx.attribute(MATCHED, match(ctx.method().name(), ctx.path()));
    }

    /** The route {@code ctx} was matched to by {@link #match(Context)} (matched now if it was not). */
    static Optional<Route> matched(Context ctx) {
        Optional<Route> r = ctx.attribute(MATCHED);
        return r != null ? r : match(ctx.method().name(), ctx.path());
    }

    private RouteTable() {
    }

    /**
     * The route serving {@code method} on {@code path}. A literal segment wins over a parameter
     * ({@code /games/x/players/me} is not {@code /games/{game}/guesses/{guessId}}'s shape anyway).
     */
    public static Optional<Route> match(String method, String path) {
        // every answered request is counted under its route: the request path is split once, the templates once ever
        String[] p = path.split("/", -1);
        for (Route r : ALL) {
            if (r.method().equals(method) && r.matches(p)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }

    /** Each template split at its slashes, once. */
    private static final ConcurrentHashMap<String, String[]> SEGMENTS = new ConcurrentHashMap<>();

    /** The methods some route serves on {@code path}, in the table's order; empty when no route names it. */
    public static Set<String> allowed(String path) {
        Set<String> out = new LinkedHashSet<>();
        ALL.stream().filter(r -> r.matches(path)).forEach(r -> out.add(r.method()));
        return out;
    }

}
