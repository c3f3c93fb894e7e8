package echomq.wire;

import echomq.domain.stream.ReplyPage;
import echomq.domain.stream.StreamEntry;
import echomq.domain.id.StreamId;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Decodes raw RESP replies of stream commands (bulk strings as {@code byte[]}, integers as
 * {@code Long}, arrays as {@code List}, as any client hands them raw) straight into domain entries:
 * no detour through a client's own entry types or unordered field maps.
 */
public final class Replies {

    /** In the items {@link #entries(String, byte[], int[], int)} reads: the start of an array's header (its count is the item's second int). */
    public static final int ARRAY_ITEM = -2;
    /** The longest entry id a reply may hold: two 20-digit numbers and a dash. */
    public static final int MAX_ID_BYTES = 41;

    private Replies() {
    }

    /**
     * {@code s} in UTF-8.
     *
     * @param s the text
     * @return its UTF-8 bytes
     */
    public static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * A bulk string's text (UTF-8), or the reply's {@code toString}.
     *
     * @param reply a reply item
     * @return its text
     */
    public static String text(Object reply) {
        if (reply instanceof byte[] b) {
            return new String(b, StandardCharsets.UTF_8);
        }
        return String.valueOf(reply);
    }

    /**
     * An {@code XRANGE} reply: {@code [[id, [f, v, …]], …]}, its entries sharing one buffer
     * ({@link ReplyPage}).
     *
     * @param key   the stream, named in errors
     * @param reply the reply, or null
     * @return its entries, in order (empty for null), an immutable list
     * @throws IllegalStateException when an item is not an entry
     */
    public static List<StreamEntry> entries(String key, List<Object> reply) {
        if (reply == null) {
            return List.of();
        }
        ReplyPage page = new ReplyPage(reply.size());
        for (Object item : reply) {
            add(key, page, item);
        }
        return page.entries();
    }

    /**
     * The entry id that is item {@code item} of the layout {@link #entries(String, byte[], int[], int)}
     * reads: how both clients' parsers read an entry's id, the last one's before the entries are built.
     *
     * @param key   the stream, named in errors
     * @param raw   the reply's bulk strings
     * @param items where each item is
     * @param item  the id's item
     * @return the id
     * @throws IllegalStateException when it is not an entry id (a reply Redis does not give)
     */
    public static StreamId entryId(String key, byte[] raw, int[] items, int item) {
        try {
            return streamId(raw, items[2 * item], items[2 * item + 1]);
        } catch (IllegalArgumentException notAnId) {
            throw new IllegalStateException("unexpected stream entry reply from " + key + ": an entry id " + notAnId.getMessage(), notAnId);
        }
    }

    /**
     * Writes item {@code index} of the layout {@link #entries(String, byte[], int[], int)} reads (two
     * ints per item: a bulk string's start and length, or {@link #ARRAY_ITEM} and an array's count),
     * growing the table when it is full: the one writer of that layout, for both clients' parsers.
     * <pre>{@code
     * items = Replies.item(items, count++, start, len);
     * }</pre>
     *
     * @param items the table so far
     * @param index the item's place, the number of items written before it
     * @param start the bulk string's start in the reply's buffer, or {@link #ARRAY_ITEM}
     * @param len   its length, or the array's count
     * @return the table holding the item: {@code items} or a grown copy of it
     */
    public static int[] item(int[] items, int index, int start, int len) {
        int[] out = 2 * index + 2 > items.length ? java.util.Arrays.copyOf(items, Math.max(2 * items.length, 2 * index + 2)) : items;
        out[2 * index] = start;
        out[2 * index + 1] = len;
        return out;
    }

    /**
     * The entries of an {@code XRANGE} reply that a parser copied into one buffer and checked for
     * shape, built now: the reply's items in {@code raw}, two ints per item in {@code items} (a bulk
     * string's start and length; an array header's {@link #ARRAY_ITEM} and count), in reply order: the reply's
     * header, then per entry its header, its id, its fields' header ({@code n}) and its {@code n}
     * field items. A trailing name without a value is left out, as Jedis' own path leaves it.
     * <pre>{@code
     * // [["5-3", ["a", "x"]]]
     * byte[] raw = "5-3ax".getBytes(US_ASCII);
     * int[] items = {-2, 1,  -2, 2,  0, 3,  -2, 2,  3, 1,  4, 1};
     * Replies.entries("s", raw, items, 1).get(0).field("a");   // Some(x)
     * }</pre>
     *
     * @param key   the stream, named in errors
     * @param raw   the reply's bulk strings
     * @param items where each item is
     * @param count how many entries the reply holds
     * @return the entries, in order, sharing one {@link ReplyPage}; an immutable list
     * @throws IllegalStateException when an entry's id is not an id
     */
    public static List<StreamEntry> entries(String key, byte[] raw, int[] items, int count) {
        ReplyPage page = new ReplyPage(count);
        int i = 1;
        for (int e = 0; e < count; e++) {
            int id = i + 1;
            page.entry(entryId(key, raw, items, id));
            int fields = items[2 * (i + 2) + 1];
            int at = i + 3;
            for (int f = 0; f + 1 < fields; f += 2, at += 2) {
                page.name(raw, items[2 * at], items[2 * at + 1]);
                page.value(raw, items[2 * at + 2], items[2 * at + 3]);
            }
            i += 3 + fields;
        }
        return page.entries();
    }

