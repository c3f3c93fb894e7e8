package echomq.wire;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import io.vavr.control.Option;

import java.util.Arrays;
import java.util.List;

/**
 * An {@code XRANGE} reply read from the bytes a connection delivers, without a client's parser: the
 * bytes are appended as they arrive ({@link #room}, {@link #wrote}), each item that has arrived whole
 * is framed at once, its header's length read in the one pass that finds its end ({@link #scan}), and
 * once the reply is whole its shape is checked and the last entry's id read ({@link #check}); the
 * entries are built from the same bytes later ({@link #entries}), so that the next page's request can
 * go out between the two. No {@code byte[]} per bulk string and no list per array is made.
 *
 * <p>Both adapters read pages with it: the Jedis adapter from its connection's input stream, the
 * Lettuce adapter from its event loop's buffer. One instance reads one reply at a time and is reused
 * for the next ({@link #start}); not thread-safe.
 * <pre>{@code
 * reply.start("orders");
 * while (!reply.scan()) {
 *     byte[] into = reply.room(1);
 *     reply.wrote(in.read(into, reply.length(), into.length - reply.length()));
 * }
 * Option<StreamId> last = reply.check();   // send the next request here
 * List<StreamEntry> page = reply.entries();
 * }</pre>
 */
public final class XrangeReply {

