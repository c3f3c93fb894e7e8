package echomq.domain.fold;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.Vector;

import java.util.Objects;

/**
 * A projection's value with the entries it skipped because they could not be read. One bad entry
 * (a malformed record, an unknown version) must not take a projection down for every reader for as
 * long as it stays in the window: {@link #counting} is the way to wrap a projection's decoding
 * fold, and {@link #strict} keeps failing, for tests.
 * <pre>{@code
 * CombinableFold<Tally<Feed>> feed = Tally.counting(recentFeed(20));
 * Tally<Feed> t = windows.foldWindow(StreamKey.of("cm", "guess-scored"), lastHour, feed);
 * t.value(); t.skipped(); t.examples();   // the feed, how many entries were skipped, the first ones by id
 * }</pre>
 *
 * @param value    the projection's accumulator over the readable entries
 * @param skipped  how many entries could not be read
 * @param examples the first {@value #MAX_EXAMPLES} of them in stream order, with the reason
 * @param <A>      the accumulator
 */
public record Tally<A>(A value, long skipped, Vector<Skipped> examples) {

    /** How many skipped entries a tally names; the count is always exact. */
    public static final int MAX_EXAMPLES = 16;

    /**
     * Checks the parts.
     *
     * @param value    the projection's accumulator over the readable entries
     * @param skipped  how many entries could not be read, at least as many as {@code examples}
     * @param examples the first of them in stream order, with the reason
     * @throws IllegalArgumentException when {@code skipped} is below the number of examples
     */
    public Tally {
        Objects.requireNonNull(examples, "examples");
        if (skipped < examples.size()) {
            throw new IllegalArgumentException("skipped " + skipped + " is less than the " + examples.size() + " examples");
        }
    }

    /**
     * An entry that was skipped.
     *
     * @param id     the entry
     * @param reason why it could not be read
     */
    public record Skipped(StreamId id, String reason) {
        /**
         * Checks the parts.
         *
         * @param id     the entry
         * @param reason why it could not be read
         * @throws NullPointerException naming a missing part
         */
        public Skipped {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * {@code fold}, skipping and counting the entries its step cannot read ({@link UnreadableEntryException});
     * any other exception still fails the fold. Named {@code <name>+tally}, of the fold's version.
     *
     * @param fold the projection's fold
     * @param <A>  its accumulator
     * @return the fold of a tally, combinable as {@code fold} is
     */
    public static <A> CombinableFold<Tally<A>> counting(CombinableFold<A> fold) {
        Objects.requireNonNull(fold, "fold");
        return CombinableFold.of(fold.name() + "+tally", fold.version(), new Tally<>(fold.initial(), 0, Vector.empty()),
                (acc, e) -> step(fold, acc, e, true), (a, b) -> a.combine(b, fold.combine(a.value(), b.value())));
    }

    /**
     * {@code fold} in a tally that never skips: an unreadable entry fails the fold, as in tests.
     * Named {@code <name>+strict}, of the fold's version.
     *
     * @param fold the projection's fold
     * @param <A>  its accumulator
     * @return the fold of a tally whose {@code skipped} is always 0
     */
    public static <A> CombinableFold<Tally<A>> strict(CombinableFold<A> fold) {
        Objects.requireNonNull(fold, "fold");
        return CombinableFold.of(fold.name() + "+strict", fold.version(), new Tally<>(fold.initial(), 0, Vector.empty()),
                (acc, e) -> step(fold, acc, e, false), (a, b) -> a.combine(b, fold.combine(a.value(), b.value())));
    }

    /**
     * The merge of tallies whose values merge with {@code merge} (folds of other partitions, the
     * {@code merge} of the engine's {@code ProjectionReader.fold(PartitionedChannel, Window, Fold, BinaryOperator)}):
     * the skipped entries add up and the examples are kept up to {@value #MAX_EXAMPLES}.
     *
     * @param merge how the values of two partitions merge
     * @param <A>   the accumulator
     * @return the merge of two tallies
     */
    public static <A> java.util.function.BinaryOperator<Tally<A>> merging(java.util.function.BinaryOperator<A> merge) {
        Objects.requireNonNull(merge, "merge");
        return (a, b) -> a.combine(b, merge.apply(a.value(), b.value()));
    }

    private static <A> Tally<A> step(Fold<A> fold, Tally<A> acc, StreamEntry e, boolean skip) {
        try {
            return new Tally<>(fold.step(acc.value(), e), acc.skipped(), acc.examples());
        } catch (UnreadableEntryException bad) {
            if (!skip) {
                throw bad;
            }
            Vector<Skipped> examples = acc.examples().size() < MAX_EXAMPLES
                    ? acc.examples().append(new Skipped(bad.entryId(), bad.getMessage())) : acc.examples();
            return new Tally<>(acc.value(), acc.skipped() + 1, examples);
        }
    }

    private Tally<A> combine(Tally<A> later, A value) {
        return new Tally<>(value, skipped + later.skipped, examples.appendAll(later.examples).take(MAX_EXAMPLES));
    }
}
