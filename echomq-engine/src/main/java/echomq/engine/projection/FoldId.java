package echomq.engine.projection;

import echomq.domain.fold.Fold;

import java.util.Objects;

/**
 * Which fold a cached value belongs to: its name and version. A fold of another version is another
 * fold, so its cached values and checkpoints are never served for this one.
 *
 * @param name    the fold's name
 * @param version the fold's version
 */
record FoldId(String name, int version) {

    FoldId {
        Objects.requireNonNull(name, "name");
    }

    /** The name and version of {@code fold}. */
    static FoldId of(Fold<?> fold) {
        return new FoldId(fold.name(), fold.version());
    }
}
