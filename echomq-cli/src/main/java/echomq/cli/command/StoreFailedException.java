package echomq.cli.command;

/**
 * Redis failed (unreachable, timed out, refused the command, holds another type under the key):
 * exit code 1, shown as one line naming the Redis (its password masked).
 */
public final class StoreFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * A failure.
     *
     * @param message one line: which Redis, and what went wrong
     * @param cause   the store's failure
     */
    public StoreFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
