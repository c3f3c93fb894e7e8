package codemojex.app.http;

import io.javalin.http.Context;

import java.util.Objects;
import java.util.function.Supplier;

/** What operators read: {@code GET /health} and Prometheus' {@code GET /metrics}. */
final class HealthRoutes {

    private final Supplier<HealthWeb> health;
    private final Supplier<String> scrape;

    /** {@code health} is read afresh for each request, {@code scrape} is the registry's text. */
    HealthRoutes(Supplier<HealthWeb> health, Supplier<String> scrape) {
        this.health = Objects.requireNonNull(health, "health");
        this.scrape = Objects.requireNonNull(scrape, "scrape");
    }

    /** {@code GET /health}. */
    void health(Context ctx) {
        ctx.json(health.get());
    }

    /** {@code GET /metrics}: Prometheus' text format (version 0.0.4), as a scraper asks for it. */
    void metrics(Context ctx) {
        ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(scrape.get());
    }
}
