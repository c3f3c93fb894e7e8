package echomq.domain.id;

/**
 * Fixed-width base62 of a non-negative {@code long}, alphabet {@code 0-9A-Za-z}, most significant
 * digit first, left-padded with {@code '0'} to 11 characters, so that the lexicographic order of
 * the text is the numeric order. {@code Base62.encode(274557032793636864L)} is {@code "0KHTOWnGLuC"}.
 */
public final class Base62 {

    /** Digits, then upper case, then lower case: the order ASCII sorts them in. */
    public static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    /** 62^11 > 2^63 > 62^10: eleven digits hold every non-negative long. */
    public static final int WIDTH = 11;

    private Base62() {
    }

    /**
     * The fixed-width text of a value.
     * <pre>{@code
     * Base62.encode(0);                      // "00000000000"
     * Base62.encode(274557032793636864L);    // "0KHTOWnGLuC"
     * }</pre>
     *
     * @param value the value, {@code >= 0}
     * @return its {@value #WIDTH}-character base62 text, left-padded with {@code '0'}
     * @throws IllegalArgumentException when {@code value} is negative
     */
    public static String encode(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("base62 encodes values 0.." + Long.MAX_VALUE + ", got " + value);
        }
        char[] out = new char[WIDTH];
        long v = value;
        for (int i = WIDTH - 1; i >= 0; i--) {
            out[i] = ALPHABET.charAt((int) (v % 62));
            v /= 62;
        }
        return new String(out);
    }

    /**
     * The value of an 11-character base62 text: the inverse of {@link #encode}.
     *
     * @param text exactly {@value #WIDTH} characters of {@link #ALPHABET}
     * @return the value, {@code >= 0}
     * @throws IllegalArgumentException for a wrong length, a character outside the alphabet or a
     *                                  value above {@code 2^63-1}, quoting the text
     */
    public static long decode(String text) {
        if (text == null) {
            throw new IllegalArgumentException("base62 text must not be null");
        }
        if (text.length() != WIDTH) {
            throw new IllegalArgumentException("base62 text \"" + text + "\" must be " + WIDTH
                    + " characters, is " + text.length());
        }
        long value = 0;
        for (int i = 0; i < WIDTH; i++) {
            int digit = digit(text.charAt(i));
            if (digit < 0) {
                throw new IllegalArgumentException("base62 text \"" + text + "\" has a character outside 0-9A-Za-z at index " + i);
            }
            // ten digits stay below 62^10 (about 8.4e17, far below 2^63): only the eleventh can overflow, so only it divides
            if (i == WIDTH - 1 && value > (Long.MAX_VALUE - digit) / 62) {
                throw new IllegalArgumentException("base62 text \"" + text + "\" is above 2^63-1");
            }
            value = value * 62 + digit;
        }
        return value;
    }

    /** Each ASCII character's digit, -1 for a character outside {@link #ALPHABET}. */
    private static final byte[] DIGITS = new byte[128];

    static {
        java.util.Arrays.fill(DIGITS, (byte) -1);
        for (int i = 0; i < ALPHABET.length(); i++) {
            DIGITS[ALPHABET.charAt(i)] = (byte) i;
        }
    }

    private static int digit(char c) {
        return c < 128 ? DIGITS[c] : -1;
    }
}
