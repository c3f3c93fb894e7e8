package codemojex.app.http;

import io.javalin.http.Context;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * What operators read, on the management port: the detailed {@code GET /health} and Prometheus'
 * {@code GET /metrics}; and what the public port answers of its health, liveness only.
 */
final class HealthRoutes {

    /**
     * The public port's {@code GET /health}: the process serves, nothing more (what the app holds,
     * runs and counts is the management port's).
     *
     * @param status {@code UP}
     */
    record Liveness(String status) {
        static final Liveness UP = new Liveness("UP");
    }

    private final Supplier<HealthWeb> health;
    private final Supplier<String> scrape;

    /** {@code health} is read afresh for each request, {@code scrape} is the registry's text. */
    HealthRoutes(Supplier<HealthWeb> health, Supplier<String> scrape) {
        this.health = Objects.requireNonNull(health, "health");
        this.scrape = Objects.requireNonNull(scrape, "scrape");
    }

    /** The public port's {@code GET /health}: {@code {"status":"UP"}}, no details. */
    void liveness(Context ctx) {
        ctx.json(Liveness.UP);
    }

    /** The management port's {@code GET /health}: Redis, writes, worker, caches, traffic. */
    void health(Context ctx) {
        ctx.json(health.get());
    }

    /** {@code GET /metrics}: Prometheus' text format (version 0.0.4), as a scraper asks for it. */
    void metrics(Context ctx) {
        ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(scrape.get());
    }
}
