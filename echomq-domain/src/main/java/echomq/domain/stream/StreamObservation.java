package echomq.domain.stream;

import io.vavr.control.Option;

import java.util.Objects;

/**
 * A stream's state and, seen at the same instant, the entry at one id if it is there: what a
 * cache needs to prove that the stream it folded is still the same one (see
 * {@link StreamStatePort#observe}).
 *
 * @param state  the state; none when there is no such stream
 * @param probed the entry at the probed id, if the stream holds one there
 */
public record StreamObservation(Option<StreamState> state, Option<EntryMark> probed) {
    /**
     * Checks the parts.
     *
     * @param state  the state; none when there is no such stream
     * @param probed the entry at the probed id, if the stream holds one there
     * @throws NullPointerException naming a missing part
     */
    public StreamObservation {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(probed, "probed");
    }
}
