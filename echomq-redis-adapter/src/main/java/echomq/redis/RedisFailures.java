package echomq.redis;

import echomq.wire.RedisUris;

import echomq.domain.stream.NonMonotonicAppendException;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamStoreException;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

import java.net.SocketTimeoutException;
import java.util.function.Supplier;

/**
 * Turns Jedis' exceptions into the domain's typed {@link StreamStoreException}s, naming the key:
 * {@code RedisFailures.on(key, () -> jedis.get(key))}. Every Redis call of the adapters, and of
 * applications that talk to Redis beside them, goes through here.
 */
public final class RedisFailures {

    private RedisFailures() {
    }

    /**
     * Runs {@code command} on {@code key}, translating any Jedis failure.
     *
     * <pre>{@code
     * long n = RedisFailures.on(key, () -> jedis.xlen(key));
     * }</pre>
     * 
     * @param <T>     the reply
     * @param key     the key the command is on, named in the failure
     * @param command the command
     * @return its reply
     * @throws StreamStoreException the typed failure of a Jedis failure
     */
    public static <T> T on(String key, Supplier<T> command) {
        try {
            return command.get();
        } catch (JedisException e) {
            throw translate(key, e);
        }
    }

    /**
     * The typed failure of Jedis failure {@code e} on {@code key}: {@code AccessDenied}, {@code Timeout},
     * {@code Unavailable}, {@code WrongType}, {@code OutOfMemory} ({@code OOM}) and
     * {@code PersistenceFailure} ({@code MISCONF}), or a plain {@link StreamStoreException} for another refusal;
     * any URI's password in its message masked.
     *
     * @param key the key the command was on
     * @param e   the Jedis failure
     * @return the typed failure
     */
    public static StreamStoreException translate(String key, JedisException e) {
        String message = RedisUris.maskSecrets(String.valueOf(e.getMessage()));
        if (e instanceof JedisAccessControlException || message.startsWith("NOAUTH") || message.startsWith("WRONGPASS")
                || message.startsWith("NOPERM")) {
            return new StreamStoreException.AccessDenied(key, "Redis refused access: " + message, e);
        }
        if (e instanceof JedisConnectionException) {
            if (hasCause(e, SocketTimeoutException.class)) {
                return new StreamStoreException.Timeout(key, "Redis did not answer in time: " + message, e);
            }
            return new StreamStoreException.Unavailable(key, "Redis is unreachable: " + message, e);
        }
        if (e instanceof JedisDataException && message.startsWith("WRONGTYPE")) {
            return new StreamStoreException.WrongType(key, "the key holds a value that is not a stream: " + message, e);
        }
        if (e instanceof JedisDataException) {
            var refused = echomq.wire.WriteRefusals.of(key, message, e);
            if (refused.isDefined()) {
                return refused.get();
            }
        }
        if (e instanceof JedisDataException && message.startsWith("LOADING")) {
            return new StreamStoreException.Unavailable(key, "Redis is loading its dataset: " + message, e);
        }
        if (e instanceof JedisDataException) {
            return new StreamStoreException(key, "Redis refused the command: " + message, e);
        }
        return new StreamStoreException.Unavailable(key, "Redis failed: " + message, e);
    }

    /** XADD's refusal of an id that is not above the stream top. */
    static boolean isNonMonotonic(JedisException e) {
        return e instanceof JedisDataException && echomq.wire.Xadd.isNonMonotonic(e.getMessage());
    }

    /**
     * The typed failure of an append of {@code id}: a {@link NonMonotonicAppendException} when Redis
     * refused the id as not above the stream's top, else as {@link #translate}.
     *
     * @param key the stream's key
     * @param id  the id that was sent
     * @param e   the Jedis failure
     * @return the typed failure
     */
    public static StreamStoreException translateAppend(String key, StreamId id, JedisException e) {
        return isNonMonotonic(e) ? new NonMonotonicAppendException(key, id, e) : translate(key, e);
    }

    private static boolean hasCause(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
        }
        return false;
    }
}
