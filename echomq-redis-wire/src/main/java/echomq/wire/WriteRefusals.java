package echomq.wire;

import echomq.domain.stream.StreamStoreException;
import io.vavr.control.Option;

/**
 * The replies by which a Redis that is up refuses to write, whatever the client: {@code OOM …}
 * (memory full under {@code noeviction}) and {@code MISCONF …} (a failed background save or
 * append-only file write, with {@code stop-writes-on-bgsave-error} or AOF). A script refused by
 * either carries the same code, the script's SHA-1 appended. Both adapters type them here, so a
 * caller sees one {@link StreamStoreException.WritesRefused} on either client.
 * <pre>{@code
 * WriteRefusals.of(key, reply, e).getOrElse(() -> new StreamStoreException(key, reply, e));
 * }</pre>
 */
public final class WriteRefusals {

    private WriteRefusals() {
    }

    /**
     * The typed refusal an error reply is, if it is one.
     *
     * @param key   the key the refused command concerned, empty when none
     * @param reply the server's error reply, its code first ({@code OOM command not allowed …})
     * @param cause the client's exception
     * @return an {@link StreamStoreException.OutOfMemory} for {@code OOM}, a
     *         {@link StreamStoreException.PersistenceFailure} for {@code MISCONF}; empty for any other reply
     */
    public static Option<StreamStoreException.WritesRefused> of(String key, String reply, Throwable cause) {
        String r = String.valueOf(reply);
        if (r.startsWith("OOM ")) {
            return Option.some(new StreamStoreException.OutOfMemory(key, "Redis is out of memory and refuses writes: " + r, cause));
        }
        if (r.startsWith("MISCONF ")) {
            return Option.some(new StreamStoreException.PersistenceFailure(key, "Redis cannot persist and refuses writes: " + r, cause));
        }
        return Option.none();
    }
}
