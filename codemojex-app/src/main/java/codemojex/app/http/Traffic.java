package codemojex.app.http;

import io.javalin.http.sse.SseClient;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/** What the HTTP server answered: requests per route, and the event streams open now. For {@code /health}. */
public final class Traffic {

    final Map<String, Long> requests = new ConcurrentHashMap<>();
    final Set<SseClient> streams = ConcurrentHashMap.newKeySet();

    /** Requests answered so far per route ({@code GET /games/{game}/board}); static files and unknown paths as {@code other}. */
    public Map<String, Long> requests() {
        return new TreeMap<>(requests);
    }

    /** Event streams open now. */
    public int streams() {
        return streams.size();
    }
}
