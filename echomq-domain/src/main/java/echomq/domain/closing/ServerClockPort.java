package echomq.domain.closing;

import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;

import java.time.Instant;

/**
 * The store's clock: on Redis, {@code TIME} on the server that holds the stream (on a cluster, the
 * master of its slot). Buckets close on it rather than on the local clock, so every process agrees
 * on when a bucket is final, whatever its own clock says.
 */
public interface ServerClockPort {

    /**
     * The current time of the server that holds {@code stream}.
     *
     * @param stream the stream whose server answers
     * @return the instant the server reports, to the microsecond on Redis
     * @throws StreamStoreException when the store cannot be reached
     */
    Instant now(StreamKey stream);
}
