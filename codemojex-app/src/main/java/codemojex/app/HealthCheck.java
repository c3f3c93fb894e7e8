package codemojex.app;

import codemojex.app.core.CastReader;
import codemojex.app.core.LiveLead;
import codemojex.app.core.service.LiveService;
import codemojex.app.http.HealthWeb;
import codemojex.app.http.Traffic;
import codemojex.projections.Channels;
import echomq.domain.stream.StreamStoreException;
import io.vavr.control.Option;

/**
 * Reads what {@code GET /health} answers from the running app. It lives in the composition root:
 * only here are the store, the worker and the web adapter's traffic all in reach.
 */
final class HealthCheck {

    private HealthCheck() {
    }

    /** What {@code /health} says of a refusal: {@code redis refuses writes: out of memory (OOM command not allowed …)}. */
    static String refused(StreamStoreException.WritesRefused e) {
        String reply = String.valueOf(e.getMessage());
        int from = reply.indexOf(": ");
        reply = from < 0 ? reply : reply.substring(from + 2);
        int key = reply.indexOf(" [key ");
        reply = key < 0 ? reply : reply.substring(0, key);
        return "redis refuses writes: " + e.reason() + " (" + reply + ")";
    }

    /**
     * What {@code /health}'s status says: {@code degraded} when Redis is down, refuses writes or an
     * expected worker does not run; else {@code starting} until this instance has the live feed the lead
     * cast (until then a page's event stream waits for it, so a balancer asking for {@code ok} sends no
     * one to a process whose pages would wait); else {@code ok}.
     */
    static String status(boolean redisUp, boolean writesAccepted, boolean workerAsExpected, boolean feedFolded) {
        if (!redisUp || !writesAccepted || !workerAsExpected) {
            return "degraded";
        }
        return feedFolded ? "ok" : "starting";
    }

    /** The health of {@code app}, whose worker runs in this process when {@code workerExpected}. */
    static HealthWeb of(Codemojex app, boolean workerExpected, LiveService live, CastReader casts, LiveLead lead,
                        Traffic traffic) {
        boolean up;
        try {
            // a keyed read, so that a cluster client routes it too
            app.states().state(app.partitions().stream(0, Channels.GUESSES));
            up = true;
        } catch (RuntimeException e) {
            up = false;
        }
        // a Redis that is up may refuse writes (out of memory, cannot persist): reads are served, play is not
        String writes;
        try {
            writes = app.writes().refusal().map(HealthCheck::refused).getOrElse("accepted");
        } catch (RuntimeException e) {
            writes = "unknown";
        }
        Option<Long> pending;
        try {
            pending = Option.some(app.worker().pending());
        } catch (RuntimeException e) {
            pending = Option.none(); // Redis could not say: null, not a made-up count
        }
        HealthWeb.Worker worker = new HealthWeb.Worker(workerExpected, app.worker().isRunning(), app.worker().scored(),
                app.worker().rejected(), app.worker().claimed(), pending, app.worker().owned(), app.worker().fenced());
        boolean writing = "accepted".equals(writes);
        return new HealthWeb(status(up, writing, app.worker().isRunning() || !workerExpected, casts.latest("feed").isDefined()),
                up ? "up" : "down",
                writes, app.redis().client(), app.partitions().count(), worker, app.reads().metrics(),
                app.reads().skippedEntries().noted().stream()
                        .map(n -> new HealthWeb.Skipped(n.channel(), n.id().toString(), n.reason())).toList(),
                traffic.requests(), traffic.streams(), new HealthWeb.Frames(traffic.framesBuilt(), traffic.framesSent()),
                new HealthWeb.Streams(live.followerMetrics(), lead != null && lead.leading(),
                        live.feedMetrics(), casts.metrics(), live.watchedGames()));
    }
}
