package echomq.domain.checkpoint;

import echomq.domain.fold.CombinableFold;
import echomq.domain.stream.StreamEntry;

import java.util.Objects;

/**
 * A combinable fold that can be checkpointed: it carries the codec of its accumulator, so a
 * {@code ProjectionReader} given a {@link CheckpointPort} keeps the folds of sealed windows (the
 * panes of a sliding window, say) across restarts.
 * <pre>{@code
 * CombinableFold<Feed> feed = Checkpointable.of(recentFeed(20), feedCodec);
 * }</pre>
 *
 * @param <A> the accumulator
 */
public interface Checkpointable<A> extends CombinableFold<A> {

    /**
     * How the accumulator is written into a checkpoint.
     *
     * @return the codec
     */
    StateCodec<A> codec();

    /**
     * {@code fold} with {@code codec}: the same name, version, step and combination.
     *
     * @param fold  the fold
     * @param codec how its accumulator is written and read back
     * @param <A>   the accumulator
     * @return the checkpointable fold
     * @throws NullPointerException naming a missing part
     */
    static <A> Checkpointable<A> of(CombinableFold<A> fold, StateCodec<A> codec) {
        Objects.requireNonNull(fold, "fold");
        Objects.requireNonNull(codec, "codec");
        return new Checkpointable<>() {
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
        };
    }
}
