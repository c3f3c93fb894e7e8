package codemojex.app.core.port.out;

import codemojex.app.core.Idempotency;
import io.vavr.control.Option;

import java.time.Duration;

/**
 * Where the records of {@code Idempotency-Key}s are kept, each named by {@link Idempotency.Request#recordId()}
 * in the slot of the request's game (or the app's own for a room), each held by the attempt that
 * reserved it (its {@code owner}, a random id) until it is answered or released.
 */
public interface IdempotencyRecords {

    /**
     * Holds {@code request}'s key for {@code owner} for {@code lease}, unless the store holds a record
     * for it already; atomic, and writes nothing when it holds one.
     *
     * @return empty when the key is now held for {@code owner}; else what the store holds for it
     */
    Option<Idempotency.Held> reserve(Idempotency.Request request, String owner, Duration lease);

    /**
     * Keeps {@code sealed}, the answer to {@code request}, for {@code kept}, if {@code owner} still holds its key.
     *
     * @return whether it was kept (false: the lease ended and the key is gone or another's)
     */
    boolean complete(Idempotency.Request request, String owner, String sealed, Duration kept);

    /**
     * Lets {@code request}'s key go, if {@code owner} still holds it and it was not answered, so that a retry runs again.
     *
     * @return whether it was let go
     */
    boolean release(Idempotency.Request request, String owner);

    /**
     * Makes sure the record kept for {@code request}'s key, and what its first request wrote before
     * it, survives the loss of the store's master, as the store's durability asks (nothing to do
     * when it asks nothing): called before a kept answer is given again.
     *
     * @throws echomq.domain.stream.StreamStoreException.NotReplicated when the replicas did not acknowledge it in time
     */
    void confirm(Idempotency.Request request);
}
