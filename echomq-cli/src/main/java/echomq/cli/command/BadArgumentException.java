package echomq.cli.command;

/**
 * Input the command line refuses, named with what is accepted: exit code 2, raised before anything
 * is sent to Redis.
 */
public final class BadArgumentException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * A refusal.
     *
     * @param message what was given and what is accepted, one line
     */
    public BadArgumentException(String message) {
        super(message);
    }
}
