package echomq.domain.fold;

import echomq.domain.stream.StreamEntry;

import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;

/**
 * A fold whose accumulators combine: folding adjacent windows {@code [a, b]} and {@code (b, c]}
 * and combining the two equals folding {@code [a, c]}. {@link #initial()} is the identity and
 * {@link #combine} is associative, so a window can be folded in panes and the panes combined.
 *
 * @param <A> the accumulator
 */
public interface CombinableFold<A> extends Fold<A> {

    /** The accumulator of {@code earlier} followed by {@code later}. */
    A combine(A earlier, A later);

    /** A combinable fold from its parts; {@code initial} must be the identity of {@code combine}. */
    static <A> CombinableFold<A> of(String name, int version, A initial, BiFunction<A, StreamEntry, A> step,
                                    BinaryOperator<A> combine) {
        Fold<A> base = Fold.of(name, version, initial, step);
        Objects.requireNonNull(combine, "combine");
        return new CombinableFold<>() {
            @Override
            public String name() {
                return base.name();
            }

            @Override
            public int version() {
                return base.version();
            }

            @Override
            public A initial() {
                return base.initial();
            }

            @Override
            public A step(A accumulator, StreamEntry entry) {
                return base.step(accumulator, entry);
            }

            @Override
            public A combine(A earlier, A later) {
                return combine.apply(earlier, later);
            }

            @Override
            public String toString() {
                return base.toString();
            }
        };
    }
}