    /**
     * One entry of an {@code XRANGE} reply: {@code [id, [f, v, …]]}.
     *
     * @param key  the stream, named in errors
     * @param item the reply item
     * @return the entry
     * @throws IllegalStateException when it is not an entry
     */
    public static StreamEntry entry(String key, Object item) {
        ReplyPage page = new ReplyPage(1);
        add(key, page, item);
        return page.entries().get(0);
    }

    private static void add(String key, ReplyPage page, Object item) {
        if (!(item instanceof List<?> pair) || pair.size() != 2) {
            throw new IllegalStateException("unexpected stream entry reply from " + key + ": " + item);
        }
        page.entry(pair.get(0) instanceof byte[] rawId ? streamId(rawId) : StreamId.parse(text(pair.get(0))));
        if (!(pair.get(1) instanceof List<?> list)) {
            return;
        }
        int n = list.size() & ~1;
        for (int i = 0; i < n; i += 2) {
            byte[] name = raw(Objects.requireNonNull(list.get(i), "field name"));
            byte[] value = raw(Objects.requireNonNull(list.get(i + 1), "field value"));
            page.name(name, 0, name.length);
            page.value(value, 0, value.length);
        }
    }

    /** A bulk string's bytes; a decoded reply's item (a script called through the String API) back to bytes. */
    private static byte[] raw(Object item) {
        return item instanceof byte[] b ? b : bytes(text(item));
    }

    /**
     * An entry id straight from {@code len} ASCII bytes of {@code raw} at {@code off} (as a parser
     * reads a bulk string into its own buffer).
     *
     * @param raw the bytes
     * @param off where the id starts
     * @param len its length
     * @return the id
     * @throws IllegalArgumentException when it is not an entry id
     */
    public static StreamId streamId(byte[] raw, int off, int len) {
        return streamId(java.nio.ByteBuffer.wrap(raw, off, len));
    }

    /**
     * An entry id straight from its ASCII bytes; anything but plain {@code <digits>-<digits>} goes to the strict parser for its message.
     *
     * @param raw the id's ASCII bytes
     * @return the id
     * @throws IllegalArgumentException when it is not an entry id
     */
    public static StreamId streamId(byte[] raw) {
        return streamId(java.nio.ByteBuffer.wrap(raw));
    }

    /**
     * An entry id straight from a buffer's remaining ASCII bytes (as a client's parser holds a bulk
     * string), without copying them; the buffer's position is left where it was.
     * {@code Replies.streamId(ByteBuffer.wrap("1700000000000-7".getBytes()))} is {@code 1700000000000-7}.
     *
     * @param raw the id's ASCII bytes, from position to limit
     * @return the id
     * @throws IllegalArgumentException when it is not an entry id
     */
    public static StreamId streamId(java.nio.ByteBuffer raw) {
        int p = raw.position();
        int n = raw.limit();
        long ms = 0;
        long seq = 0;
        int i = p;
        while (i < n && raw.get(i) != '-') {
            int d = raw.get(i) - '0';
            if (d < 0 || d > 9 || i - p >= 18) {
                return strict(raw);
            }
            ms = ms * 10 + d;
            i++;
        }
        if (i == p || i == n) {
            return strict(raw);
        }
        int start = ++i;
        while (i < n) {
            int d = raw.get(i) - '0';
            if (d < 0 || d > 9 || i - start >= 18) {
                return strict(raw);
            }
            seq = seq * 10 + d;
            i++;
        }
        if (i == start) {
            return strict(raw);
        }
        return new StreamId(ms, seq);
    }

    private static StreamId strict(java.nio.ByteBuffer raw) {
        return StreamId.parse(StandardCharsets.UTF_8.decode(raw.duplicate()).toString());
    }

    /**
     * A flat {@code [name, value, …]} reply (RESP2's maps: {@code XINFO}) as a map by name.
     *
     * @param flat the reply
     * @return its values by name (a trailing odd item is left out)
     */
    public static Map<String, Object> fields(List<?> flat) {
        Map<String, Object> out = new HashMap<>();
        for (int i = 0; i + 1 < flat.size(); i += 2) {
            out.put(text(flat.get(i)), flat.get(i + 1));
        }
        return out;
    }
}
