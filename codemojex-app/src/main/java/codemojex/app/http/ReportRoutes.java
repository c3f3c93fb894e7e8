package codemojex.app.http;

import codemojex.app.core.Dates;
import codemojex.app.core.DurationFields;
import codemojex.app.core.FeedWindow;
import codemojex.app.core.SeriesQuery;
import codemojex.app.core.port.in.BoardQuery;
import codemojex.app.core.port.in.FeedQuery;
import codemojex.app.core.port.in.OpeningsQuery;
import codemojex.app.core.port.in.ResultsQuery;
import codemojex.app.core.port.in.SessionsQuery;
import io.javalin.http.Context;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Objects;

/** What players and operators read, folds of the log: a game's board, the feed, room openings, a day's results. */
final class ReportRoutes {

    private final FeedQuery feeds;
    private final BoardQuery boards;
    private final OpeningsQuery openings;
    private final ResultsQuery results;
    private final SessionsQuery sessions;
    private final Duration chartBucket;
    private final Clock clock;

    /** Over the read use cases; the feed's series also takes the live chart's bucket, its default; defaults are read at {@code clock}. */
    ReportRoutes(FeedQuery feeds, BoardQuery boards, OpeningsQuery openings, ResultsQuery results, SessionsQuery sessions, Duration chartBucket, Clock clock) {
        this.feeds = Objects.requireNonNull(feeds, "feeds");
        this.boards = Objects.requireNonNull(boards, "boards");
        this.openings = Objects.requireNonNull(openings, "openings");
        this.results = Objects.requireNonNull(results, "results");
        this.sessions = Objects.requireNonNull(sessions, "sessions");
        this.chartBucket = Objects.requireNonNull(chartBucket, "chartBucket");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** {@code GET /feed/series?since=1h&bucket=1m}: every bucket of the window, quiet ones included; the chart's bucket by default. */
    void feedSeries(Context ctx) {
        SeriesQuery.Feed q = SeriesQuery.feed(ctx.queryParam("since"), ctx.queryParam("bucket"), chartBucket,
                SeriesQuery.feedBuckets(chartBucket));
        ctx.json(SeriesWeb.feed(q, feeds.feedSeries(q)).keptFrom(feeds.keptFrom(q.since())));
    }

    /** {@code GET /rooms/openings/series?from=&to=&bucket=1d&zone=UTC&dayStarts=00:00}: games opened per calendar bucket. */
    void openingsSeries(Context ctx) {
        SeriesQuery.Openings q = SeriesQuery.openings(ctx.queryParam("from"), ctx.queryParam("to"), ctx.queryParam("bucket"),
                ctx.queryParam("zone"), ctx.queryParam("dayStarts"), clock.instant());
        ctx.json(SeriesWeb.openings(q, openings.openingsSeries(q)).keptFrom(openings.keptFrom(q.from())));
    }

    /** {@code GET /games/{game}/board?top=10}. */
    void board(Context ctx) {
        String game = ctx.pathParam("game");
        ctx.json(new BoardWeb(game, BoardWeb.of(boards.board(game, Requests.intParam(ctx, "top", 10)))));
    }

    /** {@code GET /games/{game}/sessions?gap=2m}: each player's bursts of guesses, cut by {@code gap} (1s..1h) of quiet. */
    void sessions(Context ctx) {
        String game = ctx.pathParam("game");
        String g = ctx.queryParam("gap");
        Duration gap = g == null ? SessionsQuery.DEFAULT_GAP : DurationFields.parse("gap", g, SessionsQuery.MIN_GAP, SessionsQuery.MAX_GAP);
        ctx.json(SessionsWeb.of(game, gap, sessions.sessions(game, gap)));
    }

    /** {@code GET /feed?since=1h}. */
    void feed(Context ctx) {
        FeedWindow since = FeedWindow.parse(ctx.queryParam("since"));
        ctx.json(FeedWeb.of(since.length(), feeds.feed(since), feeds.feedStats(since).value()).keptFrom(feeds.keptFrom(since.length())));
    }

    /**
     * {@code GET /rooms/openings?from=&to=}: the last day's by default. Without {@code to} the window
     * is left open at its end (the last day sliding, or since {@code from}), so repeated requests are
     * served from the reader's cache; {@code to} shown is the instant it was read.
     */
    void openings(Context ctx) {
        OpeningsQuery.Span span = OpeningsQuery.Span.of(ctx.queryParam("from"), ctx.queryParam("to"), clock.instant());
        ctx.json(OpeningsWeb.of(span.from(), span.to(), openings.openings(span)).keptFrom(openings.keptFrom(span.from())));
    }

    /** {@code GET /results?day=&zone=}: today's in UTC by default. */
    void results(Context ctx) {
        ZoneId zone = Dates.zone("zone", ctx.queryParam("zone"));
        String d = ctx.queryParam("day");
        LocalDate day = d == null ? LocalDate.ofInstant(clock.instant(), zone) : Dates.parse("day", d);
        ctx.json(ResultsWeb.of(day, zone, results.results(day, zone)).keptFrom(results.keptFrom(day.atStartOfDay(zone).toInstant())));
    }
}
