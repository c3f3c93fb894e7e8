package echomq.redis;

import echomq.domain.id.StreamId;
import echomq.domain.stream.ReplyPage;
import echomq.domain.stream.StreamEntry;
import echomq.wire.Replies;
import io.vavr.control.Option;
import redis.clients.jedis.Connection;
import redis.clients.jedis.PushConsumerChain;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.util.RedisInputStream;

import java.util.Arrays;
import java.util.List;

/**
 * A Jedis connection that reads an {@code XRANGE} reply in two steps, so that the request for the
 * next page can go out between them: {@link #readPage} copies the reply's bytes off the socket in
 * bulk and only finds where each item is (and the last entry's id, the next page's start);
 * {@link #entries} then builds the entries from those bytes into a {@link ReplyPage} while Redis
 * computes the next page. No {@code byte[]} per bulk string and no list per array is built (Jedis'
 * own parser builds both, and the adapter then copied them into entries).
 *
 * <p>Every other reply, and an error reply to an {@code XRANGE} (a redirection, {@code WRONGTYPE}),
 * is read by Jedis' own parser, so the pool, the cluster routing and the failure types stay Jedis'.
 * Pooled by the clients {@link RedisConnections} builds ({@link Maker}); a connection of another
 * client is read the ordinary way ({@link RedisRangePages} asks which it has).
 */
final class EntriesConnection extends Connection {

    /** Makes {@link EntriesConnection}s for a pool: Jedis' own template hook for a connection subtype. */
    static final class Maker extends Connection.Builder {
        @Override
        protected Connection createConnection() {
            return new EntriesConnection(this);
        }
    }

    /** A reply to an {@code XRANGE} that is not one. */
    static final class Malformed extends JedisConnectionException {
        Malformed(String message) {
            super(message);
        }
    }

    /** What {@link #protocolRead} returns for a reply it read into {@link #raw}. */
    private static final Object READ = new Object();
    /** Items: an array header ({@code count} in the second int), a nil, or a bulk string (its start and length). */
    private static final int ARRAY = Replies.ARRAY_ITEM;
    private static final int NIL = -1;
    /**
     * Buffers grown past this (a page of about 30,000 small entries) are let go after their page
     * instead of being kept by the pooled connection; below it a connection keeps what its largest
     * page needed, so that pages of one size cost no buffer after the first.
     */
    private static final int KEEP = 4 << 20;

    /** Whether the reply being read is read as an {@code XRANGE} page. */
    private boolean reading;
    /** The stream of the page read last, named in errors. */
    private String key;
    /** The reply's bytes, {@link #length} of them. */
    private byte[] raw = new byte[16 * 1024];
    private int length;
    /** Per item, two ints: its start in {@link #raw} ({@link #ARRAY}, {@link #NIL}) and its length (an array's count). */
    private int[] items = new int[2 * 1024];
    private int itemCount;
    /** The reply read last holds this many entries; -1 when it has been built (or none was read). */
    private int pageEntries = -1;

    private EntriesConnection(Connection.Builder builder) {
        super(builder);
    }

    /**
     * Reads the reply to an {@code XRANGE} sent before (flushing what is unsent) into this
     * connection's buffer, without building its entries: {@link #entries} does, next. The request
     * must be the only one in flight (the bytes read in bulk would take a following reply's too).
     *
     * @param key the stream, named in errors
     * @return the id of the reply's last entry; none for an empty reply
     * @throws redis.clients.jedis.exceptions.JedisDataException for an error reply (the connection stays in step)
     * @throws Malformed               when the reply is not an {@code XRANGE} reply
     * @throws IllegalStateException    when the last entry's id is not an id (as Lettuce's read says it)
     * @throws JedisConnectionException when the connection fails
     */
    Option<StreamId> readPage(String key) {
        this.key = key;
        reading = true;
        pageEntries = -1;
        try {
            Object reply = getOne();
            if (reply != READ) {
                throw new Malformed("unexpected XRANGE reply from " + key + ": " + reply);
            }
        } finally {
            reading = false;
        }
        int idItem = checkShape();
        if (idItem < 0) {
            return Option.none();
        }
        return Option.some(Replies.entryId(key, raw, items, idItem));
    }

    /**
     * How many entries the page {@link #readPage} read holds.
     *
     * @return the count, 0 when there is none to build
     */
    int pageSize() {
        return Math.max(0, pageEntries);
    }

    /**
     * The entries of the page {@link #readPage} read, built now from this connection's buffer (the
     * entries own their bytes: the buffer is free for the next reply afterwards).
     *
     * @return the entries, in order
     * @throws IllegalStateException when no page was read since the last call
     */
    List<StreamEntry> entries() {
        if (pageEntries < 0) {
            throw new IllegalStateException("no XRANGE page was read on this connection");
        }
        int count = pageEntries;
        pageEntries = -1;
        List<StreamEntry> entries = Replies.entries(key, raw, items, count);
        if (raw.length > KEEP || items.length > KEEP / Integer.BYTES) {
            raw = new byte[16 * 1024];
            items = new int[2 * 1024];
        }
        return entries;
    }

