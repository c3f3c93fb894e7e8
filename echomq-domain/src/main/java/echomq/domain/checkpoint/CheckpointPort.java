package echomq.domain.checkpoint;

import echomq.domain.stream.StreamKey;
import echomq.domain.window.Window;
import io.vavr.control.Option;

import java.time.Duration;
import java.util.List;

/**
 * Keeps checkpoints of projections, one per stream, projection and window. Saving is atomic: a
 * checkpoint is written whole or not at all, and never over one of the same history that is
 * folded further (two processes saving at once cannot move a checkpoint back). Every method throws
 * {@link echomq.domain.stream.StreamStoreException} when the store fails.
 * <pre>{@code
 * store.save(checkpoint, Option.some(Duration.ofDays(30)));
 * Option<Checkpoint> c = store.load(StreamKey.of("cm", "guesses"), "boards", Checkpoint.WHOLE_LOG);
 * }</pre>
 */
public interface CheckpointPort {

    /**
     * Saves {@code checkpoint} unless the stored one for its stream, projection and window is folded
     * further in the same history; {@code ttl} (when given) lets it expire.
     *
     * @param checkpoint the checkpoint
     * @param ttl        how long it is kept; none: until replaced or deleted
     * @return whether it was saved (false: the stored one is further on in the same history)
     */
    boolean save(Checkpoint checkpoint, Option<java.time.Duration> ttl);

    /**
     * The stored checkpoint of {@code projection} over {@code window} of {@code stream}, if any.
     *
     * @param stream     the stream
     * @param projection the projection's name
     * @param window     the window it folded ({@link Checkpoint#WHOLE_LOG} for a whole-log fold)
     * @return the checkpoint, none when there is none
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    Option<Checkpoint> load(StreamKey stream, String projection, Window.Fixed window);

    /**
     * Every stored checkpoint of {@code stream}: of every projection and window.
     *
     * @param stream the stream
     * @return the checkpoints, empty when none
     */
    List<Checkpoint> list(StreamKey stream);

    /**
     * As {@link #save(Checkpoint, Option)} with no expiry.
     *
     * @param checkpoint the checkpoint
     * @return whether it was saved
     */
    default boolean save(Checkpoint checkpoint) {
        return save(checkpoint, Option.<Duration>none());
    }
}
