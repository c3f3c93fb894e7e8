package echomq.domain.stream;

import java.nio.charset.StandardCharsets;

/**
 * The Redis key of a stream: the library's own, {@code emq:{<queue>}:stream:<name>}, whose
 * {@code {queue}} hash tag puts every key of a queue in one Redis Cluster slot; or an
 * {@linkplain #existing(String) existing key} another service writes, whatever its name.
 *
 * <p>{@code StreamKey.of("cm", "guesses").toString()} is {@code "emq:{cm}:stream:guesses"};
 * {@code StreamKey.existing("orders").toString()} is {@code "orders"}. The library's own keys for a
 * stream (checkpoints, bucket marks) start with {@link #ownKeysPrefix()}, in the stream's slot.
 *
 * @param queue    the queue: non-empty, at most 200 UTF-8 bytes, no braces, whitespace, control
 *                 characters or {@code ':'}; of an existing key, its hash tag (what Redis Cluster
 *                 hashes: the text of its first {@code {…}}, or the whole key when it has none)
 * @param name     the stream name: non-empty, at most 200 UTF-8 bytes, no braces, whitespace or
 *                 control characters; of an existing key, the key itself
 * @param existing whether this is an existing key ({@link #existing(String)}) rather than one of
 *                 the library's scheme
 */
public record StreamKey(String queue, String name, boolean existing) {

    /** The most UTF-8 bytes a queue or a stream name may have. */
    public static final int MAX_BYTES = 200;

    /** The most UTF-8 bytes an {@linkplain #existing(String) existing key} may have. */
    public static final int MAX_KEY_BYTES = 1024;

    /**
     * Checks the parts, so that no key outside the {@code emq:{queue}:stream:name} scheme can be
     * built but an existing key, whose queue is its hash tag.
     *
     * @param queue    the queue
     * @param name     the stream name
     * @param existing whether {@code name} is an existing key
     * @throws IllegalArgumentException naming the bad part and, for a bad character, its code point and index
     */
    public StreamKey {
        if (existing) {
            requireExistingKey(name);
            if (!hashTagOf(name).equals(queue)) {
                throw new IllegalArgumentException("the queue of existing key \"" + printable(name) + "\" is its hash tag \""
                        + printable(hashTagOf(name)) + "\", not \"" + printable(String.valueOf(queue)) + "\"");
            }
        } else {
            requireQueue(queue);
            requireName(name);
        }
    }

    /**
     * The key of stream {@code name} of {@code queue}, in the library's scheme.
     *
     * @param queue the queue
     * @param name  the stream name
     * @throws IllegalArgumentException naming the bad part
     */
    public StreamKey(String queue, String name) {
        this(queue, name, false);
    }

    /**
     * A stream under an existing key, whatever its name: one another service writes
     * ({@code XADD orders * amount 12}). Its entries read like any other (Redis-minted ids, no
     * branded {@code id} field, fields in any order). A key in the library's scheme
     * ({@code emq:{q}:stream:n}) is that key, {@link #of(String, String)}.
     * <pre>{@code
     * StreamKey.existing("orders");                    // orders; its own keys emq:{orders}:key:…
     * StreamKey.existing("shop:{eu}:orders").queue();  // eu: its tag is kept, so its own keys share its slot
     * StreamKey.existing("emq:{cm}:stream:guesses");   // = StreamKey.of("cm", "guesses")
     * StreamKey.existing("a}b");                       // IllegalArgumentException: no tag, and a '}'
     * }</pre>
     *
     * @param key the key: non-empty, at most {@value #MAX_KEY_BYTES} UTF-8 bytes, no control
     *            characters; a key without a hash tag must not contain {@code '}'} (no tag could
     *            then put the library's keys in its slot)
     * @return the stream key
     * @throws IllegalArgumentException naming the bad key and what is wrong with it
     */
    public static StreamKey existing(String key) {
        requireExistingKey(key);
        if (key.startsWith("emq:{")) {
            int close = key.indexOf('}');
            String queue = key.substring(5, close < 0 ? 5 : close);
            String rest = close < 0 ? "" : key.substring(close + 1);
            if (rest.startsWith(":stream:")) {
                try {
                    return of(queue, rest.substring(8));
                } catch (IllegalArgumentException notInTheScheme) {
                    // an existing key that only looks like the scheme: kept as it is
                }
            }
        }
        return new StreamKey(hashTagOf(key), key, true);
    }

    /**
     * Checks an existing key: non-empty, at most {@value #MAX_KEY_BYTES} UTF-8 bytes, no control
     * characters, and a slot the library's own keys can share.
     *
     * @param key the key
     * @return {@code key}
     * @throws IllegalArgumentException naming the bad key and what is wrong with it
     */
    public static String requireExistingKey(String key) {
        if (key == null) {
            throw new IllegalArgumentException("key must not be null");
        }
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key must not be empty");
        }
        int bytes = key.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_KEY_BYTES) {
            throw new IllegalArgumentException("key \"" + key.substring(0, Math.min(32, key.length())) + "…\" is " + bytes
                    + " bytes, at most " + MAX_KEY_BYTES + " allowed");
        }
        for (int i = 0; i < key.length(); ) {
            int cp = key.codePointAt(i);
            if (Character.isISOControl(cp) || Character.getType(cp) == Character.FORMAT) {
                throw new IllegalArgumentException("key \"" + printable(key) + "\" contains a control character ("
                        + String.format("U+%04X", cp) + ") at index " + i);
            }
            i += Character.charCount(cp);
        }
        if (hashTagOf(key).indexOf('}') >= 0) {
            throw new IllegalArgumentException("key \"" + printable(key) + "\" has no hash tag and contains '}': no key of the library "
                    + "could share its Redis Cluster slot (give it a {tag}, or name it without '}')");
        }
        return key;
    }

    /**
     * What Redis Cluster hashes of {@code key}: the text between its first {@code '{'} and the
     * next {@code '}'} when that is not empty, else the whole key.
     * <pre>{@code
     * StreamKey.hashTagOf("shop:{eu}:orders");   // eu
     * StreamKey.hashTagOf("orders");             // orders
     * StreamKey.hashTagOf("a{}b");               // a{}b (an empty tag hashes the whole key)
     * }</pre>
     *
     * @param key the key
     * @return its hash tag
     */
    public static String hashTagOf(String key) {
        int open = key.indexOf('{');
        if (open >= 0) {
            int close = key.indexOf('}', open + 1);
            if (close > open + 1) {
                return key.substring(open + 1, close);
            }
        }
        return key;
    }

    /**
     * Where the library's own keys for this stream start: {@code emq:{<queue>}:} for a key of the
     * scheme, {@code emq:{<tag>}:key:} for an existing key, so that both sit in the stream's slot and
     * an existing key's never meet the scheme's (no scheme kind is {@code key}).
     *
     * @return the prefix; the library appends a kind and {@link #name()}
     */
    public String ownKeysPrefix() {
        return existing ? "emq:{" + queue + "}:key:" : prefix(queue);
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
     * @return {@code emq:{<queue>}:stream:<name>}, or the existing key
     */
    @Override
    public String toString() {
        return existing ? name : prefix(queue) + "stream:" + name;
    }
}
