package codemojex.app.cli;

import codemojex.app.Codemojex;
import codemojex.app.Settings;
import codemojex.app.core.BadInputException;
import codemojex.app.core.Bounded;
import codemojex.app.core.DurationFields;
import codemojex.app.core.FeedBucket;
import codemojex.app.core.SeriesQuery;
import echomq.domain.fold.Tally;
import echomq.domain.window.Bucket;
import echomq.domain.window.Series;
import io.vavr.collection.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Instant;
import java.util.Locale;
import java.util.TreeMap;
import java.util.stream.Collectors;

@Command(name = "series", mixinStandardHelpOptions = true,
        description = {"Print a series as a table, every bucket present, quiet ones with 0.",
                "  series --since 1h --bucket 1m    scored guesses and distinct players per bucket of the feed",
                "  series --stat p90                the 90th percentile of the totals scored per bucket (p50, p99, distinct)",
                "  series --openings --from 2026-12-01 --to 2026-12-07 --bucket 1d --zone Europe/Berlin",
                "                                   games opened per calendar day (1w, 1mo) in the zone"})
final class FeedSeriesCommand implements Runnable {


    @Mixin
    RedisOption redis;

    @Option(names = "--openings", description = "games opened per calendar bucket rather than the feed's scored guesses")
    boolean openings;

    @Option(names = "--since", description = "the feed's window: 5m, 15m, 1h, 6h, 24h or 7d (default: 1h)")
    String since;

    @Option(names = "--bucket", description = "the feed's: 1m, 5m, 15m, 1h or 1d (default: 1m); the openings': 1d, 1w or 1mo (default: 1d)")
    String bucket;

    @Option(names = "--stat", description = "the feed's: count (scored guesses and players), p50, p90 or p99 (of the totals "
            + "scored; - for a quiet bucket) or distinct (distinct players) per bucket (default: count)")
    String stat;

    /** What a feed series prints per bucket. */
    enum Stat {
        COUNT, P50, P90, P99, DISTINCT;

        /** {@code text} as {@code --stat} spells it; {@link #COUNT} when not given. @throws BadInputException naming {@code stat} */
        static Stat parse(String text) {
            if (text == null) {
                return COUNT;
            }
            for (Stat s : values()) {
                if (s.name().toLowerCase(Locale.ROOT).equals(text.trim())) {
                    return s;
                }
            }
            throw new BadInputException("stat", "stat must be one of count, p50, p90, p99, distinct, got " + Bounded.shown(text));
        }

        String column() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The bucket's value of this stat ({@link #COUNT} aside). */
        String of(FeedBucket b) {
            return switch (this) {
                case COUNT -> Long.toString(b.guesses());
                case P50 -> b.stats().quantile(0.5).map(String::valueOf).getOrElse("-");
                case P90 -> b.stats().quantile(0.9).map(String::valueOf).getOrElse("-");
                case P99 -> b.stats().quantile(0.99).map(String::valueOf).getOrElse("-");
                case DISTINCT -> Long.toString(b.stats().distinctPlayers());
            };
        }
    }

    @Option(names = "--from", description = "openings: the first day, a date (2026-12-01) or an instant (2026-12-01T05:00:00Z) "
            + "(default: 29 days before --to)")
    String from;

    @Option(names = "--to", description = "openings: the last day, a date or an instant (default: today in --zone)")
    String to;

    @Option(names = "--zone", description = "openings: the time zone of the calendar, e.g. Europe/Berlin (default: UTC)")
    String zone;

    @Option(names = "--day-starts", paramLabel = "HH:MM", description = "openings: the local time a day starts at (default: 00:00)")
    String dayStarts;

    @Override
    public void run() {
        if (openings) {
            if (stat != null) {
                throw new IllegalArgumentException("--stat is an option of the feed's series, not of series --openings");
            }
            SeriesQuery.Openings q = SeriesQuery.openings(from, to, bucket, zone, dayStarts, Settings.SYSTEM_CLOCK.instant());
            try (Codemojex app = redis.require()) {
                Series<Tally<Map<String, Integer>>> s = app.useCases().openings().openingsSeries(q);
                System.out.println("games opened from " + q.from() + " to " + q.to() + " in buckets of " + q.bucket() + " ("
                        + q.zone().getId() + ", days from " + q.dayStarts() + ")");
                System.out.printf("%-24s  %-24s  %7s  %s%n", "from", "to", "entries", "rooms");
                for (Bucket<Tally<Map<String, Integer>>> b : s.buckets()) {
                    Map<String, Integer> rooms = b.value().value();
                    System.out.printf("%-24s  %-24s  %7d  %s%n", b.window().t0(), b.window().t1(), rooms.values().sum().longValue(),
                            new TreeMap<>(rooms.toJavaMap()).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                                    .collect(Collectors.joining(" ")));
                }
                s.buckets().forEach(b -> Skipped.print(b.value()));
            }
            return;
        }
        if (from != null || to != null || zone != null || dayStarts != null) {
            throw new IllegalArgumentException("--from, --to, --zone and --day-starts are options of series --openings");
        }
        Stat shown = Stat.parse(stat); // refused before Redis is reached
        SeriesQuery.Feed q = SeriesQuery.feed(since, bucket);
        try (Codemojex app = redis.require()) {
            Series<Tally<FeedBucket>> s = app.useCases().feeds().feedSeries(q);
            System.out.println((shown == Stat.COUNT || shown == Stat.DISTINCT ? "scored guesses" : "totals scored (" + shown.column() + ")")
                    + " in the last " + DurationFields.format(q.since()) + " in buckets of "
                    + DurationFields.format(q.bucket()));
            if (shown == Stat.COUNT) {
                System.out.printf("%-24s  %-24s  %7s  %7s%n", "from", "to", "entries", "players");
            } else {
                System.out.printf("%-24s  %-24s  %8s%n", "from", "to", shown.column());
            }
            for (Bucket<Tally<FeedBucket>> b : s.buckets()) {
                FeedBucket fb = b.value().value();
                if (shown == Stat.COUNT) {
                    System.out.printf("%-24s  %-24s  %7d  %7d%n", b.window().t0(), b.window().t1(), fb.guesses(), fb.byPlayer().size());
                } else {
                    System.out.printf("%-24s  %-24s  %8s%n", b.window().t0(), b.window().t1(), shown.of(fb));
                }
            }
            s.buckets().forEach(b -> Skipped.print(b.value()));
        }
    }
}