    @Override
    protected Object protocolRead(RedisInputStream is, PushConsumerChain consumer) {
        if (!reading || !is.peek((byte) '*')) {
            return super.protocolRead(is, consumer);
        }
        length = 0;
        itemCount = 0;
        int pos = 0;
        long pending = 1; // values still to come: the reply, then each array's items as its header is read
        while (pending > 0) {
            if (length == raw.length) {
                raw = Arrays.copyOf(raw, 2 * raw.length);
            }
            int got = is.read(raw, length, raw.length - length);
            if (got < 0) {
                throw new JedisConnectionException("the server closed the connection in a reply from " + key);
            }
            length += got;
            // every whole item in what has arrived; a part of one waits for the next read
            while (pending > 0) {
                int next = item(pos);
                if (next < 0) {
                    break;
                }
                int start = items[2 * (itemCount - 1)];
                pending += start == ARRAY ? Math.max(0, items[2 * itemCount - 1]) - 1 : -1;
                pos = next;
            }
        }
        if (pos != length) {
            // bytes after the reply: another reply read with it, which no parser can have now
            throw malformed("more bytes after the reply: another reply read with it");
        }
        return READ;
    }

    /**
     * The item at {@code pos} of {@link #raw}, recorded; the position after it, or -1 when it has not
     * arrived whole. Its header's length is read in the one pass that finds the header's end.
     */
    private int item(int pos) {
        int i = pos + 1;
        boolean negative = i < length && raw[i] == '-';
        if (negative) {
            i++;
        }
        int digitsFrom = i;
        long n = 0;
        while (i < length) {
            byte b = raw[i];
            if (b == '\r') {
                break;
            }
            int d = b - '0';
            if (d < 0 || d > 9 || i - digitsFrom >= 10) {
                throw malformed("a length with '" + (char) b + "'");
            }
            n = n * 10 + d;
            i++;
        }
        if (i + 1 >= length) {
            return -1; // the header has not arrived whole
        }
        if (i == digitsFrom || raw[i + 1] != '\n' || n > Integer.MAX_VALUE) {
            throw malformed("a header that is not a length and CRLF");
        }
        int len = negative ? (int) -n : (int) n;
        int after = i + 2;
        byte type = raw[pos];
        if (type == '*') {
            record(ARRAY, len);
            return after;
        }
        if (type != '$') {
            throw malformed("'" + (char) type + "' in an XRANGE reply");
        }
        if (len < 0) {
            record(NIL, -1);
            return after;
        }
        if ((long) after + len + 2 > length) {
            return -1;
        }
        if (raw[after + len] != '\r' || raw[after + len + 1] != '\n') {
            throw malformed("a bulk string not ended by CRLF");
        }
        record(after, len);
        return after + len + 2;
    }

    private void record(int start, int len) {
        items = Replies.item(items, itemCount++, start, len);
    }

    /**
     * Checks the items are {@code [[id, [f, v, …]], …]}, counts the entries into {@link #pageEntries}
     * (-1 for none) and finds the item of the last entry's id (-1 for none). Entries of an odd number
     * of field items are taken with the trailing name left out, as Jedis' path takes them.
     */
    private int checkShape() {
        if (items[0] != ARRAY) {
            throw malformed("a reply that is not an array");
        }
        int count = Math.max(0, items[1]);
        int i = 1;
        int lastId = -1;
        for (int e = 0; e < count; e++) {
            if (i + 2 >= itemCount || items[2 * i] != ARRAY || items[2 * i + 1] != 2) {
                throw malformed("an entry that is not an id and its fields");
            }
            int id = i + 1;
            if (items[2 * id] < 0 || items[2 * id + 1] > Replies.MAX_ID_BYTES) {
                throw malformed("an entry id that is not a bulk string of at most " + Replies.MAX_ID_BYTES + " bytes");
            }
            int fields = i + 2;
            int n = items[2 * fields + 1];
            if (items[2 * fields] != ARRAY || n < 0 || fields + n >= itemCount) {
                throw malformed("an entry's fields that are not an array");
            }
            for (int f = fields + 1; f <= fields + n; f++) {
                if (items[2 * f] < 0) {
                    throw malformed("a nil or an array among an entry's fields");
                }
            }
            lastId = id;
            i = fields + 1 + n;
        }
        if (i != itemCount) {
            throw malformed("items after the entries");
        }
        pageEntries = count == 0 ? -1 : count;
        return lastId;
    }

    private Malformed malformed(String what) {
        pageEntries = -1;
        return new Malformed("unexpected stream entry reply from " + key + ": " + what);
    }
}
