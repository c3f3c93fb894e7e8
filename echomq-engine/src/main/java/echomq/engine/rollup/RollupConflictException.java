package echomq.engine.rollup;

import echomq.domain.stream.StreamKey;

import java.util.Objects;

/**
 * A rollup refused because its target's last entry was written by another rollup (other folds, or
 * another bucket): going on would leave a stream whose entries no one fold reads, and skip or split
 * buckets. Nothing is written. An {@link IllegalArgumentException} (the target is the wrong key for
 * this rollup), typed so that a caller can tell it from bad input found before the store is read: the
 * command line's running rollup that meets one after it has written exits as a failure, not as bad input.
 * <pre>{@code
 * try {
 *     rollup.pass();
 * } catch (RollupConflictException other) {
 *     other.target();   // the stream another rollup writes
 * }
 * }</pre>
 */
public final class RollupConflictException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final transient StreamKey target;

    /**
     * @param target  the target stream
     * @param message what its last entry holds and what this rollup would write
     */
    RollupConflictException(StreamKey target, String message) {
        super(message);
        this.target = Objects.requireNonNull(target, "target");
    }

    /**
     * The stream another rollup writes.
     *
     * @return the target
     */
    public StreamKey target() {
        return target;
    }
}
