package echomq.domain.fold;

import echomq.domain.stream.StreamEntry;

import java.util.function.BiFunction;
import java.util.function.BinaryOperator;

/**
 * A combinable fold that can take an entry back out: {@code retract(step(a, e), e)} equals
 * {@code a}. Counts, sums and per-key totals are such folds; a maximum, a top-n or a newest-n list
 * are not. A sliding window of an invertible fold is kept up to date by folding in what was
 * appended and retracting what slid out, so a read costs those entries and nothing else.
 * <pre>{@code
 * InvertibleFold<Long> count = InvertibleFold.of("count", 1, 0L, (n, e) -> n + 1, Long::sum, (n, e) -> n - 1);
 * }</pre>
 *
 * @param <A> the accumulator
 */
public interface InvertibleFold<A> extends CombinableFold<A> {

    /**
     * The accumulator without {@code entry}, which was folded into it before: what a sliding window
     * does with an entry that slid out.
     *
     * @param accumulator an accumulator {@code entry} was folded into
     * @param entry       the entry to take back out
     * @return the accumulator as if {@code entry} had never been folded
     */
    A retract(A accumulator, StreamEntry entry);

    /**
     * An invertible fold from its parts: {@code initial} the identity of {@code combine}, and
     * {@code retract} undoing {@code step}.
     *
     * @param name    the projection's name, part of every cache key
     * @param version the step's version: bump it when the step changes
     * @param initial the accumulator of an empty window, the identity of {@code combine}
     * @param step    the pure step
     * @param combine the associative combination of adjacent folds
     * @param retract the inverse of {@code step}
     * @param <A>     the accumulator
     * @return the fold
     * @throws NullPointerException naming a missing part
     */
    static <A> InvertibleFold<A> of(String name, int version, A initial, BiFunction<A, StreamEntry, A> step,
                                    BinaryOperator<A> combine, BiFunction<A, StreamEntry, A> retract) {
        return new FoldParts.Invertible<>(name, version, initial, step, combine, retract);
    }
}
