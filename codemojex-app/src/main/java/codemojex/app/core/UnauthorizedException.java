package codemojex.app.core;

/** No session, or one that is malformed, unknown, expired or of another game: the request needs a player who joined. */
public final class UnauthorizedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** With {@code message}, which never holds a token. */
    public UnauthorizedException(String message) {
        super(message, null, false, false);
    }
}
