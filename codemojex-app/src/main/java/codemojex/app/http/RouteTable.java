package codemojex.app.http;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Every route the API serves, with what each reads: its method, its path template, its query
 * parameters and the fields of its JSON body. {@link HttpApi} wires exactly these (a route wired
 * and not listed, or listed and not wired, stops the server from starting); the answers to a method
 * a path does not serve (405 and its {@code Allow}), the route template a request is counted under
 * and the hostile-input test, which sends its corpus to every parameter and field listed, read them.
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
     */
    public record Route(String method, String path, Kind kind, List<String> query, List<String> body) {
        public Route {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(kind, "kind");
            query = List.copyOf(query);
            body = List.copyOf(body);
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
            return java.util.Arrays.stream(path.split("/")).filter(s -> s.startsWith("{")).map(s -> s.substring(1, s.length() - 1)).toList();
        }

        /** {@code METHOD path}, as requests are counted. */
        public String key() {
            return method + " " + path;
        }
    }

    private static Route get(String path, String... query) {
        return new Route("GET", path, Kind.HTTP, List.of(query), List.of());
    }

    private static Route post(String path, String... body) {
        return new Route("POST", path, Kind.HTTP, List.of(), List.of(body));
    }

    private static Route sse(String path, String... query) {
        return new Route("GET", path, Kind.SSE, List.of(query), List.of());
    }

    /** The routes, in the order they are wired. */
    public static final List<Route> ALL = List.of(
            post("/rooms", "room"),
            get("/games/{game}"),
            post("/games/{game}/players", "name", "cookie"),
            get("/games/{game}/players/me"),
            post("/games/{game}/guesses", "guess", "player", "playerId"),
            get("/games/{game}/guesses", "player"),
            get("/games/{game}/guesses/{guessId}"),
            get("/games/{game}/board", "top"),
            get("/feed", "since"),
            get("/feed/series", "since", "bucket"),
            get("/rooms/openings", "from", "to"),
            get("/rooms/openings/series", "from", "to", "bucket", "zone", "dayStarts"),
            get("/results", "day", "zone"),
            sse("/games/{game}/events"),
            sse("/feed/events", "buckets"),
            sse("/lobby/events"),
            sse("/events", "game", "last"),
            get("/health"));

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
    private static final java.util.concurrent.ConcurrentHashMap<String, String[]> SEGMENTS = new java.util.concurrent.ConcurrentHashMap<>();

    /** The methods some route serves on {@code path}, in the table's order; empty when no route names it. */
    public static Set<String> allowed(String path) {
        Set<String> out = new LinkedHashSet<>();
        ALL.stream().filter(r -> r.matches(path)).forEach(r -> out.add(r.method()));
        return out;
    }

    /** The route {@code METHOD template}, which must be in the table. */
    static Route require(String method, String path) {
        return ALL.stream().filter(r -> r.method().equals(method) && r.path().equals(path)).findFirst()
                .orElseThrow(() -> new IllegalStateException(method + " " + path + " is wired but not in RouteTable.ALL: list it there "
                        + "with its query parameters and body fields"));
    }
}
