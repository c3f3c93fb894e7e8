package echomq.domain.stream;

import java.nio.charset.StandardCharsets;

/**
 * The Redis key of a stream, {@code emq:{<queue>}:stream:<name>}. The {@code {queue}} hash tag puts
 * every key of a queue in one Redis Cluster slot.
 *
 * <p>{@code StreamKey.of("cm", "guesses").toString()} is {@code "emq:{cm}:stream:guesses"}.
 *
 * @param queue the queue: non-empty, at most 200 UTF-8 bytes, no braces, whitespace, control
 *              characters or {@code ':'}
 * @param name  the stream name: non-empty, at most 200 UTF-8 bytes, no braces, whitespace or
 *              control characters
 */
public record StreamKey(String queue, String name) {

    /** The most UTF-8 bytes a queue or a stream name may have. */
    public static final int MAX_BYTES = 200;

    /**
     * Checks the parts, so that no key outside the {@code emq:{queue}:stream:name} scheme can be built.
     *
     * @param queue the queue
     * @param name  the stream name
     * @throws IllegalArgumentException naming the bad part and, for a bad character, its code point and index
     */
    public StreamKey {
        requireQueue(queue);
        requireName(name);
    }

    /**
     * The key of stream {@code name} of {@code queue}.
     * <pre>{@code
     * StreamKey.of("cm", "guesses");      // emq:{cm}:stream:guesses
     * StreamKey.of("c:m", "guesses");     // IllegalArgumentException: ':' in a queue
     * }</pre>
     *
     * @param queue the queue: non-empty, at most 200 UTF-8 bytes, no braces, whitespace, control characters or {@code ':'}
     * @param name  the stream name: non-empty, at most 200 UTF-8 bytes, no braces, whitespace or control characters
     * @return the key
     * @throws IllegalArgumentException naming the bad part
     */
    public static StreamKey of(String queue, String name) {
        return new StreamKey(queue, name);
    }

    /**
     * The hash tag of every key of {@code queue}: what puts them in one cluster slot.
     *
     * @param queue the queue
     * @return {@code {<queue>}}
     * @throws IllegalArgumentException when {@code queue} is not a valid queue
     */
    public static String hashTag(String queue) {
        return "{" + requireQueue(queue) + "}";
    }

    /**
     * The key prefix of every key of {@code queue}.
     *
     * @param queue the queue
     * @return {@code emq:{<queue>}:}
     * @throws IllegalArgumentException when {@code queue} is not a valid queue
     */
    public static String prefix(String queue) {
        return "emq:" + hashTag(queue) + ":";
    }

    /**
     * Checks a queue: non-empty, at most {@value #MAX_BYTES} UTF-8 bytes, no braces, whitespace,
     * control or format characters, or {@code ':'}.
     *
     * @param queue the queue
     * @return {@code queue}
     * @throws IllegalArgumentException naming what is wrong and where
     */
    public static String requireQueue(String queue) {
        check("queue", queue, true);
        return queue;
    }

    /**
     * Checks a stream name: non-empty, at most {@value #MAX_BYTES} UTF-8 bytes, no braces,
     * whitespace, control or format characters ({@code ':'} is allowed).
     *
     * @param name the stream name
     * @return {@code name}
     * @throws IllegalArgumentException naming what is wrong and where
     */
    public static String requireName(String name) {
        check("stream name", name, false);
        return name;
    }

    private static void check(String what, String value, boolean isQueue) {
        if (value == null) {
            throw new IllegalArgumentException(what + " must not be null");
        }
        if (value.isEmpty()) {
            throw new IllegalArgumentException(what + " must not be empty");
        }
        int bytes = value.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_BYTES) {
            throw new IllegalArgumentException(what + " \"" + value.substring(0, Math.min(32, value.length()))
                    + "…\" is " + bytes + " bytes, at most " + MAX_BYTES + " allowed");
        }
        for (int i = 0; i < value.length(); ) {
            int cp = value.codePointAt(i);
            String why = null;
            if (cp == '{' || cp == '}') {
                why = "a brace, which would break the {queue} hash tag";
            } else if (Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
                why = "whitespace";
            } else if (Character.isISOControl(cp) || Character.getType(cp) == Character.FORMAT) {
                why = "a control character";
            } else if (isQueue && cp == ':') {
                why = "':', the key separator";
            }
            if (why != null) {
                throw new IllegalArgumentException(what + " \"" + printable(value) + "\" contains " + why
                        + " (" + String.format("U+%04X", cp) + ") at index " + i);
            }
            i += Character.charCount(cp);
        }
    }

    private static String printable(String value) {
        return Printable.of(value, 64);
    }

    /**
     * The Redis key.
     *
     * @return {@code emq:{<queue>}:stream:<name>}
     */
    @Override
    public String toString() {
        return prefix(queue) + "stream:" + name;
    }
}
