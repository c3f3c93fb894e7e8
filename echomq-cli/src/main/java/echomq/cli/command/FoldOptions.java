package echomq.cli.command;

import echomq.sketches.Aggregates;
import picocli.CommandLine.Option;

/** {@code --fold FOLDS}: what is computed of each window, bucket or session. */
public final class FoldOptions {

    @Option(names = "--fold", paramLabel = "FOLDS", required = true,
            description = "comma-separated: count, sum:F, min:F, max:F, avg:F, pN:F (p50, p99, p99.9), distinct:F")
    String fold;

    /**
     * The folds.
     *
     * @return them, in the order written
     * @throws BadInputException naming an unknown, malformed or repeated fold
     */
    public Aggregates aggregates() {
        return parse(fold);
    }

    /**
     * The folds {@code text} spells, as {@code --fold} reads them (also where {@code --fold} is optional).
     *
     * @param text the comma-separated folds
     * @return them, in the order written
     * @throws BadInputException naming an unknown, malformed or repeated fold
     */
    public static Aggregates parse(String text) {
        try {
            return Aggregates.parse(text);
        } catch (IllegalArgumentException bad) {
            throw new BadInputException("--fold: " + bad.getMessage());
        }
    }
}
