package codemojex.app.http;

import codemojex.app.core.LogSafe;
import io.javalin.http.Context;
import io.javalin.router.Endpoint;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Objects;
import java.util.concurrent.TimeUnit;

/** What every answered request leaves behind: its count per route (for {@code /health}), its timer, and a log line when it failed. */
final class RequestMetrics {

    private static final Logger log = LoggerFactory.getLogger(HttpApi.class);

    private final Traffic traffic;
    private final MeterRegistry meters;
    private final java.util.concurrent.ConcurrentHashMap<String, Timer> timers = new java.util.concurrent.ConcurrentHashMap<>();

    /** Counts into {@code traffic} and times into {@code meters}, where the open event streams are a gauge from now on. */
    RequestMetrics(Traffic traffic, MeterRegistry meters) {
        this.traffic = Objects.requireNonNull(traffic, "traffic");
        this.meters = Objects.requireNonNull(meters, "meters");
        Gauge.builder("codemojex.http.event.streams", traffic, Traffic::streams).description("open server-sent event streams").register(meters);
    }

    /** Records request {@code ctx}, answered in {@code ms}. */
    void record(Context ctx, Float ms) {
        String route = route(ctx);
        traffic.requests.merge(route, 1L, Long::sum);
        // Micrometer's convention for HTTP servers: the route template, never the raw path (ids would be unbounded);
        // each timer built and registered once (routes times statuses is a small set), not at every request
        String method = ctx.method().name();
        int status = ctx.statusCode();
        timers.computeIfAbsent(method + " " + route + " " + status, k -> Timer.builder("http.server.requests")
                        .tags("method", method, "uri", route.equals("other") ? "UNKNOWN" : route.substring(route.indexOf(' ') + 1),
                                "status", Integer.toString(status), "outcome", outcome(status))
                        .register(meters))
                .record((long) (ms * 1_000_000), TimeUnit.NANOSECONDS);
        if (ctx.statusCode() >= 500) {
            log.warn("{} {} -> {} in {} ms", ctx.method(), LogSafe.escape(ctx.path()), ctx.statusCode(), Math.round(ms));
        } else if (ctx.statusCode() >= 400) {
            log.debug("{} {} -> {} in {} ms", ctx.method(), LogSafe.escape(ctx.path()), ctx.statusCode(), Math.round(ms));
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
