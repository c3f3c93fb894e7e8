package codemojex.app.core;

/** A good session asked for what is not its own (another player's guesses): a 403. */
public final class ForbiddenException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** With {@code message}, which never holds a token. */
    public ForbiddenException(String message) {
        super(message, null, false, false);
    }
}
