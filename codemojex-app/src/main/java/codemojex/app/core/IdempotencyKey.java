package codemojex.app.core;

/**
 * A request's {@code Idempotency-Key} header, as Stripe's: 1 to {@value #MAX_LENGTH} visible ASCII
 * characters ({@code !} to {@code ~}; no space, no control character), checked here before anything
 * reaches Redis. A key that is not one is a {@link BadInputException} naming {@value #HEADER}.
 *
 * @param value the key as sent
 */
public record IdempotencyKey(String value) {

    /** The header that carries it. */
    public static final String HEADER = "Idempotency-Key";

    /** The longest key taken. */
    public static final int MAX_LENGTH = 255;

    public IdempotencyKey {
        if (value == null || value.isEmpty()) {
            throw new BadInputException(HEADER, HEADER + " is empty: send 1 to " + MAX_LENGTH + " visible ASCII characters (a UUID will do)");
        }
        if (value.length() > MAX_LENGTH) {
            throw new BadInputException(HEADER, HEADER + " " + Bounded.shown(value) + " is " + value.length()
                    + " characters long: at most " + MAX_LENGTH);
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x21 || c > 0x7e) {
                throw new BadInputException(HEADER, HEADER + " " + Bounded.shown(value) + " has " + String.format("U+%04X", (int) c)
                        + " at " + i + ": only visible ASCII characters (! to ~) are taken");
            }
        }
    }

    @Override
    public String toString() {
        return HEADER + "[" + value.length() + " chars]"; // a key may be chosen by a client: not logged whole
    }
}
