package echomq.domain.checkpoint;

import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.stream.StreamEntry;

/**
 * The folds {@link Checkpointable#of} gives: a fold with its codec, delegating everything else, so
 * that it can do what the fold can (an invertible one stays invertible).
 */
final class CheckpointableFolds {

    private CheckpointableFolds() {
    }

    /** A combinable fold with a codec. */
    static class Combinable<A> implements Checkpointable<A> {
        private final CombinableFold<A> fold;
        private final StateCodec<A> codec;

        Combinable(CombinableFold<A> fold, StateCodec<A> codec) {
            this.fold = fold;
            this.codec = codec;
        }

        @Override
        public StateCodec<A> codec() {
            return codec;
        }

        @Override
        public A combine(A earlier, A later) {
            return fold.combine(earlier, later);
        }

        @Override
        public String name() {
            return fold.name();
        }

        @Override
        public int version() {
            return fold.version();
        }

        @Override
        public A initial() {
            return fold.initial();
        }

        @Override
        public A step(A accumulator, StreamEntry entry) {
            return fold.step(accumulator, entry);
        }

        @Override
        public String toString() {
            return fold + " (checkpointable)";
        }
    }

    /** An invertible fold with a codec: checkpointable and still invertible. */
    static final class Invertible<A> extends Combinable<A> implements InvertibleFold<A> {
        private final InvertibleFold<A> fold;

        Invertible(InvertibleFold<A> fold, StateCodec<A> codec) {
            super(fold, codec);
            this.fold = fold;
        }

        @Override
        public A retract(A accumulator, StreamEntry entry) {
            return fold.retract(accumulator, entry);
        }
    }
}
