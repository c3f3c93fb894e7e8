package echomq.domain.fold;

import echomq.domain.stream.StreamEntry;

import java.util.function.BiFunction;
import java.util.function.BinaryOperator;

/**
 * A fold whose accumulators combine: folding adjacent windows {@code [a, b]} and {@code (b, c]}
 * and combining the two equals folding {@code [a, c]}. {@link #initial()} is the identity and
 * {@link #combine} is associative, so a window can be folded in panes and the panes combined.
 * <pre>{@code
 * CombinableFold<Long> count = CombinableFold.of("count", 1, 0L, (n, e) -> n + 1, Long::sum);
 * count.combine(count.foldAll(firstHalf), count.foldAll(secondHalf));   // == count.foldAll(both halves)
 * }</pre>
 *
 * @param <A> the accumulator
 */
public interface CombinableFold<A> extends Fold<A> {

    /**
     * The accumulator of two adjacent runs of entries, {@code earlier} followed by {@code later}.
     * Associative, with {@link #initial()} as its identity.
     *
     * @param earlier the fold of the earlier entries
     * @param later   the fold of the entries right after them
     * @return the fold of both runs, as if folded in one go
     */
    A combine(A earlier, A later);

    /**
     * A combinable fold from its parts; {@code initial} must be the identity of {@code combine}.
     *
     * @param name    the projection's name, part of every cache key
     * @param version the step's version: bump it when the step changes
     * @param initial the accumulator of an empty window, the identity of {@code combine}
     * @param step    the pure step
     * @param combine the associative combination of adjacent folds
     * @param <A>     the accumulator
     * @return the fold
     * @throws NullPointerException naming a missing part
     */
    static <A> CombinableFold<A> of(String name, int version, A initial, BiFunction<A, StreamEntry, A> step,
                                    BinaryOperator<A> combine) {
        return new FoldParts.Combinable<>(name, version, initial, step, combine);
    }
}
