package codemojex.app.cli;

import codemojex.app.Codemojex;
import codemojex.app.Settings;
import codemojex.app.core.Instants;
import codemojex.app.core.port.in.OpeningsQuery;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.TreeMap;

@Command(name = "rooms", mixinStandardHelpOptions = true, description = "Print how many games each room opened in [from, to].")
final class RoomsCommand implements Runnable {


    @Mixin
    RedisOption redis;

    @Option(names = "--from", paramLabel = "INSTANT",
            description = "first instant, e.g. 2026-12-01T00:00:00Z, 1970-01-01T00:00:00Z..9999-12-31T23:59:59.999999999Z "
                    + "(default: a day before --to)")
    String from;

    @Option(names = "--to", paramLabel = "INSTANT", description = "last instant, in the same range (default: now)")
    String to;

    @Override
    public void run() {
        Instants.Range r = Instants.range(from, to, Settings.SYSTEM_CLOCK.instant(), Duration.ofDays(1));
        try (Codemojex app = redis.require()) {
            var rooms = app.useCases().openings().openings(new OpeningsQuery.Span.Closed(r.from(), r.to()));
            if (rooms.value().isEmpty()) {
                System.out.println("no game was opened from " + r.from() + " to " + r.to());
            }
            new TreeMap<>(rooms.value().toJavaMap()).forEach((room, n) -> System.out.println(room + "\t" + n));
            Skipped.print(rooms);
        }
    }
}
