package echomq.domain.fold;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import io.vavr.collection.Vector;

import java.util.Objects;

/**
 * A projection's value with the entries it skipped because they could not be read. One bad entry
 * (a malformed record, an unknown version) must not take a projection down for every reader for as
 * long as it stays in the window: {@link #counting} is the way to wrap a projection's decoding
 * fold (it keeps what the fold can do: combine, and retract for an {@link InvertibleFold}), and
 * {@link #strict} keeps failing, for tests.
 * <pre>{@code
 * CombinableFold<Tally<Feed>> feed = Tally.counting(recentFeed(20));
 * Tally<Feed> t = windows.foldWindow(StreamKey.of("cm", "guess-scored"), lastHour, feed);
 * t.value(); t.skipped(); t.examples();   // the feed, how many entries were skipped, the first ones by id
 * }</pre>
 *
 * @param value    the projection's accumulator over the readable entries
 * @param skipped  how many entries could not be read
 * @param examples up to {@value #MAX_EXAMPLES} of them in stream order, with the reason: the first
 *                 ones, or the newest ones in the tally of an invertible fold ({@link #counting(InvertibleFold)})
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
     * @param examples some of them in stream order, with the reason
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
     * any other exception still fails the fold. Named {@code <name>+tally}, of the fold's version. The
     * tally keeps what {@code fold} can do: given a fold that is an {@link InvertibleFold} (whatever
     * the static type), it answers {@link #counting(InvertibleFold)}, so a sliding window of it is
     * still kept running.
     *
     * @param fold the projection's fold
     * @param <A>  its accumulator
     * @return the fold of a tally, combinable as {@code fold} is, and invertible when {@code fold} is
     */
    public static <A> CombinableFold<Tally<A>> counting(CombinableFold<A> fold) {
        return tally(fold, true);
    }

    /**
     * {@code fold} as {@link #counting(CombinableFold)} counts it, and invertible: retracting an entry
     * retracts it from the value, or, when the entry is one that was skipped, takes it off the count
     * (and the examples). So the counts, sums and per-key totals a tally wraps keep the running path
     * of a sliding window instead of being folded in panes.
     *
     * <p>The examples of such a tally are the <em>newest</em> {@value #MAX_EXAMPLES} skipped entries
     * in stream order, not the first ones: a sliding window retracts its oldest entries, and the
     * newest examples of what is left are always still at hand, where the first ones would be gone.
     * So folding in what was appended and retracting the oldest entries gives exactly the tally a
     * fresh fold of the window gives, examples included. {@code fold}'s retract must find an entry
     * unreadable exactly when its step does (as a fold decoding the entry the same way in both does).
     *
     * @param fold the projection's invertible fold
     * @param <A>  its accumulator
     * @return the invertible fold of a tally, named {@code <name>+tally}, of the fold's version
     */
    public static <A> InvertibleFold<Tally<A>> counting(InvertibleFold<A> fold) {
        return (InvertibleFold<Tally<A>>) tally(fold, true);
    }

    /**
     * {@code fold} in a tally that never skips: an unreadable entry fails the fold, as in tests.
     * Named {@code <name>+strict}, of the fold's version. Given an {@link InvertibleFold}, it answers
     * {@link #strict(InvertibleFold)}.
     *
     * @param fold the projection's fold
     * @param <A>  its accumulator
     * @return the fold of a tally whose {@code skipped} is always 0, invertible when {@code fold} is
     */
    public static <A> CombinableFold<Tally<A>> strict(CombinableFold<A> fold) {
        return tally(fold, false);
    }

    /**
     * {@code fold} in a tally that never skips, and retracts as {@code fold} does: an unreadable
     * entry fails a step or a retraction alike.
     *
     * @param fold the projection's invertible fold
     * @param <A>  its accumulator
     * @return the invertible fold of a tally whose {@code skipped} is always 0, named {@code <name>+strict}
     */
    public static <A> InvertibleFold<Tally<A>> strict(InvertibleFold<A> fold) {
        return (InvertibleFold<Tally<A>>) tally(fold, false);
    }

    /**
     * The one definition of the tally folds: {@code fold} skipping (named {@code +tally}) or not
     * ({@code +strict}), invertible when {@code fold} is, naming the newest examples then (a strict
     * tally names none).
     */
    private static <A> CombinableFold<Tally<A>> tally(CombinableFold<A> fold, boolean skip) {
        Objects.requireNonNull(fold, "fold");
        String name = fold.name() + (skip ? "+tally" : "+strict");
        Tally<A> zero = new Tally<>(fold.initial(), 0, Vector.empty());
        if (fold instanceof InvertibleFold<A> inv) {
            Examples kept = skip ? Examples.NEWEST : Examples.FIRST;
            return InvertibleFold.of(name, fold.version(), zero, (acc, e) -> step(inv, acc, e, skip, kept),
                    (a, b) -> a.combine(b, inv.combine(a.value(), b.value()), kept), (acc, e) -> retract(inv, acc, e, skip));
        }
        return CombinableFold.of(name, fold.version(), zero, (acc, e) -> step(fold, acc, e, skip, Examples.FIRST),
                (a, b) -> a.combine(b, fold.combine(a.value(), b.value()), Examples.FIRST));
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
        return (a, b) -> a.combine(b, merge.apply(a.value(), b.value()), Examples.FIRST);
    }

    /** Which skipped entries a tally names: the first ones, or the newest ones (see {@link #counting(InvertibleFold)}). */
    private enum Examples {
        FIRST, NEWEST;

        Vector<Skipped> keep(Vector<Skipped> inOrder) {
            return this == FIRST ? inOrder.take(MAX_EXAMPLES) : inOrder.takeRight(MAX_EXAMPLES);
        }
    }

    private static <A> Tally<A> step(Fold<A> fold, Tally<A> acc, StreamEntry e, boolean skip, Examples kept) {
        try {
            return new Tally<>(fold.step(acc.value(), e), acc.skipped(), acc.examples());
        } catch (UnreadableEntryException bad) {
            if (!skip) {
                throw bad;
            }
            Vector<Skipped> examples = acc.examples().size() < MAX_EXAMPLES || kept == Examples.NEWEST
                    ? kept.keep(acc.examples().append(new Skipped(bad.entryId(), bad.getMessage()))) : acc.examples();
            return new Tally<>(acc.value(), acc.skipped() + 1, examples);
        }
    }

    /**
     * {@code acc} without {@code e}: retracted from the value when {@code fold} can read it, else
     * (when skipping) one skipped entry fewer, and its example gone if it was one.
     */
    private static <A> Tally<A> retract(InvertibleFold<A> fold, Tally<A> acc, StreamEntry e, boolean skip) {
        try {
            return new Tally<>(fold.retract(acc.value(), e), acc.skipped(), acc.examples());
        } catch (UnreadableEntryException bad) {
            if (!skip) {
                throw bad;
            }
            if (acc.skipped() == 0) {
                throw new IllegalArgumentException("entry " + bad.entryId() + " is unreadable, and no skipped entry is counted:"
                        + " it was never folded in", bad);
            }
            return new Tally<>(acc.value(), acc.skipped() - 1, acc.examples().removeFirst(s -> s.id().equals(bad.entryId())));
        }
    }

    private Tally<A> combine(Tally<A> later, A value, Examples kept) {
        return new Tally<>(value, skipped + later.skipped, kept.keep(examples.appendAll(later.examples)));
    }
}
