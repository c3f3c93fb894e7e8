package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.domain.stream.NonMonotonicAppendException;
import echomq.domain.stream.StreamStoreException;
import echomq.wire.Xadd;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/**
 * Turns Lettuce's exceptions into the domain's typed {@link StreamStoreException}s, naming the key,
 * as the Jedis adapter does: {@code Unavailable}, {@code Timeout}, {@code AccessDenied},
 * {@code WrongType}, {@code OutOfMemory}, {@code PersistenceFailure}, {@link NonMonotonicAppendException}.
 */
public final class LettuceFailures {

    private LettuceFailures() {
    }

    /**
     * Runs {@code command} on {@code key}, translating any Lettuce failure.
     *
     * <pre>{@code
     * long n = LettuceFailures.on(key, () -> redis.sync().xlen(Replies.bytes(key)));
     * }</pre>
     * 
     * @param <T>     the reply
     * @param key     the key the command is on, named in the failure
     * @param command the command
     * @return its reply
     * @throws echomq.domain.stream.StreamStoreException the typed failure of a Lettuce failure
     */
    public static <T> T on(String key, Supplier<T> command) {
        try {
            return command.get();
        } catch (RuntimeException e) {
            throw translate(key, e);
        }
    }

    /**
     * The typed failure of {@code e} on {@code key}; a {@link StreamStoreException} or a bug in the caller passes as it is.
     *
     * @param key the key the command was on
     * @param e   the failure (wrapped ones are unwrapped)
     * @return the typed failure, to throw
     */
    public static RuntimeException translate(String key, Throwable e) {
        Throwable t = unwrap(e);
        if (t instanceof StreamStoreException s) {
            return s;
        }
        String message = LettuceConnections.maskSecrets(String.valueOf(t.getMessage()));
        String reply = rootMessage(t);
        if (reply.startsWith("NOAUTH") || reply.startsWith("WRONGPASS") || reply.startsWith("NOPERM")) {
            return new StreamStoreException.AccessDenied(key, "Redis refused access: " + LettuceConnections.maskSecrets(reply), t);
        }
        if (t instanceof RedisCommandTimeoutException) {
            return new StreamStoreException.Timeout(key, "Redis did not answer in time: " + message, t);
        }
        if (t instanceof RedisConnectionException || t instanceof io.lettuce.core.RedisException && !(t instanceof RedisCommandExecutionException)) {
            return new StreamStoreException.Unavailable(key, "Redis is unreachable: " + message, t);
        }
        if (t instanceof RedisCommandExecutionException) {
            if (reply.startsWith("WRONGTYPE")) {
                return new StreamStoreException.WrongType(key, "the key holds a value that is not a stream: " + message, t);
            }
            var refused = echomq.wire.WriteRefusals.of(key, reply, t);
            if (refused.isDefined()) {
                return refused.get();
            }
            if (reply.startsWith("LOADING")) {
                return new StreamStoreException.Unavailable(key, "Redis is loading its dataset: " + message, t);
            }
            return new StreamStoreException(key, "Redis refused the command: " + message, t);
        }
        if (t instanceof RuntimeException r) {
            return r; // not Redis': a bug to see as it is
        }
        return new StreamStoreException.Unavailable(key, "Redis failed: " + message, t);
    }

    /** As {@link #translate}, an {@code XADD} of {@code id} refused as not above the stream's top being a {@link NonMonotonicAppendException}. */
    static RuntimeException translateAppend(String key, StreamId id, Throwable e) {
        Throwable t = unwrap(e);
        return isNonMonotonic(t) ? new NonMonotonicAppendException(key, id, t) : translate(key, t);
    }

    /**
     * Whether a failure may have come after the command was sent: a connection that failed or a
     * reply that did not come in time, not a connection refused (nothing reached the server) nor a
     * reply of the server's. A command in flight when its connection dropped may fail as rejected
     * while disconnected: that is no proof it was not sent, so it counts as maybe sent.
     */
    static boolean maybeSent(Throwable e) {
        Throwable t = unwrap(e);
        if (t instanceof StreamStoreException s && !(s instanceof StreamStoreException.Unavailable)) {
            return false;
        }
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof RedisCommandExecutionException || c instanceof java.net.ConnectException) {
                return false;
            }
        }
        return t instanceof StreamStoreException.Unavailable || t instanceof io.lettuce.core.RedisException;
    }

    static boolean isNonMonotonic(Throwable e) {
        Throwable t = unwrap(e);
        return t instanceof RedisCommandExecutionException && Xadd.isNonMonotonic(t.getMessage());
    }

    private static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while ((t instanceof ExecutionException || t instanceof CompletionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** The server's own reply where a connection failure wraps it (a refused AUTH at connect). */
    static String rootMessage(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof RedisCommandExecutionException) {
                return String.valueOf(c.getMessage());
            }
        }
        return String.valueOf(t.getMessage());
    }
}
