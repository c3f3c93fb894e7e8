package codemojex.app.core;

/** An id that names nothing: a game or a guess that does not exist. */
public class NotFoundException extends RuntimeException {
    public NotFoundException(String message) {
        super(message);
    }
}
