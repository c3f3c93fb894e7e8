package codemojex.app.cli;

import codemojex.app.Codemojex;
import codemojex.app.core.FeedWindow;
import codemojex.projections.Projections;
import echomq.domain.fold.Tally;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "feed", mixinStandardHelpOptions = true, description = "Print the recent activity feed (a windowed fold of guess-scored).")
final class FeedCommand implements Runnable {

    @Mixin
    RedisOption redis;

    @Option(names = "--since", defaultValue = "1h",
            description = "how far back: one of 5m, 15m, 1h, 6h, 24h or 7d, or the same in ISO-8601 such as PT6H (default: ${DEFAULT-VALUE})")
    String since;

    @Option(names = "--stats", description = "also print how this process's projection reader answered: reads, cache hits, folds")
    boolean stats;

    @Override
    public void run() {
        FeedWindow window = FeedWindow.parse(since); // refused before any Redis is reached
        try (Codemojex app = redis.require()) {
            Tally<Projections.Feed> tally = app.useCases().feeds().feed(window);
            Projections.Feed f = tally.value();
            System.out.println(f.guesses() + (f.guesses() == 1 ? " guess" : " guesses") + " by " + f.distinctPlayers()
                    + (f.distinctPlayers() == 1 ? " player" : " players") + " in the last " + window);
            for (Projections.FeedItem i : f.newest()) {
                System.out.println(i.at() + "  " + i.player() + " scored " + i.total() + " (" + i.percentage() + "%, best "
                        + i.best() + ") in " + i.game());
            }
            Skipped.print(tally);
            if (!stats) {
                return; // the reader's counts are this one-shot process's own: noise under a feed, unless asked for
            }
            var m = app.projectionMetrics();
            System.out.println("projection reader: " + m.reads() + " reads, " + m.hits() + " cache hits, " + m.incrementalFolds()
                    + " incremental folds, " + m.fullFolds() + " full folds, " + m.entriesFolded() + " entries folded");
        }
    }
}
