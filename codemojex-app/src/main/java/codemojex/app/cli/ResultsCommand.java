package codemojex.app.cli;

import codemojex.app.Codemojex;
import codemojex.app.Settings;
import codemojex.app.core.Dates;
import codemojex.projections.Projections;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.LocalDate;
import java.time.ZoneId;

@Command(name = "results", mixinStandardHelpOptions = true, description = "Print the games settled on a day, in settle order.")
final class ResultsCommand implements Runnable {


    @Mixin
    RedisOption redis;

    @Option(names = "--day", paramLabel = "DATE", description = "the day, e.g. 2026-12-02, 1970-01-01..9999-12-31 (default: today)")
    String day;

    @Option(names = "--zone", defaultValue = "UTC", description = "the time zone of the day (default: ${DEFAULT-VALUE})")
    String zoneName;

    @Override
    public void run() {
        ZoneId zone = Dates.zone("zone", zoneName);
        LocalDate d = day == null ? LocalDate.ofInstant(Settings.SYSTEM_CLOCK.instant(), zone) : Dates.parse("day", day);
        try (Codemojex app = redis.require()) {
            var results = app.useCases().results().results(d, zone);
            if (results.value().isEmpty()) {
                System.out.println("no game was settled on " + d + " (" + zone.getId() + ")");
            }
            for (Projections.Result r : results.value()) {
                System.out.println(r.settledAt() + "  " + r.settled().game() + " cracked by " + r.settled().winner() + " (" + r.settled().winnerId() + ")"
                        + " in room " + r.settled().room() + ": " + r.settled().secret());
            }
            Skipped.print(results);
        }
    }
}
