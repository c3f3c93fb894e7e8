package echomq.domain.id;

import java.time.Instant;

/**
 * An EchoMQ branded id: a three-letter upper-case namespace and a snowflake, written as the
 * namespace followed by the snowflake in fixed-width base62 (14 characters in all).
 *
 * <p>{@code BrandedId.parse("USR0KHTOWnGLuC").snowflake() == 274557032793636864L}
 *
 * @param namespace three ASCII upper-case letters ({@code EVT} for stream records)
 * @param snowflake the 63-bit snowflake, {@code >= 0}
 */
public record BrandedId(String namespace, long snowflake) implements Comparable<BrandedId> {

    /** The namespace of stream records. */
    public static final String EVENT = "EVT";

    /** Length of the text form. */
    public static final int LENGTH = 3 + Base62.WIDTH;

    /**
     * Checks the parts.
     *
     * @param namespace three ASCII upper-case letters
     * @param snowflake the snowflake, {@code >= 0}
     * @throws IllegalArgumentException when the namespace is not three ASCII upper-case letters or
     *                                  the snowflake is negative
     */
    public BrandedId {
        requireNamespace(namespace);
        if (snowflake < 0) {
            throw new IllegalArgumentException("snowflake must be >= 0, got " + snowflake);
        }
    }

    /**
     * The {@code EVT} id of a snowflake: what stream records are written under.
     *
     * @param snowflake the snowflake, {@code >= 0}
     * @return {@code EVT} + base62 of {@code snowflake}
     * @throws IllegalArgumentException when {@code snowflake} is negative
     */
    public static BrandedId event(long snowflake) {
        return new BrandedId(EVENT, snowflake);
    }

    /**
     * Checks a namespace.
     *
     * @param namespace the namespace
     * @return {@code namespace}, when it is three ASCII upper-case letters
     * @throws IllegalArgumentException naming it, when it is not
     */
    public static String requireNamespace(String namespace) {
        if (namespace == null || namespace.length() != 3 || !isUpper(namespace.charAt(0))
                || !isUpper(namespace.charAt(1)) || !isUpper(namespace.charAt(2))) {
            throw new IllegalArgumentException("namespace must be 3 upper-case ASCII letters, got "
                    + (namespace == null ? "null" : "\"" + namespace + "\""));
        }
        return namespace;
    }

    private static boolean isUpper(char c) {
        return c >= 'A' && c <= 'Z';
    }

    /**
     * Parses the 14-character text form: the inverse of {@link #toString()}.
     * <pre>{@code
     * BrandedId.parse("EVT0KHTOWnGLuC").snowflake();   // 274557032793636864L
     * BrandedId.parse("evt0KHTOWnGLuC");               // IllegalArgumentException: the namespace is lower case
     * }</pre>
     *
     * @param text namespace + {@value Base62#WIDTH} base62 characters
     * @return the branded id
     * @throws IllegalArgumentException naming the bad text and what is wrong with it
     */
    public static BrandedId parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("branded id must not be null");
        }
        if (text.length() != LENGTH) {
            int n = text.codePointCount(0, text.length()); // what a reader counts: an emoji is one character, not two
            throw new IllegalArgumentException("branded id \"" + shorten(text) + "\" must be " + LENGTH
                    + (n == LENGTH ? " characters of a namespace and base62 (0-9, A-Z, a-z)" : " characters, is " + n));
        }
        String ns = text.substring(0, 3);
        try {
            requireNamespace(ns);
            return new BrandedId(ns, Base62.decode(text.substring(3)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid branded id \"" + text + "\": " + e.getMessage(), e);
        }
    }

    /**
     * The branded id of {@code text}, or none when it is not one (a foreign entry's {@code id} field).
     *
     * @param text the text, possibly {@code null}
     * @return the branded id, none when {@link #parse} would refuse the text
     */
    public static io.vavr.control.Option<BrandedId> tryParse(String text) {
        try {
            return io.vavr.control.Option.some(parse(text));
        } catch (IllegalArgumentException e) {
            return io.vavr.control.Option.none();
        }
    }

    private static String shorten(String text) {
        return text.length() > 64 ? text.substring(0, 64) + "…" : text;
    }

    /**
     * The stream entry id of the record (the A1 mapping): {@code <unix ms of the mint>-<snowflake & 0x3FFFFF>}.
     * The low 22 bits (node and sequence) become the sequence, so the ids of one minter sort as its
     * snowflakes do and a record's entry id is known before it is appended.
     *
     * @return the entry id the record is appended under
     */
    public StreamId streamId() {
        return StreamId.of(Snowflake.unixMillis(snowflake), snowflake & StreamId.MAX_SNOWFLAKE_TAIL);
    }

    /**
     * The instant the snowflake was minted.
     *
     * @return the mint's Unix millisecond as an instant
     */
    public Instant instant() {
        return Instant.ofEpochMilli(Snowflake.unixMillis(snowflake));
    }

    @Override
    public int compareTo(BrandedId o) {
        int c = namespace.compareTo(o.namespace);
        return c != 0 ? c : Long.compare(snowflake, o.snowflake);
    }

    /**
     * The text form.
     *
     * @return {@code namespace + base62(snowflake)}, {@value #LENGTH} characters
     */
    @Override
    public String toString() {
        return namespace + Base62.encode(snowflake);
    }
}
