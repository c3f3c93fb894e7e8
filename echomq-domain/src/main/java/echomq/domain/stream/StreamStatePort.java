package echomq.domain.stream;

import io.vavr.control.Option;

/** Reads a stream's state ({@code XINFO STREAM}). */
public interface StreamStatePort {

    /** The state of the stream at {@code key}; none when there is no such key. */
    Option<StreamState> state(StreamKey key);
}
