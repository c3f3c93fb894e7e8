package echomq.domain.stream;

/**
 * A failure of the stream store (Redis), as the domain sees it: typed, naming the key it concerns,
 * never swallowed. Subtypes say what went wrong, so a caller retries an {@link Unavailable} and
 * not a {@link WrongType}.
 * <pre>{@code
 * try { windows.foldWindow(key, w, fold); }
 * catch (StreamStoreException.Unavailable e) { retryLater(e.key()); }
 * }</pre>
 */
public class StreamStoreException extends RuntimeException {

    /** The key the failed command concerned; empty when none. */
    private final String key;

    /**
     * A failure concerning {@code key}; the message names the key unless it already does.
     *
     * @param key     the key the failed command concerned, empty when none
     * @param message what went wrong
     * @param cause   the driver's exception
     */
    public StreamStoreException(String key, String message, Throwable cause) {
        super(message + (key.isEmpty() || message.contains("[key " + key + "]") ? "" : " [key " + key + "]"), cause);
        this.key = key;
    }

    /**
     * The key the failed command concerned.
     *
     * @return the key as text; empty when none
     */
    public String key() {
        return key;
    }

    /** The store cannot be reached, or the connection broke mid-command. */
    public static class Unavailable extends StreamStoreException {
        /**
         * The store could not be reached for {@code key}.
         *
         * @param key     the key the failed command concerned, empty when none
         * @param message what went wrong
         * @param cause   the driver's exception
         */
        public Unavailable(String key, String message, Throwable cause) {
            super(key, message, cause);
        }
    }

    /** The store did not answer in time. */
    public static class Timeout extends Unavailable {
        /**
         * The store did not answer in time for {@code key}.
         *
         * @param key     the key the failed command concerned, empty when none
         * @param message what went wrong
         * @param cause   the driver's exception
         */
        public Timeout(String key, String message, Throwable cause) {
            super(key, message, cause);
        }
    }

    /** The store refused the credentials or the user lacks a permission. */
    public static class AccessDenied extends StreamStoreException {
        /**
         * The store refused a command on {@code key}.
         *
         * @param key     the key the failed command concerned, empty when none
         * @param message what went wrong
         * @param cause   the driver's exception
         */
        public AccessDenied(String key, String message, Throwable cause) {
            super(key, message, cause);
        }
    }

    /** The key holds something that is not a stream. */
    public static class WrongType extends StreamStoreException {
        /**
         * {@code key} is not a stream.
         *
         * @param key     the key the failed command concerned
         * @param message what went wrong
         * @param cause   the driver's exception
         */
        public WrongType(String key, String message, Throwable cause) {
            super(key, message, cause);
        }
    }
}
