package codemojex.app.cli;

import codemojex.app.Codemojex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.time.Instant;

@Command(name = "rooms", mixinStandardHelpOptions = true, description = "Print how many games each room opened in [from, to].")
final class RoomsCommand implements Runnable {

    @Mixin
    RedisOption redis;

    @Option(names = "--from", description = "first instant, e.g. 2026-12-01T00:00:00Z (default: a day before --to)")
    Instant from;

    @Option(names = "--to", description = "last instant (default: now)")
    Instant to;

    @Override
    public void run() {
        Instant end = to == null ? Instant.now() : to;
        Instant start = from == null ? end.minus(Duration.ofDays(1)) : from;
        try (Codemojex app = redis.require()) {
            var rooms = app.reports().openings(start, end);
            new java.util.TreeMap<>(rooms.value().toJavaMap()).forEach((room, n) -> System.out.println(room + "\t" + n));
            Skipped.print(rooms);
        }
    }
}
