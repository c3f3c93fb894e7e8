package echomq.domain.stream;

import echomq.domain.id.StreamId;
import io.vavr.control.Option;

/** Reads a stream's state ({@code XINFO STREAM}). */
public interface StreamStatePort {

    /** The state of the stream at {@code key}; none when there is no such key. */
    Option<StreamState> state(StreamKey key);

    /**
     * The state of the stream at {@code key} and the entry at {@code probe}, if there is one, read
     * at one instant (implementations do both in one atomic step). A cache that remembers the last
     * entry it saw probes for it: a stream deleted and created again, replaced, restored from an
     * older dump, emptied by a restart or behind on a promoted replica no longer holds it.
     */
    StreamObservation observe(StreamKey key, StreamId probe);
}
