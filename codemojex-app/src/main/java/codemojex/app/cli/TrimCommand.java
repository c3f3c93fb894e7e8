package codemojex.app.cli;

import codemojex.app.Codemojex;
import codemojex.app.core.DurationFields;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "trim", mixinStandardHelpOptions = true,
        description = "Remove entries minted longer ago than a duration from every channel (XTRIM MINID), never what a reader still needs.")
final class TrimCommand implements Runnable {

    @Mixin
    RedisOption redis;

    @Option(names = "--older-than", required = true, paramLabel = "DURATION", description = "e.g. 7d, 12h, PT30M")
    String olderThan;

    @Option(names = "--exact", description = "trim exactly (=) instead of approximately (~)")
    boolean exact;

    @Override
    public void run() {
        var age = DurationFields.parse("older-than", olderThan);
        try (Codemojex app = redis.require()) {
            app.useCases().trims().trim(age, exact).forEach((channel, r) -> {
                System.out.println(channel + "\t" + r.removed() + " removed");
                r.plan().holds().forEach(h -> System.out.println("\theld back at " + h.needsFrom() + " by " + h.reader() + ": " + h.why()));
            });
        }
    }
}
