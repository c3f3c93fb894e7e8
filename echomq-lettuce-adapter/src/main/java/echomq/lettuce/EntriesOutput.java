package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.domain.stream.ReplyPage;
import echomq.domain.stream.StreamEntry;
import echomq.wire.Replies;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * An {@code XRANGE} reply decoded into entries as Lettuce parses it: each bulk string goes straight
 * into one {@link ReplyPage} (the values copied once into the page's one buffer, a field name equal
 * to one the page holds already not copied at all), with no nested list of the whole reply built
 * first and walked after, and no array or list per entry. The id is parsed from the parser's
 * buffer without a copy.
 *
 * <p>A reply of another shape does not throw on Lettuce's event-loop thread: {@link #malformed()}
 * names it, and the caller fails its read with it.
 */
final class EntriesOutput extends CommandOutput<byte[], byte[], List<StreamEntry>> {

    private final String key;
    /** Arrays open: 0 none, 1 the reply, 2 an entry, 3 its names and values. Empty arrays are never open. */
    private int depth;
    private StreamId id;
    /** Items of the open entry's names and values: declared, and read so far. */
    private int items;
    private int filled;
    private ReplyPage page;
    private List<StreamEntry> entries;
    private String malformed;

    EntriesOutput(String key) {
        super(ByteArrayCodec.INSTANCE, List.of());
        this.key = key;
    }

    @Override
    public List<StreamEntry> get() {
        if (entries == null) {
            // a malformed reply hands out nothing: the caller fails the read with malformed()
            entries = page == null || malformed != null ? List.of() : page.entries();
        }
        return entries;
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
                    page = new ReplyPage(count);
                    depth = 1;
                }
            }
            case 1 -> {
                if (count != 2) {
                    wrong("an entry of " + count + " items");
                }
                id = null;
                items = 0;
                filled = 0;
                if (count > 0) {
                    depth = 2;
                }
            }
            case 2 -> {
                if (count > 0) {
                    items = count;
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
                page.entry(id);
            } catch (IllegalArgumentException e) {
                wrong("an entry id " + e.getMessage()); // not thrown here: this runs on Lettuce's event loop
            }
        } else if (depth == 3 && id != null && filled < items) {
            if (bytes == null) {
                wrong("a nil field in entry " + id);
                return;
            }
            if ((filled & 1) == 0) {
                page.name(bytes);
            } else {
                page.value(bytes);
            }
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
        } else if (filled < items) {
            wrong("entry " + id + " with " + filled + " of " + items + " fields");
        }
    }
}
