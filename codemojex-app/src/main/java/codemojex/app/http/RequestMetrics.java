package codemojex.app.http;

import codemojex.app.core.LogSafe;
import io.javalin.http.Context;
import io.javalin.router.Endpoint;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.eclipse.jetty.http.HttpMethod;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.IdentityHashMap;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

/** What every answered request leaves behind: its count per route (for {@code /health}), its timer, and a log line when it failed. */
final class RequestMetrics {

    private static final Logger log = LoggerFactory.getLogger(WebLog.NAME);

    private final Traffic traffic;
    private final MeterRegistry meters;
    /** The listed routes' meters, by the route itself: built once, read without a lock, no key string per request. */
    private final IdentityHashMap<RouteTable.Route, RouteMeters> listed = new IdentityHashMap<>();
    /** The other requests' timers (static files, unknown paths), by method, route and status. */
    private final ConcurrentHashMap<String, Timer> timers = new ConcurrentHashMap<>();

    /** Counts into {@code traffic} and times into {@code meters}, where the open event streams are a gauge from now on. */
    RequestMetrics(Traffic traffic, MeterRegistry meters) {
        this.traffic = Objects.requireNonNull(traffic, "traffic");
        this.meters = Objects.requireNonNull(meters, "meters");
        Gauge.builder("codemojex.http.event.streams", traffic, Traffic::streams).description("open server-sent event streams").register(meters);
        for (RouteTable.Route r : RouteTable.ALL) {
            listed.put(r, new RouteMeters(r.key()));
        }
    }

    /** A listed route's count and its timers by status, each made at its first request. */
    private static final class RouteMeters {
        final String key;
        final AtomicReferenceArray<Timer> byStatus = new AtomicReferenceArray<>(600);
        volatile LongAdder count;

        RouteMeters(String key) {
            this.key = key;
        }
    }

    /** Records request {@code ctx}, answered in {@code ms}. */
    void record(Context ctx, Float ms) {
        int status = ctx.statusCode();
        var matched = RouteTable.matched(ctx);
        RouteMeters m = matched.isPresent() ? listed.get(matched.get()) : null;
        if (m != null && status >= 0 && status < 600) {
            LongAdder count = m.count;
            if (count == null) {
                m.count = count = traffic.counter(m.key);
            }
            count.increment();
            Timer t = m.byStatus.get(status);
            if (t == null) {
                t = timer(ctx.method().name(), m.key, status);
                m.byStatus.set(status, t);
            }
            t.record((long) (ms * 1_000_000), TimeUnit.NANOSECONDS);
        } else {
            String route = m != null ? m.key : route(ctx);
            traffic.counter(route).increment();
            String method = ctx.method().name();
            timers.computeIfAbsent(method + " " + route + " " + status, k -> timer(method, route, status))
                    .record((long) (ms * 1_000_000), TimeUnit.NANOSECONDS);
        }
        if (status >= 500) {
            log.warn("{} {} -> {} in {} ms", ctx.method(), LogSafe.escape(ctx.path()), status, Math.round(ms));
        } else if (status >= 400) {
            log.debug("{} {} -> {} in {} ms", ctx.method(), LogSafe.escape(ctx.path()), status, Math.round(ms));
        }
    }

    /**
     * Records a request Jetty answered before the app saw it ({@code method}, {@code path} as far as they were read),
     * with {@code status}, begun {@code nanos} ago: a header block under the read floor, cut with a 408.
     */
    void recordUnrouted(String method, String path, int status, long nanos) {
        // a method Jetty had not read yet is its placeholder ("BAD"): not a method
        String m = HttpMethod.fromString(method) == null ? "UNKNOWN" : method;
        String route = path == null ? "other" : RouteTable.match(m, path).map(RouteTable.Route::key).orElse("other");
        traffic.counter(route).increment();
        timers.computeIfAbsent(m + " " + route + " " + status, k -> timer(m, route, status)).record(Math.max(0, nanos), TimeUnit.NANOSECONDS);
    }

    /**
     * The timer of {@code route} answering {@code status}. Micrometer's convention for HTTP servers: the route template,
     * never the raw path (ids would be unbounded); each timer built and registered once (routes times statuses is a small
     * set), not at every request.
     */
    private Timer timer(String method, String route, int status) {
        return Timer.builder("http.server.requests")
                .tags("method", method, "uri", route.equals("other") ? "UNKNOWN" : route.substring(route.indexOf(' ') + 1),
                        "status", Integer.toString(status), "outcome", outcome(status))
                .register(meters);
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
        // the route the request was for, even when a before handler answered it (a 429, a 406):
        // Javalin's endpoint is then the before handler's "*"
        var listed = RouteTable.matched(ctx);
        if (listed.isPresent()) {
            return listed.get().key();
        }
        try {
            Endpoint e = ctx.endpoint();
            return e == null ? "other" : e.method + " " + e.path;
        } catch (RuntimeException none) {
            return "other";
        }
    }
}