    /** Bytes that are not an {@code XRANGE} reply; the connection they came on is out of step. */
    public static final class Malformed extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        Malformed(String message) {
            super(message);
        }
    }

    private static final int ARRAY = Replies.ARRAY_ITEM;
    private static final int NIL = -1;
    private static final int FIRST_BYTES = 4 * 1024;
    private static final int FIRST_ITEMS = 256;
    /**
     * Buffers grown past this (a page of about 30,000 small entries) are let go after their page;
     * below it a reader keeps what its largest page needed, so that pages of one size cost no buffer
     * after the first.
     */
    private static final int KEEP = 4 << 20;

    private String key = "?";
    /** The reply's bytes, {@link #length} of them (and perhaps bytes after it). */
    private byte[] raw = new byte[FIRST_BYTES];
    private int length;
    /** Per item, two ints: its start in {@link #raw} ({@link #ARRAY}, {@link #NIL}) and its length (an array's count). */
    private int[] items = new int[2 * FIRST_ITEMS];
    private int itemCount;
    /** Where the next item to frame starts. */
    private int pos;
    /** Values still to come: the reply, then each array's items as its header is framed. */
    private long pending;
    /** Entries of the checked reply; -1 until {@link #check}, and after {@link #entries}. */
    private int count = -1;

    /**
     * Starts reading a reply, forgetting the one before (and letting go of buffers a huge one grew).
     *
     * @param key the stream, named in errors
     */
    public void start(String key) {
        letGoIfHuge(); // of a huge reply that was never built
        this.key = key;
        length = 0;
        itemCount = 0;
        pos = 0;
        pending = 1;
        count = -1;
    }

    /**
     * The buffer to write arriving bytes into, at {@link #length()}, with room for at least
     * {@code min} more (grown, doubling, when it has less).
     *
     * @param min bytes about to be written
     * @return the buffer; write at {@code length()}, then call {@link #wrote}
     */
    public byte[] room(int min) {
        if (min < 0) {
            throw new IllegalArgumentException("room must be >= 0, got " + min);
        }
        if ((long) length + min > raw.length) {
            long grown = Math.max(2L * raw.length, (long) length + min);
            if (grown > Integer.MAX_VALUE - 8) {
                throw malformed("a reply of more than 2 GiB");
            }
            raw = Arrays.copyOf(raw, (int) grown);
        }
        return raw;
    }

    /**
     * How many bytes have been written.
     *
     * @return the bytes written since {@link #start}
     */
    public int length() {
        return length;
    }

    /**
     * Takes {@code n} bytes written into {@link #room}'s buffer at {@link #length()}.
     *
     * @param n bytes written
     */
    public void wrote(int n) {
        if (n < 0 || (long) length + n > raw.length) {
            throw new IllegalArgumentException("wrote " + n + " bytes at " + length + " of a buffer of " + raw.length);
        }
        length += n;
    }

    /**
     * Frames every item that has arrived whole; a part of one waits for the bytes after it.
     *
     * @return whether the reply has arrived whole ({@link #end()} is then where it ends)
     * @throws Malformed when the bytes are not an {@code XRANGE} reply
     */
    public boolean scan() {
        while (pending > 0) {
            int next = item(pos);
            if (next < 0) {
                return false;
            }
            int start = items[2 * (itemCount - 1)];
            pending += start == ARRAY ? Math.max(0, items[2 * itemCount - 1]) - 1 : -1;
            pos = next;
        }
        return true;
    }

    /**
     * How many more bytes certainly belong to this reply: at least 1 until it has arrived whole, and
     * never more than it still lacks. A reader that takes no more than this at a time from a stream
     * that carries the replies after it (requests pipelined on one connection) leaves their bytes
     * where they are. Each value still to come is at least four bytes ({@code *0\r\n}); a bulk string
     * whose header has arrived is as long as the header says.
     * <pre>{@code
     * int got = in.read(reply.room(reply.needs()), reply.length(), reply.needs());
     * }</pre>
     *
     * @return the bytes to read next, at most; 0 once the reply is whole
     */
    public int needs() {
        if (pending == 0) {
            return 0;
        }
        long min = 4L * pending;
        if (pos < length && raw[pos] == '$') {
            // the bulk string under way: once its header has arrived, its whole length is known
            long len = 0;
            int i = pos + 1;
            int stop = Math.min(length, pos + 12);
            while (i < stop && raw[i] >= '0' && raw[i] <= '9') {
                len = len * 10 + raw[i++] - '0';
            }
            if (i > pos + 1 && i < stop && raw[i] == '\r') {
                min = Math.max(min, (i + 2L - pos) + len + 2 + 4L * (pending - 1));
            }
        }
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE - 8, min - (length - pos)));
    }

    /**
     * Where the reply ends in what was written: bytes after it belong to the replies after it.
     *
     * @return the position after the reply's last byte, once {@link #scan} said it is whole
     */
    public int end() {
        return pos;
    }

    /**
     * Checks the whole reply is {@code [[id, [f, v, …]], …]} and reads its last entry's id: the next
     * page's start. Entries of an odd number of field items are taken with the trailing name left
     * out, as Jedis' own path takes them.
     *
     * @return the last entry's id; none for an empty reply (or a nil one)
     * @throws Malformed             when the reply is not of that shape
     * @throws IllegalStateException when the last entry's id is not an id
     */
    public Option<StreamId> check() {
        if (pending > 0) {
            throw new IllegalStateException("the reply from " + key + " has not arrived whole");
        }
        if (items[0] != ARRAY) {
            throw malformed(items[0] == NIL ? "a nil bulk string" : "a bulk string where entries belong");
        }
        int n = Math.max(0, items[1]);
        int i = 1;
        int lastId = -1;
        for (int e = 0; e < n; e++) {
            if (i + 2 >= itemCount || items[2 * i] != ARRAY || items[2 * i + 1] != 2) {
                throw malformed("an entry that is not an id and its fields");
            }
            int id = i + 1;
            if (items[2 * id] < 0 || items[2 * id + 1] > Replies.MAX_ID_BYTES) {
                throw malformed("an entry id that is not a bulk string of at most " + Replies.MAX_ID_BYTES + " bytes");
            }
            int fields = i + 2;
            int f = items[2 * fields + 1];
            if (items[2 * fields] != ARRAY || f < 0 || fields + f >= itemCount) {
                throw malformed("an entry's fields that are not an array");
            }
            for (int k = fields + 1; k <= fields + f; k++) {
                if (items[2 * k] < 0) {
                    throw malformed("a nil or an array among an entry's fields");
                }
            }
            lastId = id;
            i = fields + 1 + f;
        }
        if (i != itemCount) {
            throw malformed("items after the entries");
        }
        Option<StreamId> last = lastId < 0 ? Option.none() : Option.some(Replies.entryId(key, raw, items, lastId));
        count = n; // only now: a reply whose last id is not one has nothing to build
        return last;
    }

    /**
     * How many entries the checked reply holds.
     *
     * @return the count; 0 before {@link #check} and after {@link #entries}
     */
    public int size() {
        return Math.max(0, count);
    }

    /**
     * The checked reply's entries, built now from its bytes; they own what they hold, and this
     * reader is free for the next reply.
     *
     * @return the entries, in order; an immutable list
     * @throws IllegalStateException when no reply was checked since the last call, or an id is not one
     */
    public List<StreamEntry> entries() {
        if (count < 0) {
            throw new IllegalStateException("no XRANGE reply from " + key + " was checked");
        }
        int n = count;
        count = -1;
        List<StreamEntry> entries = n == 0 ? List.of() : Replies.entries(key, raw, items, n);
        letGoIfHuge();
        return entries;
    }

    /**
     * The bytes this reader's buffers hold, whatever they hold now: what keeping it between replies costs.
     *
     * @return the buffers' sizes, in bytes
     */
    public long footprint() {
        return raw.length + (long) Integer.BYTES * items.length;
    }

    /** Replaces buffers grown past {@link #KEEP} with first-sized ones, so that a reader kept between replies stays small. */
    private void letGoIfHuge() {
        if (raw.length > KEEP || items.length > KEEP / Integer.BYTES) {
            raw = new byte[FIRST_BYTES];
            items = new int[2 * FIRST_ITEMS];
        }
    }

    /**
     * The item at {@code at} of {@link #raw}, recorded; the position after it, or -1 when it has not
     * arrived whole.
     */
    private int item(int at) {
        if (at >= length) {
            return -1;
        }
        byte type = raw[at];
        if (type != '*' && type != '$') {
            throw malformed("'" + (char) type + "' in an XRANGE reply");
        }
        int i = at + 1;
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
        if (type == '*') {
            record(ARRAY, len);
            return after;
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

    private Malformed malformed(String what) {
        count = -1;
        return new Malformed("unexpected stream entry reply from " + key + ": " + what);
    }
}
