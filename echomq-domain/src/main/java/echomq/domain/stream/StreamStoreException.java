package echomq.domain.stream;

/**
 * A failure of the stream store (Redis), as the domain sees it: typed, naming the key it concerns,
 * never swallowed. Subtypes say what went wrong.
 */
public class StreamStoreException extends RuntimeException {

    private final String key;

    public StreamStoreException(String key, String message, Throwable cause) {
        super(message + (key.isEmpty() || message.contains("[key " + key + "]") ? "" : " [key " + key + "]"), cause);
        this.key = key;
    }

    /** The key the failed command concerned; empty when none. */
    public String key() {
        return key;
    }

    /** The store cannot be reached, or the connection broke mid-command. */
    public static class Unavailable extends StreamStoreException {
        public Unavailable(String key, String message, Throwable cause) {
            super(key, message, cause);
        }
    }

    /** The store did not answer in time. */
    public static class Timeout extends Unavailable {
        public Timeout(String key, String message, Throwable cause) {
            super(key, message, cause);
        }
    }

    /** The store refused the credentials or the user lacks a permission. */
    public static class AccessDenied extends StreamStoreException {
        public AccessDenied(String key, String message, Throwable cause) {
            super(key, message, cause);
        }
    }

    /** The key holds something that is not a stream. */
    public static class WrongType extends StreamStoreException {
        public WrongType(String key, String message, Throwable cause) {
            super(key, message, cause);
        }
    }
}
