package echomq.domain.stream;

import echomq.domain.id.StreamId;
import io.vavr.control.Option;

/**
 * Reads a stream's state ({@code XINFO STREAM}): what caches and checkpoints check before they
 * trust a fold they kept. Both methods throw {@link StreamStoreException} when the store fails.
 * <pre>{@code
 * StreamObservation now = states.observe(key, cachedLast.id());
 * boolean same = now.probed().contains(cachedLast) && now.state().exists(cachedState::canPrecede);
 * }</pre>
 */
public interface StreamStatePort {

    /**
     * The state of the stream at {@code key}.
     *
     * @param key the stream
     * @return the state; none when there is no such key
     */
    Option<StreamState> state(StreamKey key);

    /**
     * The state of the stream at {@code key} and the entry at {@code probe}, if there is one, read
     * at one instant (implementations do both in one atomic step). A cache that remembers the last
     * entry it saw probes for it: a stream deleted and created again, replaced, restored from an
     * older dump, emptied by a restart or behind on a promoted replica no longer holds it.
     *
     * @param key   the stream
     * @param probe the id of the entry to look for
     * @return the state (none: no such stream) and the entry at {@code probe} (none: not there)
     */
    StreamObservation observe(StreamKey key, StreamId probe);
}
