package codemojex.app.http;

import codemojex.app.core.Dates;
import codemojex.app.core.Instants;
import codemojex.app.core.Reports;
import codemojex.app.core.SeriesQuery;
import io.javalin.http.Context;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
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
        Duration since = Reports.since(ctx.queryParam("since"));
        ctx.json(FeedWeb.of(since, reports.feed(since)));
    }

    /**
     * {@code GET /rooms/openings?from=&to=}: the last day's by default. Without {@code to} the window
     * is left open at its end (the last day sliding, or since {@code from}), so repeated requests are
     * served from the reader's cache; {@code to} shown is the instant it was read.
     */
    void openings(Context ctx) {
        String from = ctx.queryParam("from");
        String to = ctx.queryParam("to");
        Instants.Range r = Instants.range(from, to, reports.now(), Reports.OPENINGS_SPAN); // checked, and the bounds shown
        ctx.json(OpeningsWeb.of(r.from(), r.to(), blank(to)
                ? reports.openingsUntilNow(blank(from) ? Option.none() : Option.some(r.from()))
                : reports.openings(r.from(), r.to())));
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /** {@code GET /results?day=&zone=}: today's in UTC by default. */
    void results(Context ctx) {
        ZoneId zone = Dates.zone("zone", ctx.queryParam("zone"));
        String d = ctx.queryParam("day");
        LocalDate day = d == null || d.isBlank() ? LocalDate.now(zone) : Dates.parse("day", d);
        ctx.json(ResultsWeb.of(day, zone, reports.results(day, zone)));
    }
}
