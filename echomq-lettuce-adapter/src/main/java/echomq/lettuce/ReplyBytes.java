package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.wire.Replies;
import echomq.wire.XrangeReply;
import io.netty.buffer.ByteBuf;
import io.vavr.control.Option;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * An {@code XRANGE} reply as the event loop took it, in one of two ways: framed from the raw bytes
 * by an {@link XrangeReply} ({@link #frame}, on the connections of our own clients, through
 * {@link XrangeCommandHandler}), or handed bulk string by bulk string by Lettuce's parser and copied
 * into one buffer with where each item is ({@link Replies#entries(String, byte[], int[], int)}'s
 * layout; on a client handed in). Either way the event loop only copies; the entries are built by the
 * caller ({@link #entries()}), after the next page was asked for, while Redis computes that one. A
 * paging read fills one more of these than its plan's depth in turn, so that a long read allocates no
 * buffer per page.
 */
final class ReplyBytes {

    /** At most this many bytes of the event loop's buffer are copied before they are framed (bytes copied past the reply are left unread in it). */
    private static final int CHUNK = 64 * 1024;

    private final String key;
    /** Allocated when Lettuce's parser fills it (a framed reply is held by {@link #framed}). */
    private byte[] raw = new byte[0];
    private int length;
    private int[] items = new int[0];
    private int itemCount;
    private int count;
    private int lastId = -1;
    private String malformed;
    /** The reply framed from raw bytes ({@link #frame}), when it was read that way. */
    private final XrangeReply framed;
    private boolean isFramed;
    /** Whether the framed reply's shape was checked ({@link #checked}), and its last id then. */
    private boolean checked;
    private Option<StreamId> framedLast = Option.none();
    private IllegalStateException badLastId;

    ReplyBytes(String key) {
        this(key, new XrangeReply());
    }

    /**
     * Frames replies with {@code framed}, a reader a read before used (its buffers grown already).
     *
     * @param key    the stream, named in errors
     * @param framed the reader, no longer used by anybody else
     */
    ReplyBytes(String key, XrangeReply framed) {
        this.key = key;
        this.framed = framed;
    }

    /**
     * The reader that frames this buffer's replies, to be handed to a later read once this one is done with it.
     *
     * @return the reader
     */
    XrangeReply reader() {
        return framed;
    }

    /**
     * Copies as much of the reply as {@code in} holds, in chunks of at most {@link #CHUNK} bytes, and
     * frames it; leaves {@code in}'s reader index after the bytes taken.
     *
     * @return whether the reply is whole (no byte after it was taken)
     */
    boolean frame(ByteBuf in) {
        if (!isFramed) {
            isFramed = true;
            framed.start(key);
        }
        while (in.isReadable()) {
            int take = Math.min(in.readableBytes(), CHUNK);
            byte[] into = framed.room(take);
            in.getBytes(in.readerIndex(), into, framed.length(), take);
            framed.wrote(take);
            if (framed.scan()) {
                in.skipBytes(take - (framed.length() - framed.end()));
                return true;
            }
            in.skipBytes(take);
        }
        return false;
    }

    /**
     * Whether the reply was framed from raw bytes ({@link #frame}) rather than parsed by Lettuce.
     *
     * @return true when {@link XrangeCommandHandler} read it
     */
    boolean framed() {
        return isFramed;
    }

    /** Checks a framed reply's shape once, on whichever thread first asks for its size, last id or entries (the one that sends the next page's request). */
    private void checked() {
        if (!isFramed || checked) {
            return;
        }
        checked = true;
        try {
            framedLast = framed.check();
        } catch (XrangeReply.Malformed e) {
            malformed = e.getMessage();
        } catch (IllegalStateException notAnId) {
            badLastId = notAnId;
        }
    }

    /** Empties it for the next reply (the entries of the one before were built). */
    void clear() {
        isFramed = false;
        checked = false;
        framedLast = Option.none();
        badLastId = null;
        length = 0;
        itemCount = 0;
        count = 0;
        lastId = -1;
        malformed = null;
    }

    void array(int n) {
        record(Replies.ARRAY_ITEM, n);
    }

    /** The reply's header: {@code n} entries. */
    void reply(int n) {
        count = n;
        record(Replies.ARRAY_ITEM, n);
    }

    /** An entry's id, copied. */
    void id(ByteBuffer bytes) {
        lastId = itemCount;
        bulk(bytes);
    }

    /** A field's name or value, copied (the parser's buffer is reused after the call). */
    void bulk(ByteBuffer bytes) {
        int n = bytes.remaining();
        if (length + n > raw.length) {
            raw = Arrays.copyOf(raw, Math.max(2 * raw.length, length + n));
        }
        bytes.get(bytes.position(), raw, length, n);
        record(length, n);
        length += n;
    }

    private void record(int start, int len) {
        items = Replies.item(items, itemCount++, start, len);
    }

    /** The id of the entry read last, as text: for messages. */
    String idText() {
        return lastId < 0 ? "?" : new String(raw, items[2 * lastId], items[2 * lastId + 1], java.nio.charset.StandardCharsets.US_ASCII);
    }

    /** Marks the reply malformed (the first reason is kept): it then holds no entries. */
    void malformed(String what) {
        if (malformed == null) {
            malformed = "unexpected stream entry reply from " + key + ": " + what;
        }
    }

    /**
     * What was not an {@code XRANGE} reply in what arrived, if anything.
     *
     * @return the message naming the stream, or null when the reply was well formed
     */
    String malformed() {
        checked();
        return malformed;
    }

    /** How many entries the reply holds (0 when malformed). */
    int size() {
        checked();
        if (isFramed) {
            return malformed != null ? 0 : framed.size();
        }
        return malformed != null ? 0 : count;
    }

    /**
     * The last entry's id, parsed now.
     *
     * @throws IllegalStateException when it is not an id
     */
    Option<StreamId> lastId() {
        if (isFramed) {
            checked();
            if (badLastId != null) {
                throw badLastId;
            }
            return malformed != null ? Option.none() : framedLast;
        }
        if (size() == 0 || lastId < 0) {
            return Option.none();
        }
        return Option.some(Replies.entryId(key, raw, items, lastId));
    }

    /**
     * The entries, built now; they own their bytes, and this may be cleared for the next reply.
     *
     * @throws IllegalStateException when an entry's id is not an id
     */
    List<StreamEntry> entries() {
        if (isFramed) {
            checked();
            if (badLastId != null) {
                throw badLastId;
            }
            return malformed != null ? List.of() : framed.entries();
        }
        return size() == 0 ? List.of() : Replies.entries(key, raw, items, count);
    }
}
