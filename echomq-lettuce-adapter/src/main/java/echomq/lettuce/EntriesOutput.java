package echomq.lettuce;

import echomq.wire.Replies;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;
import io.netty.buffer.ByteBuf;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * An {@code XRANGE} reply as Lettuce parses it, each bulk string copied into a {@link ReplyBytes}
 * (one buffer, where each item is), with no list of the reply, no array per entry and no entry
 * built on Lettuce's event-loop thread: the caller builds the entries ({@link ReplyBytes#entries()})
 * after it has asked for the next page, so that Redis computes that page while they are built.
 * The shape is checked as it arrives.
 *
 * <p>A reply of another shape does not throw on the event-loop thread: {@link #malformed()} names
 * it, and the caller fails its read with it. An id that is not one is found when it is parsed, by
 * the caller.
 */
final class EntriesOutput extends CommandOutput<byte[], byte[], ReplyBytes> {

    /** What {@link #frame} did with the bytes it was shown. */
    enum Framing {
        /** Left them to Lettuce's parser: the reply is not an array (an error), or the parser has begun it. */
        NOT_FRAMED,
        /** Took what there was of the reply; the rest is still to come. */
        PART,
        /** Took the reply's last byte, and no byte after it. */
        WHOLE
    }

    private final ReplyBytes reply;
    /** Whether the reply is framed from raw bytes ({@link #frame}) or parsed by Lettuce (the callbacks). */
    private boolean framing;
    private boolean parsing;
    /** Arrays open: 0 none, 1 the reply, 2 an entry, 3 its names and values. Empty arrays are never open. */
    private int depth;
    private boolean hasId;
    /** Items of the open entry's names and values: declared, and read so far. */
    private int items;
    private int filled;

    /**
     * Fills {@code reply}, emptied first.
     *
     * @param reply where the reply's items go
     */
    EntriesOutput(ReplyBytes reply) {
        super(ByteArrayCodec.INSTANCE, reply);
        this.reply = reply;
        reply.clear();
    }

    @Override
    public ReplyBytes get() {
        return reply;
    }

    /**
     * What was not an {@code XRANGE} reply in what arrived, if anything.
     *
     * @return the message naming the stream, or null when the reply was well formed
     */
    String malformed() {
        return reply.malformed();
    }

    /**
     * Takes the reply straight from the event loop's buffer, as far as it has arrived, when it is an
     * array: its bytes are copied in bulk and framed by {@link echomq.wire.XrangeReply}, and the
     * buffer's reader index is left after the reply's last byte (a following reply's bytes stay).
     * Called by {@link XrangeCommandHandler} in the place of Lettuce's parser.
     *
     * @param in the event loop's buffer, at the reply's next byte
     * @return what was done
     * @throws echomq.wire.XrangeReply.Malformed when the bytes are not an {@code XRANGE} reply (the
     *                                           handler then fails the command with it and closes the connection, as for
     *                                           bytes Lettuce's parser cannot read)
     */
    Framing frame(ByteBuf in) {
        if (parsing) {
            return Framing.NOT_FRAMED;
        }
        if (!framing) {
            if (!in.isReadable()) {
                return Framing.PART;
            }
            if (in.getByte(in.readerIndex()) != '*') {
                parsing = true;
                return Framing.NOT_FRAMED;
            }
            framing = true;
        }
        return reply.frame(in) ? Framing.WHOLE : Framing.PART;
    }

    @Override
    public void multi(int count) {
        switch (depth) {
            case 0 -> {
                if (count > 0) {
                    reply.reply(count);
                    depth = 1;
                }
            }
            case 1 -> {
                if (count != 2) {
                    reply.malformed("an entry of " + count + " items");
                }
                reply.array(count);
                hasId = false;
                items = 0;
                filled = 0;
                if (count > 0) {
                    depth = 2;
                }
            }
            case 2 -> {
                reply.array(Math.max(0, count));
                if (count > 0) {
                    items = count;
                    depth = 3;
                }
            }
            default -> reply.malformed("an array inside an entry's fields");
        }
    }

    @Override
    public void set(ByteBuffer bytes) {
        if (depth == 2 && !hasId) {
            if (bytes == null) {
                reply.malformed("a nil entry id");
            } else if (bytes.remaining() > Replies.MAX_ID_BYTES) {
                reply.malformed("an entry id of " + bytes.remaining() + " bytes");
            } else {
                hasId = true;
                reply.id(bytes);
            }
        } else if (depth == 3 && hasId && filled < items) {
            if (bytes == null) {
                reply.malformed("a nil field in entry " + reply.idText());
                return;
            }
            reply.bulk(bytes);
            filled++;
        } else {
            reply.malformed(bytes == null ? "nil" : "a bulk string \"" + StandardCharsets.UTF_8.decode(bytes) + "\"");
        }
    }

    @Override
    public void set(long integer) {
        reply.malformed("an integer " + integer);
    }

    @Override
    public void complete(int depth) {
        while (this.depth > depth) {
            if (this.depth == 2) {
                endEntry();
            }
            this.depth--;
        }
    }

    private void endEntry() {
        if (!hasId) {
            reply.malformed("an entry without an id");
        } else if (filled < items) {
            reply.malformed("entry " + reply.idText() + " with " + filled + " of " + items + " fields");
        }
    }
}
