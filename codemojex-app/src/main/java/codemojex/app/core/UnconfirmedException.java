package codemojex.app.core;

import echomq.domain.stream.StreamStoreException;

import java.util.Objects;

/**
 * A write that landed on the game store's master whose replicas did not acknowledge it in time
 * ({@code serve --durability replicated}): it may or may not survive the master's loss. It carries
 * what the write would have answered ({@link #result()}: a guess's id, an opened game, a join), so
 * that a request with an {@code Idempotency-Key} can keep that answer for its retry, which then
 * neither writes it twice nor loses it; the client is told to retry (a 503).
 */
public final class UnconfirmedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** What the write would have answered. */
    private final transient Object result;

    /** The write's answer {@code result}, unconfirmed for {@code cause}. */
    public UnconfirmedException(Object result, StreamStoreException.NotReplicated cause) {
        super(cause.getMessage(), cause);
        this.result = Objects.requireNonNull(result, "result");
    }

    /** What the write would have answered, had its replicas acknowledged it. */
    public Object result() {
        return result;
    }

    /** The store's own outcome. */
    public StreamStoreException.NotReplicated notReplicated() {
        return (StreamStoreException.NotReplicated) getCause();
    }
}
