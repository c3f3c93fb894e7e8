package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.wire.Replies;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * An {@code XRANGE} reply decoded into entries as Lettuce parses it: each bulk string goes straight
 * into the entry being read, with no nested list of the whole reply built first and walked after
 * ({@code NestedMultiOutput} and {@link Replies#entries} did that: a list per entry and per field
 * list, and a copy of every name). The id is parsed from the parser's buffer without a copy, and a
 * field name equal to the previous entry's name at the same place (compared in the parser's buffer)
 * shares its bytes, so an entry of four fields costs its values, one array and the entry; the page
 * is an array of the reply's own count, never grown.
 *
 * <p>A reply of another shape does not throw on Lettuce's event-loop thread: {@link #malformed()}
 * names it, and the caller fails its read with it.
 */
final class EntriesOutput extends CommandOutput<byte[], byte[], List<StreamEntry>> {

    private final String key;
    /** Arrays open: 0 none, 1 the reply, 2 an entry, 3 its names and values. Empty arrays are never open. */
    private int depth;
    private StreamId id;
    private static final byte[][] EMPTY = new byte[0][];
    private byte[][] kv = EMPTY;
    private int filled;
    /**
     * The previous entry's names (at its even places), each wrapped once, compared with a name as it
     * arrives (one vectorized compare, no copy); {@link #previousLength} of its items count.
     */
    private ByteBuffer[] previousNames = new ByteBuffer[0];
    private int previousLength;
    private static final StreamEntry[] NONE = new StreamEntry[0];
    /** The entries read, in a page sized by the reply's own count: never grown. */
    private StreamEntry[] entries = NONE;
    private int read;
    private String malformed;

    EntriesOutput(String key) {
        super(ByteArrayCodec.INSTANCE, List.of());
        this.key = key;
    }

    @Override
    public List<StreamEntry> get() {
        return read == entries.length ? Arrays.asList(entries) : Arrays.asList(entries).subList(0, read);
    }

    /**
     * What was not an {@code XRANGE} reply in what arrived, if anything.
     *
     * @return the message naming the stream, or null when the reply was well formed
     */
    String malformed() {
        return malformed;
    }

    private void wrong(String what) {
        if (malformed == null) {
            malformed = "unexpected stream entry reply from " + key + ": " + what;
        }
    }

    @Override
    public void multi(int count) {
        switch (depth) {
            case 0 -> {
                if (count > 0) {
                    entries = new StreamEntry[count];
                    depth = 1;
                }
            }
            case 1 -> {
                if (count != 2) {
                    wrong("an entry of " + count + " items");
                }
                id = null;
                kv = EMPTY;
                filled = 0;
                if (count > 0) {
                    depth = 2;
                }
            }
            case 2 -> {
                if (count > 0) {
                    kv = new byte[count][];
                    depth = 3;
                }
            }
            default -> wrong("an array inside an entry's fields");
        }
    }

    @Override
    public void set(ByteBuffer bytes) {
        if (depth == 2 && id == null) {
            if (bytes == null) {
                wrong("a nil entry id");
                return;
            }
            try {
                id = Replies.streamId(bytes);
            } catch (IllegalArgumentException e) {
                wrong("an entry id " + e.getMessage()); // not thrown here: this runs on Lettuce's event loop
            }
        } else if (depth == 3 && filled < kv.length) {
            if (bytes == null) {
                wrong("a nil field in entry " + id);
                return;
            }
            kv[filled] = (filled & 1) == 0 ? name(filled, bytes) : copy(bytes);
            filled++;
        } else {
            wrong(bytes == null ? "nil" : "a bulk string \"" + StandardCharsets.UTF_8.decode(bytes) + "\"");
        }
    }

    @Override
    public void set(long integer) {
        wrong("an integer " + integer);
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
        if (id == null) {
            wrong("an entry without an id");
            return;
        }
        if (filled < kv.length) {
            wrong("entry " + id + " with " + filled + " of " + kv.length + " fields");
            return;
        }
        if (read == entries.length) {
            wrong("more entries than the reply's count of " + entries.length);
            return;
        }
        entries[read++] = StreamEntry.fromWire(id, Arrays.asList(kv));
        if (kv.length > 0) {
            if (previousNames.length < kv.length) {
                previousNames = Arrays.copyOf(previousNames, kv.length);
            }
            for (int i = 0; i < kv.length; i += 2) {
                if (i >= previousLength || kv[i] != previousNames[i].array()) {
                    previousNames[i] = ByteBuffer.wrap(kv[i]); // a new name at i: wrapped once, compared with every later one
                }
            }
            previousLength = kv.length;
        }
    }

    /** The name at {@code at}: the previous entry's array when the bytes are the same, else a copy. */
    private byte[] name(int at, ByteBuffer bytes) {
        if (at < previousLength && bytes.equals(previousNames[at])) { // equals compares what remains, moving neither buffer
            return previousNames[at].array();
        }
        return copy(bytes);
    }

    private static byte[] copy(ByteBuffer bytes) {
        byte[] b = new byte[bytes.remaining()];
        bytes.get(b);
        return b;
    }
}
