package echomq.domain.closing;

import echomq.domain.stream.StreamStoreException;

import java.time.Instant;

/**
 * The store's clock: on Redis, {@code TIME}. Buckets close on it rather than on the local clock, so
 * every process agrees on when a bucket is final, whatever its own clock says.
 */
public interface ServerClockPort {

    /**
     * The store's current time.
     *
     * @return the instant the server reports, to the microsecond on Redis
     * @throws StreamStoreException when the store cannot be reached
     */
    Instant now();
}
