package echomq.engine.projection;

import echomq.domain.fold.Fold;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Window;

import java.util.Objects;

/**
 * Where a part of the reader keeps what it folded: the stream, the window (a fixed window, a pane,
 * or a sliding window with its pane) and the fold. Typed, so two different windows can never share
 * a slot the way two strings that happen to be equal could.
 *
 * @param stream the stream
 * @param window the window the slot holds a fold of
 * @param fold   the fold
 */
record SlotKey(StreamKey stream, Window window, FoldId fold) {

    SlotKey {
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(fold, "fold");
    }

    /** The slot of {@code fold} (by name and version) over {@code window} of {@code stream}. */
    static SlotKey of(StreamKey stream, Window window, Fold<?> fold) {
        return new SlotKey(stream, window, FoldId.of(fold));
    }
}
