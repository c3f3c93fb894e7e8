package echomq.domain.stream;

import echomq.domain.id.StreamId;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The entries of one reply, built as a client parses it, into one shared buffer: for adapters.
 * Every value of the page is copied once into one array, every distinct field name once into a
 * small table, and each entry is its id and a slice of both; no list or array per entry or per
 * field. An adapter calls {@link #entry} for each entry, then {@link #name} and {@link #value} for
 * each of its fields, and ends with {@link #entries()}.
 * <pre>{@code
 * ReplyPage page = new ReplyPage(2);
 * page.entry(StreamId.of(1, 0)); page.name(n, 0, n.length); page.value(v, 0, v.length);
 * page.entry(StreamId.of(1, 1)); page.name(n, 0, n.length); page.value(w, 0, w.length);
 * List<StreamEntry> entries = page.entries();
 * }</pre>
 *
 * <p>The entries share the page's buffer: an entry kept keeps its page (the values of one reply).
 * Not thread-safe: one parser fills it; the entries it returns are immutable and may be shared.
 */
public final class ReplyPage {

    private static final byte[] ID_NAME = StreamEntry.ID_FIELD.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final StreamId[] NO_IDS = new StreamId[0];
    /** How many of the newest names a name not at its previous place is compared with before it is added. */
    private static final int NAME_SCAN = 8;

    private final int expected;
    private StreamId[] ids;
    /** For each entry ended: the number of pairs of the page up to and including it. */
    private int[] pairEnds;
    private int entries;
    private boolean open;
    private boolean ended;
    /** The first pair of the open entry, page-wide. */
    private int openFirst;

    private byte[][] names = new byte[8][];
    private boolean[] idName = new boolean[8];
    private int nameCount;
    /** The name index at each place of the previous entry: the first guess for the same place now. */
    private int[] guess = new int[8];
    /** The name of a pair whose value has not come yet, or -1. */
    private int pendingName = -1;

    /** Per pair: its name's index, in 16 bits while the page has at most 65,536 names, then in {@link #wide}. */
    private char[] narrow;
    private int[] wide;
    /** Per pair: the end of its value in {@link #values}. */
    private int[] valueEnds;
    private int pairCount;
    private byte[] values;
    private int valueEnd;

    /**
     * A page for about {@code expected} entries (the reply's own count; more are taken, growing).
     *
     * @param expected how many entries the reply said it holds, at least 0
     * @throws IllegalArgumentException when {@code expected} is negative
     */
    public ReplyPage(int expected) {
        if (expected < 0) {
            throw new IllegalArgumentException("expected entries must be >= 0, got " + expected);
        }
        this.expected = expected;
        this.ids = expected == 0 ? NO_IDS : new StreamId[expected];
        this.pairEnds = new int[expected];
        this.narrow = new char[Math.min(32, 8 * Math.max(1, expected))];
        this.valueEnds = new int[narrow.length];
        this.values = new byte[Math.min(512, 64 * Math.max(1, expected))];
    }

    /**
     * Starts the next entry (ending the one before).
     *
     * @param id the entry's id
     */
    public void entry(StreamId id) {
        Objects.requireNonNull(id, "id");
        requireLive();
        end();
        if (entries == ids.length) {
            int n = Math.max(4, entries + (entries >> 1));
            ids = Arrays.copyOf(ids, n);
            pairEnds = Arrays.copyOf(pairEnds, n);
        }
        ids[entries] = id;
        open = true;
        openFirst = pairCount;
    }

    /**
     * The next field name of the open entry, copied unless the page holds it already.
     *
     * @param src the bytes, UTF-8
     * @param off where the name starts in {@code src}
     * @param len its length in bytes
     */
    public void name(byte[] src, int off, int len) {
        requireOpen();
        int found = known(src, off, len);
        named(found >= 0 ? found : add(Arrays.copyOfRange(src, off, off + len)));
    }

    /**
     * The index of a name the page holds, or -1: the name at the same place of the previous entry
     * first, then the {@link #NAME_SCAN} newest.
     */
    private int known(byte[] array, int off, int len) {
        int place = pairCount - openFirst;
        int g = place < guess.length ? guess[place] : -1;
        if (g >= 0 && g < nameCount && same(names[g], array, off, len)) {
            return g;
        }
        for (int i = nameCount - 1; i >= Math.max(0, nameCount - NAME_SCAN); i--) {
            if (same(names[i], array, off, len)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The value of the name given last, copied into the page.
     *
     * @param src the bytes, UTF-8
     * @param off where the value starts in {@code src}
     * @param len its length in bytes
     */
    public void value(byte[] src, int off, int len) {
        requireOpen();
        if (pendingName < 0) {
            throw new IllegalStateException("a value without a name in entry " + ids[entries]);
        }
        if (len < 0) {
            throw new IllegalArgumentException("value length must be >= 0, got " + len);
        }
        if (values.length - valueEnd < len) {
            values = Arrays.copyOf(values, grown(values.length, valueEnd, len));
        }
        System.arraycopy(src, off, values, valueEnd, len);
        if (valueEnds.length == pairCount) {
            int n = grown(valueEnds.length, pairCount, 1);
            valueEnds = Arrays.copyOf(valueEnds, n);
            if (wide == null) {
                narrow = Arrays.copyOf(narrow, n);
            } else {
                wide = Arrays.copyOf(wide, n);
            }
        }
        valueEnd += len;
        valueEnds[pairCount] = valueEnd;
        if (wide == null && pendingName > Character.MAX_VALUE) {
            // more names than 16 bits hold (a foreign stream of ever new field names): every index in 32 bits from now on
            wide = new int[valueEnds.length];
            for (int i = 0; i < pairCount; i++) {
                wide[i] = narrow[i];
            }
            narrow = null;
        }
        if (wide == null) {
            narrow[pairCount] = (char) pendingName;
        } else {
            wide[pairCount] = pendingName;
        }
        pairCount++;
        pendingName = -1;
    }

    /**
     * How many entries were started so far.
     *
     * @return the count
     */
    public int size() {
        return entries + (open ? 1 : 0);
    }

    /**
     * Ends the page: its entries in order, sharing the page's buffer. A name left without a value is
     * dropped, as a trailing odd name of a reply is. The page ends: nothing more can be added.
     *
     * @return the entries, an immutable list
     * @throws IllegalStateException when the page has ended already
     */
    public List<StreamEntry> entries() {
        requireLive();
        end();
        ended = true;
        StreamEntry.Page page = new StreamEntry.Page(Arrays.copyOf(names, nameCount), Arrays.copyOf(idName, nameCount),
                narrow, wide, valueEnds, values, pairEnds);
        StreamEntry[] out = new StreamEntry[entries];
        for (int e = 0; e < entries; e++) {
            out[e] = new StreamEntry(ids[e], page, e);
        }
        return Collections.unmodifiableList(Arrays.asList(out)); // List.of would copy the array
    }

    private void end() {
        pendingName = -1;
        if (open) {
            pairEnds[entries] = pairCount;
            entries++;
            open = false;
        }
    }

    private void requireLive() {
        if (ended) {
            throw new IllegalStateException("the page has ended: its entries were handed out");
        }
    }

    private void requireOpen() {
        if (!open) {
            throw new IllegalStateException("no entry started");
        }
    }

    /** The open entry's next name is the page's name {@code index}: the guess for its place in the next entry. */
    private void named(int index) {
        int place = pairCount - openFirst;
        if (place >= guess.length) {
            guess = Arrays.copyOf(guess, Math.max(place + 1, 2 * guess.length));
        }
        guess[place] = index;
        pendingName = index;
    }

    private int add(byte[] name) {
        if (nameCount == names.length) {
            names = Arrays.copyOf(names, 2 * nameCount);
            idName = Arrays.copyOf(idName, 2 * nameCount);
        }
        names[nameCount] = name;
        idName[nameCount] = Arrays.equals(name, ID_NAME);
        return nameCount++;
    }

    /**
     * A new capacity for an array of {@code capacity} holding {@code used} that needs {@code more}:
     * once an entry has ended and more are expected, what they need at the size of those read so
     * far and a sixteenth more (one copy for a page of even entries, little left unused), else doubled.
     */
    private int grown(int capacity, int used, int more) {
        long need = (long) used + more;
        long next = 2L * capacity;
        if (entries > 0 && expected > entries) {
            long perEntry = used / entries + 1;
            next = used + perEntry * (expected - entries) * 17 / 16 + 16;
        }
        long cap = Math.max(need, next);
        if (cap > Integer.MAX_VALUE - 16) {
            if (need > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("a reply page over 2 GB");
            }
            cap = need;
        }
        return (int) cap;
    }

    /** A plain loop: field names are a few bytes, shorter than a vectorized compare pays for. */
    private static boolean same(byte[] name, byte[] src, int off, int len) {
        if (name.length != len) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            if (name[i] != src[off + i]) {
                return false;
            }
        }
        return true;
    }
}
