package echomq.domain.fold;

import echomq.domain.stream.StreamEntry;

import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;

/**
 * The folds {@link Fold#of}, {@link CombinableFold#of} and {@link InvertibleFold#of} build from
 * their parts: one record per capability, each holding its parts itself, so none delegates to
 * another and a fold can do exactly what its type says (a combinable fold is never an invertible one).
 */
final class FoldParts {

    private FoldParts() {
    }

    private static String shown(String name, int version) {
        return "Fold[" + name + " v" + version + "]";
    }

    /** A fold: a name, a version, an initial accumulator and a step. */
    record Plain<A>(String name, int version, A initial, BiFunction<A, StreamEntry, A> stepping) implements Fold<A> {
        Plain {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(initial, "initial");
            Objects.requireNonNull(stepping, "step");
        }

        @Override
        public A step(A accumulator, StreamEntry entry) {
            return stepping.apply(accumulator, entry);
        }

        @Override
        public String toString() {
            return shown(name, version);
        }
    }

    /** A fold whose accumulators combine. */
    record Combining<A>(String name, int version, A initial, BiFunction<A, StreamEntry, A> stepping, BinaryOperator<A> combining)
            implements CombinableFold<A> {
        Combining {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(initial, "initial");
            Objects.requireNonNull(stepping, "step");
            Objects.requireNonNull(combining, "combine");
        }

        @Override
        public A step(A accumulator, StreamEntry entry) {
            return stepping.apply(accumulator, entry);
        }

        @Override
        public A combine(A earlier, A later) {
            return combining.apply(earlier, later);
        }

        @Override
        public String toString() {
            return shown(name, version);
        }
    }

    /** A combinable fold that can take an entry back out. */
    record Inverting<A>(String name, int version, A initial, BiFunction<A, StreamEntry, A> stepping, BinaryOperator<A> combining,
                        BiFunction<A, StreamEntry, A> retracting) implements InvertibleFold<A> {
        Inverting {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(initial, "initial");
            Objects.requireNonNull(stepping, "step");
            Objects.requireNonNull(combining, "combine");
            Objects.requireNonNull(retracting, "retract");
        }

        @Override
        public A step(A accumulator, StreamEntry entry) {
            return stepping.apply(accumulator, entry);
        }

        @Override
        public A combine(A earlier, A later) {
            return combining.apply(earlier, later);
        }

        @Override
        public A retract(A accumulator, StreamEntry entry) {
            return retracting.apply(accumulator, entry);
        }

        @Override
        public String toString() {
            return shown(name, version);
        }
    }
}
