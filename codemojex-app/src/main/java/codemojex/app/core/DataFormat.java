package codemojex.app.core;

/**
 * Which format of the app's data a Redis holds, and what a release does about it: the one decision
 * of an upgrade, pure. The format is a number kept beside the data; a release reads the formats up
 * to its own ({@link #CURRENT}), migrates an older one in place, and refuses a newer one rather
 * than misread it.
 *
 * <p>Format 0 is the data of the releases before the format was kept (their keys are format 1's);
 * format 1 is this release's.
 */
public final class DataFormat {

    /** The format this release writes and reads. */
    public static final int CURRENT = 1;

    private DataFormat() {
    }

    /** What to do with the data found. */
    public sealed interface Decision permits Fresh, Current, Migrate, Newer {
    }

    /** No data yet: keep {@link #CURRENT} beside what is about to be written. */
    public record Fresh() implements Decision {
    }

    /** The data is this release's format: nothing to do. */
    public record Current() implements Decision {
    }

    /**
     * Older data: migrate it from format {@code from} to {@link #CURRENT}, step by step, each step
     * idempotent, the new format kept only once every step is done (a migration stopped midway runs
     * again from its start).
     *
     * @param from the format found
     */
    public record Migrate(int from) implements Decision {
    }

    /**
     * Newer data, which this release would misread: refused, naming both formats.
     *
     * @param found the format found
     */
    public record Newer(int found) implements Decision {
        /** The refusal an operator reads. */
        public String message() {
            return "this Redis holds Codemojex data of format " + found + ", newer than this release's format " + CURRENT
                    + ": run a release that reads format " + found + " (data is never converted back)";
        }
    }

    /**
     * The decision for a Redis whose kept format is {@code stored} (negative: none kept) and which
     * holds app data or not ({@code hasData}).
     *
     * @throws IllegalArgumentException for a stored format below 0 other than "none"
     */
    public static Decision decide(int stored, boolean hasData) {
        if (stored < 0) {
            return hasData ? new Migrate(0) : new Fresh();
        }
        if (stored == CURRENT) {
            return new Current();
        }
        return stored > CURRENT ? new Newer(stored) : new Migrate(stored);
    }
}
