package codemojex.app.http;

import codemojex.app.core.BadInputException;
import codemojex.app.core.Bounded;
import io.javalin.http.Context;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The query string of a request to a {@link RouteTable} route, checked before the route reads it:
 * a parameter the route reads that is sent twice ({@code ?since=1h&since=7d}) or whose
 * percent-encoding is broken ({@code ?since=%ZZ}) is a 400 naming it. Without this the first value
 * won silently, and a broken one was dropped, so the route answered its default as if asked for it.
 * A parameter given blank ({@code ?bucket=}, {@code ?top=%20}) is a 400 too: it used to fall back to
 * the default in silence. Parameters a route does not read are left alone, as the page and proxies
 * may add their own.
 */
final class QueryParams {

    private QueryParams() {
    }

    /** Refuses {@code ctx}'s query string as above; a path no route serves is left to its 404. */
    static void check(Context ctx) {
        String query = ctx.queryString();
        if (query == null || query.isEmpty()) {
            return;
        }
        List<String> reads = RouteTable.matched(ctx).map(RouteTable.Route::query).orElse(List.of());
        if (reads.isEmpty()) {
            return;
        }
        Set<String> seen = new HashSet<>();
        for (String pair : query.split("&", -1)) {
            int eq = pair.indexOf('=');
            String rawName = eq < 0 ? pair : pair.substring(0, eq);
            String name = decode(rawName, "query", "a query parameter's name");
            if (!reads.contains(name)) {
                continue;
            }
            String value = decode(eq < 0 ? "" : pair.substring(eq + 1), name, name);
            if (!seen.add(name)) {
                throw new BadInputException(name, name + " is given twice: give it once");
            }
            if (value.isBlank()) {
                // a blank value is not the default: leave the parameter out for that
                throw new BadInputException(name, name + " is blank: give a value, or leave " + name + " out for its default");
            }
        }
    }

    /** {@code raw} percent-decoded; refused naming {@code field} (as {@code what}) when its encoding is broken. */
    private static String decode(String raw, String field, String what) {
        if (raw.indexOf('%') < 0 && raw.indexOf('+') < 0) {
            return raw; // what URLDecoder answers for it, without its buffer
        }
        try {
            return URLDecoder.decode(raw, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(field, what + " " + Bounded.shown(raw)
                    + " is not valid percent-encoding (a % must be followed by two hex digits)");
        }
    }
}
