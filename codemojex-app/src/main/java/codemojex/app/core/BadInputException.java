package codemojex.app.core;

import java.util.function.Supplier;
/** Input refused before anything reaches Redis, naming the field it came in. */
public class BadInputException extends IllegalArgumentException {

    private final String field;

    public BadInputException(String field, String message) {
        super(message);
        this.field = field;
    }

    public String field() {
        return field;
    }

    /** Runs {@code check}, naming {@code field} in any refusal. */
    public static <T> T check(String field, Supplier<T> check) {
        try {
            return check.get();
        } catch (BadInputException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new BadInputException(field, e.getMessage());
        }
    }
}
