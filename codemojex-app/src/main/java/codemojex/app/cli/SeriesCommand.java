package codemojex.app.cli;

import codemojex.app.Codemojex;
import codemojex.app.core.SeriesQuery;
import echomq.domain.fold.Tally;
import echomq.domain.window.Bucket;
import echomq.domain.window.Series;
import io.vavr.collection.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Instant;
import java.util.stream.Collectors;

@Command(name = "series", mixinStandardHelpOptions = true,
        description = {"Print a series as a table, every bucket present, quiet ones with 0.",
                "  series --since 1h --bucket 1m    scored guesses and distinct players per bucket of the feed",
                "  series --openings --from 2026-12-01 --to 2026-12-07 --bucket 1d --zone Europe/Berlin",
                "                                   games opened per calendar day (1w, 1mo) in the zone"})
final class SeriesCommand implements Runnable {

    @picocli.CommandLine.ParentCommand
    Main main;

    @Mixin
    RedisOption redis;

    @Option(names = "--openings", description = "games opened per calendar bucket rather than the feed's scored guesses")
    boolean openings;

    @Option(names = "--since", description = "the feed's window: 5m, 15m, 1h, 6h, 24h or 7d (default: 1h)")
    String since;

    @Option(names = "--bucket", description = "the feed's: 1m, 5m, 15m, 1h or 1d (default: 1m); the openings': 1d, 1w or 1mo (default: 1d)")
    String bucket;

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
            SeriesQuery.Openings q = SeriesQuery.openings(from, to, bucket, zone, dayStarts, main.clock().instant());
            try (Codemojex app = redis.require()) {
                Series<Tally<Map<String, Integer>>> s = app.useCases().openings().openingsSeries(q);
                System.out.println("games opened from " + q.from() + " to " + q.to() + " in buckets of " + q.bucket() + " ("
                        + q.zone().getId() + ", days from " + q.dayStarts() + ")");
                System.out.printf("%-24s  %-24s  %7s  %s%n", "from", "to", "entries", "rooms");
                for (Bucket<Tally<Map<String, Integer>>> b : s.buckets()) {
                    Map<String, Integer> rooms = b.value().value();
                    System.out.printf("%-24s  %-24s  %7d  %s%n", b.window().t0(), b.window().t1(), rooms.values().sum().longValue(),
                            new java.util.TreeMap<>(rooms.toJavaMap()).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                                    .collect(Collectors.joining(" ")));
                }
                s.buckets().forEach(b -> Skipped.print(b.value()));
            }
            return;
        }
        if (from != null || to != null || zone != null || dayStarts != null) {
            throw new IllegalArgumentException("--from, --to, --zone and --day-starts are options of series --openings");
        }
        SeriesQuery.Feed q = SeriesQuery.feed(since, bucket);
        try (Codemojex app = redis.require()) {
            Series<Tally<Map<String, Long>>> s = app.useCases().feeds().feedSeries(q);
            System.out.println("scored guesses in the last " + codemojex.app.core.Durations.format(q.since()) + " in buckets of "
                    + codemojex.app.core.Durations.format(q.bucket()));
            System.out.printf("%-24s  %-24s  %7s  %7s%n", "from", "to", "entries", "players");
            for (Bucket<Tally<Map<String, Long>>> b : s.buckets()) {
                Map<String, Long> byPlayer = b.value().value();
                System.out.printf("%-24s  %-24s  %7d  %7d%n", b.window().t0(), b.window().t1(), byPlayer.values().sum().longValue(),
                        byPlayer.size());
            }
            s.buckets().forEach(b -> Skipped.print(b.value()));
        }
    }
}
