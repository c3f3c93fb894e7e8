package echomq.cli.command;

import echomq.sketches.Aggregate;
import echomq.sketches.Aggregates;
import picocli.CommandLine.Option;

import java.util.Iterator;

/** {@code --fold FOLDS}: what is computed of each window, bucket or session. */
public final class FoldOptions {

    @Option(names = "--fold", paramLabel = "FOLDS", required = true, completionCandidates = Spellings.class,
            description = "comma-separated, F a field and N a percent (p50:F, p99.9:F): ${COMPLETION-CANDIDATES}")
    String fold;

    /**
     * The folds.
     *
     * @return them, in the order written
     * @throws BadArgumentException naming an unknown, malformed or repeated fold
     */
    public Aggregates aggregates() {
        return parse(fold);
    }

    /**
     * The folds {@code text} spells, as {@code --fold} reads them (also where {@code --fold} is optional).
     *
     * @param text the comma-separated folds
     * @return them, in the order written
     * @throws BadArgumentException naming an unknown, malformed or repeated fold
     */
    public static Aggregates parse(String text) {
        try {
            return Aggregates.parse(text);
        } catch (IllegalArgumentException bad) {
            throw new BadArgumentException("--fold: " + bad.getMessage());
        }
    }

    /** The spellings of the library's fold kinds, for the help (and a shell's completion): the library's registry, not a copy. */
    static final class Spellings implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Aggregates.KINDS.map(Aggregate.Kind::spelling).iterator();
        }
    }
}
