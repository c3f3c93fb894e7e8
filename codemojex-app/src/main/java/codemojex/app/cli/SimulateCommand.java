package codemojex.app.cli;

import codemojex.app.Codemojex;
import codemojex.app.Server;
import codemojex.app.ServerOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Drive real play through the HTTP API (of --url, or of a server started here), then print throughput.")
final class SimulateCommand implements Callable<Integer> {

    @Mixin
    RedisOption redis;

    @Option(names = "--players", defaultValue = "20", description = "distinct players (default: ${DEFAULT-VALUE})")
    int players;

    @Option(names = "--games", defaultValue = "3", description = "games to open (default: ${DEFAULT-VALUE})")
    int games;

    @Option(names = "--guesses", defaultValue = "500", description = "guesses in all (default: ${DEFAULT-VALUE})")
    int guesses;

    @Option(names = "--threads", defaultValue = "4", description = "concurrent clients (default: ${DEFAULT-VALUE})")
    int threads;

    @Option(names = "--seed", defaultValue = "1", description = "seed of the players' choices (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--url", split = ",", paramLabel = "URL",
            description = "base URL of a running server, or several (comma-separated: instances on one Redis; players are spread "
                    + "over them), whose data the simulated play then joins (rooms sim-0..sim-9 in its lobby); "
                    + "without it a server is started here, keeping nothing unless --data or --redis says where")
    List<String> url;

    @Override
    public Integer call() throws Exception {
        if (url != null) {
            try (Simulation s = new Simulation(url, progressStream())) {
                return report(s.run(players, games, guesses, threads, seed), s);
            }
        }
        // a load run keeps nothing unless told where (--data): it must not fill the players' data directory
        try (Codemojex app = redis.serve(redis.data == null); Server server = Server.start(app, ServerOptions.on("127.0.0.1", 0));
             Simulation s = new Simulation(server.url(), progressStream())) {
            return report(s.run(players, games, guesses, threads, seed), s);
        }
    }

    private static int report(Simulation.Report r, Simulation s) {
        System.out.printf("%d guesses by %d players over %d games%n", r.guesses(), r.players(), r.games());
        System.out.printf("submitted in %d ms (%.0f guesses/s); all scored after %d ms (%.0f guesses/s end to end)%n",
                r.submitMillis(), r.submittedPerSecond(), r.scoredMillis(), r.scoredPerSecond());
        System.out.println("games: " + String.join(" ", r.gameIds()));
        if (s.limitedResponses() > 0) {
            System.out.println(s.limitedResponses() + " requests were over the server's rate (429) and sent again after Retry-After: "
                    + "for a load run, serve with a higher --guess-rate (for example 10000) and --read-rate 0 (no limit)");
        }
        return 0;
    }

    /** Where the progress bar goes: stderr when a person watches (a console attached); a pipe, a file or a CI log gets none. */
    private static PrintStream progressStream() {
        return System.console() != null ? System.err : new PrintStream(OutputStream.nullOutputStream());
    }
}
