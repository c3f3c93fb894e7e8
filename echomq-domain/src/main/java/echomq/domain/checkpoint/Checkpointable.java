package echomq.domain.checkpoint;

import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.InvertibleFold;

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
     * {@code fold} with {@code codec}: the same name, version, step and combination. It keeps what
     * {@code fold} can do: an {@link InvertibleFold} (whatever the static type) gives a checkpointable
     * fold that is an {@code InvertibleFold} too, so a sliding window of it is still kept running while
     * its sealed windows are checkpointed.
     *
     * @param fold  the fold
     * @param codec how its accumulator is written and read back
     * @param <A>   the accumulator
     * @return the checkpointable fold, invertible when {@code fold} is
     * @throws NullPointerException naming a missing part
     */
    static <A> Checkpointable<A> of(CombinableFold<A> fold, StateCodec<A> codec) {
        Objects.requireNonNull(fold, "fold");
        Objects.requireNonNull(codec, "codec");
        return fold instanceof InvertibleFold<A> invertible
                ? new CheckpointableFolds.Invertible<>(invertible, codec) : new CheckpointableFolds.Combinable<>(fold, codec);
    }
}
