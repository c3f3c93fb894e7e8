package codemojex.app.http;

import codemojex.app.core.LogSafe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the HTTP server answered: requests per route, the event streams open now, the event
 * frames built and sent. For {@code /health}; and the open streams' pings.
 */
public final class Traffic {

    private static final Logger log = LoggerFactory.getLogger(WebLog.NAME); // the web adapter logs as one

    private final Map<String, LongAdder> requests = new ConcurrentHashMap<>();
    final Set<EventStream> streams = ConcurrentHashMap.newKeySet();
    final AtomicLong framesBuilt = new AtomicLong();
    final AtomicLong framesSent = new AtomicLong();

    /** Requests answered so far per route ({@code GET /games/{game}/board}); static files and unknown paths as {@code other}. */
    public Map<String, Long> requests() {
        Map<String, Long> out = new TreeMap<>();
        requests.forEach((route, n) -> {
            long count = n.sum();
            if (count > 0) {
                out.put(route, count);
            }
        });
        return out;
    }

    /** The count of requests answered on {@code route}, to add to. */
    LongAdder counter(String route) {
        return requests.computeIfAbsent(route, k -> new LongAdder());
    }

    /** Event streams open now. */
    public int streams() {
        return streams.size();
    }

    /** Event frames written as JSON so far: once per change of what is watched, however many clients watch it. */
    public long framesBuilt() {
        return framesBuilt.get();
    }

    /** Event frames sent so far, one per client per change. */
    public long framesSent() {
        return framesSent.get();
    }

    /**
     * A comment to every open stream: keeps proxies from closing idle streams and finds the clients
     * that left. A stream whose client left, or whose comment fails, is released (its live values'
     * subscriptions stopped) and the others are pinged all the same: no one client's failure stops
     * the pings. Returns how many streams were pinged.
     */
    public int ping() {
        int pinged = 0;
        for (EventStream s : streams) {
            if (s.terminated()) {
                release(s);
                continue;
            }
            try {
                s.ping();
                pinged++;
            } catch (RuntimeException e) {
                log.debug("an event stream could not be pinged, released: {}", LogSafe.escape(String.valueOf(e.getMessage())));
                release(s);
            }
        }
        return pinged;
    }

    private void release(EventStream s) {
        streams.remove(s);
        try {
            s.release();
        } catch (RuntimeException e) {
            log.warn("could not release an event stream: {}", LogSafe.escape(String.valueOf(e.getMessage())));
        }
    }
}
