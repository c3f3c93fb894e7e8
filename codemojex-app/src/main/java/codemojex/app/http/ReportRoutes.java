package codemojex.app.http;

import codemojex.app.core.BadInputException;
import codemojex.app.core.Durations;
import codemojex.app.core.Reports;
import codemojex.app.core.SeriesQuery;
import io.javalin.http.Context;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Objects;

/** What players and operators read, folds of the log: a game's board, the feed, room openings, a day's results. */
final class ReportRoutes {

    private final Reports reports;
    private final Duration chartBucket;

    /** Over the reports; the feed's series also takes the live chart's bucket, its default. */
    ReportRoutes(Reports reports, Duration chartBucket) {
        this.reports = Objects.requireNonNull(reports, "reports");
        this.chartBucket = Objects.requireNonNull(chartBucket, "chartBucket");
    }

    /** {@code GET /feed/series?since=1h&bucket=1m}: every bucket of the window, quiet ones included; the chart's bucket by default. */
    void feedSeries(Context ctx) {
        SeriesQuery.Feed q = SeriesQuery.feed(ctx.queryParam("since"), ctx.queryParam("bucket"), chartBucket,
                SeriesQuery.feedBuckets(chartBucket));
        ctx.json(SeriesWeb.feed(q, reports.feedSeries(q)));
    }

    /** {@code GET /rooms/openings/series?from=&to=&bucket=1d&zone=UTC&dayStarts=00:00}: games opened per calendar bucket. */
    void openingsSeries(Context ctx) {
        SeriesQuery.Openings q = SeriesQuery.openings(ctx.queryParam("from"), ctx.queryParam("to"), ctx.queryParam("bucket"),
                ctx.queryParam("zone"), ctx.queryParam("dayStarts"), Instant.now());
        ctx.json(SeriesWeb.openings(q, reports.openingsSeries(q)));
    }

    /** {@code GET /games/{game}/board?top=10}. */
    void board(Context ctx) {
        String game = ctx.pathParam("game");
        ctx.json(new BoardWeb(game, BoardWeb.of(reports.board(game, Requests.intParam(ctx, "top", 10)))));
    }

    /** {@code GET /feed?since=1h}. */
    void feed(Context ctx) {
        Duration since = Durations.parse("since", Requests.queryOr(ctx, "since", "1h"));
        ctx.json(FeedWeb.of(since, reports.feed(since)));
    }

    /** {@code GET /rooms/openings?from=&to=}: the last day's by default. */
    void openings(Context ctx) {
        Instant to = Requests.instantParam(ctx, "to", Instant.now());
        Instant from = Requests.instantParam(ctx, "from", to.minus(Duration.ofDays(1)));
        ctx.json(OpeningsWeb.of(from, to, reports.openings(from, to)));
    }

    /** {@code GET /results?day=&zone=}: today's in UTC by default. */
    void results(Context ctx) {
        ZoneId zone = BadInputException.check("zone", () -> {
            String z = Requests.queryOr(ctx, "zone", "UTC");
            try {
                return ZoneId.of(z);
            } catch (DateTimeException e) {
                throw new IllegalArgumentException("zone \"" + (z.length() > 40 ? z.substring(0, 40) : z) + "\" is not a time zone such as UTC or Europe/Paris");
            }
        });
        LocalDate day = BadInputException.check("day", () -> {
            String d = ctx.queryParam("day");
            try {
                return d == null || d.isBlank() ? LocalDate.now(zone) : LocalDate.parse(d);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("day \"" + d + "\" is not a date such as 2026-12-02");
            }
        });
        ctx.json(ResultsWeb.of(day, zone, reports.results(day, zone)));
    }
}
