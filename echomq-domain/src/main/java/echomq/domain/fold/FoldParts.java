package echomq.domain.fold;

import echomq.domain.stream.StreamEntry;

import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;

/**
 * The folds {@link Fold#of}, {@link CombinableFold#of} and {@link InvertibleFold#of} build from
 * their parts: one record per capability, each holding its parts itself, so none delegates to
 * another and a fold can do exactly what its type says (a combinable fold is never an invertible
 * one). What they share is written once, in the interfaces below, which answer each method from a
 * part.
 */
final class FoldParts {

    private FoldParts() {
    }

    /** A fold whose step is a part. */
    private interface Stepping<A> extends Fold<A> {
        BiFunction<A, StreamEntry, A> stepping();

        @Override
        default A step(A accumulator, StreamEntry entry) {
            return stepping().apply(accumulator, entry);
        }
    }

    /** A fold whose step and combine are parts. */
    private interface Combining<A> extends Stepping<A>, CombinableFold<A> {
        BinaryOperator<A> combining();

        @Override
        default A combine(A earlier, A later) {
            return combining().apply(earlier, later);
        }
    }

    private static void require(String name, Object initial, Object... functions) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(initial, "initial");
        String[] names = {"step", "combine", "retract"};
        for (int i = 0; i < functions.length; i++) {
            Objects.requireNonNull(functions[i], names[i]);
        }
    }

    private static String shown(String name, int version) {
        return "Fold[" + name + " v" + version + "]";
    }

    /** A fold: a name, a version, an initial accumulator and a step. */
    record Plain<A>(String name, int version, A initial, BiFunction<A, StreamEntry, A> stepping) implements Stepping<A> {
        Plain {
            require(name, initial, stepping);
        }

        @Override
        public String toString() {
            return shown(name, version);
        }
    }

    /** A fold whose accumulators combine. */
    record Combinable<A>(String name, int version, A initial, BiFunction<A, StreamEntry, A> stepping, BinaryOperator<A> combining)
            implements Combining<A> {
        Combinable {
            require(name, initial, stepping, combining);
        }

        @Override
        public String toString() {
            return shown(name, version);
        }
    }

    /** A combinable fold that can take an entry back out. */
    record Invertible<A>(String name, int version, A initial, BiFunction<A, StreamEntry, A> stepping, BinaryOperator<A> combining,
                         BiFunction<A, StreamEntry, A> retracting) implements Combining<A>, InvertibleFold<A> {
        Invertible {
            require(name, initial, stepping, combining, retracting);
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
