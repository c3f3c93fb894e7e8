package codemojex.app.core;

import java.util.Objects;
/**
 * A read whose answer would pass one of the app's bounds (the longest session, the most sessions
 * of a read): refused whole, never cut, naming the bound; a 422, not a 500.
 */
public final class BoundExceededException extends RuntimeException {

    private final String bound;

    /** Refused by {@code bound}, as {@code message} says. */
    public BoundExceededException(String bound, String message) {
        super(message);
        this.bound = Objects.requireNonNull(bound, "bound");
    }

    /** The bound passed. */
    public String bound() {
        return bound;
    }
}
