package echomq.domain.stream;

import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;

import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * One entry of a stream as the domain sees it: its id, its branded id (from the {@code id} field;
 * none for a foreign entry without a valid one) and its other fields in stream order.
 *
 * <p>An entry read from Redis keeps the field names and values as the bytes of the reply (a slice of
 * its page's buffer) and decodes only what is asked for: {@link #field(String)} decodes one value, {@link #branded()}
 * parses the branded id, {@link #fields()} builds a map. A fold that reads two fields
 * of each entry pays for two strings, not for a map per entry.
 * <pre>{@code
 * StreamEntry e = StreamEntry.of(BrandedId.event(42), LinkedHashMap.of("n", "7"));
 * e.field("n");   // Some(7)
 * }</pre>
 * Immutable. The entries of one reply share one buffer ({@link ReplyPage}): an entry kept keeps
 * the values of its page.
 */
public final class StreamEntry {

    /** The field that carries the branded id on the wire. */
    public static final String ID_FIELD = "id";

    /**
     * The buffer a page of entries shares (built by {@link ReplyPage}): every distinct name once,
     * every value once, and per pair its name's index and its value's end. Never changed once built.
     */
    static final class Page {
        final byte[][] names;
        /** Whether each name is {@code id}. */
        final boolean[] idName;
        /** Per pair, its name's index: 16 bits while the page has at most 65,536 names ({@code narrow}), else {@code wide}. */
        final char[] narrow;
        final int[] wide;
        /** Per pair, where its value ends in {@link #values} (a value starts where the pair before ends). */
        final int[] valueEnds;
        final byte[] values;
        /** Per entry: the number of the page's pairs up to and including its own. */
        final int[] ends;

        Page(byte[][] names, boolean[] idName, char[] narrow, int[] wide, int[] valueEnds, byte[] values, int[] ends) {
            this.names = names;
            this.idName = idName;
            this.narrow = narrow;
            this.wide = wide;
            this.valueEnds = valueEnds;
            this.values = values;
            this.ends = ends;
        }

        int nameIndex(int pair) {
            return narrow != null ? narrow[pair] : wide[pair];
        }

        int first(int entry) {
            return entry == 0 ? 0 : ends[entry - 1];
        }

        byte[] name(int pair) {
            return names[nameIndex(pair)];
        }

        boolean isId(int pair) {
            return idName[nameIndex(pair)];
        }

        int valueStart(int pair) {
            return pair == 0 ? 0 : valueEnds[pair - 1];
        }

        String value(int pair) {
            int from = valueStart(pair);
            return new String(values, from, valueEnds[pair] - from, StandardCharsets.UTF_8);
        }

        String nameText(int pair) {
            return new String(name(pair), StandardCharsets.UTF_8);
        }
    }

    private final StreamId id;
    private final Page page;
    /** The entry's place in its page: its pairs ({@code id} pairs among them) are the page's from {@code first(index)} to {@code ends[index]}. */
    private final int index;

    /**
     * An entry from its parts, as a record would take them.
     *
     * @param id      the stream entry id
     * @param branded the branded id stored in the {@code id} field, if valid
     * @param fields  the fields without {@code id}, in stream order
     */
    public StreamEntry(StreamId id, Option<BrandedId> branded, LinkedHashMap<String, String> fields) {
        this.id = Objects.requireNonNull(id, "id");
        Objects.requireNonNull(branded, "branded");
        Objects.requireNonNull(fields, "fields");
        if (fields.containsKey(ID_FIELD)) {
            throw new IllegalArgumentException("fields of entry " + id + " must not contain \"id\"");
        }
        ReplyPage p = new ReplyPage(1);
        p.entry(id);
        if (branded.isDefined()) {
            // kept as the wire keeps it, an id pair (never a field), parsed back when asked
            byte[] name = ID_FIELD.getBytes(StandardCharsets.US_ASCII);
            byte[] value = branded.get().toString().getBytes(StandardCharsets.US_ASCII);
            p.name(name, 0, name.length);
            p.value(value, 0, value.length);
        }
        for (var f : fields) {
            byte[] name = f._1.getBytes(StandardCharsets.UTF_8);
            byte[] value = f._2.getBytes(StandardCharsets.UTF_8);
            p.name(name, 0, name.length);
            p.value(value, 0, value.length);
        }
        StreamEntry built = p.entries().get(0);
        this.page = built.page;
        this.index = built.index;
    }

    StreamEntry(StreamId id, Page page, int index) {
        this.id = id;
        this.page = page;
        this.index = index;
    }

    /**
     * The same entry (its fields, its {@code id} pair) under another entry id: what a view of a
     * stream that orders its entries otherwise hands its readers (the event-time view,
     * {@code echomq.domain.eventtime.EventTime#over}, stamps each entry at its own event time).
     * Nothing is copied.
     * <pre>{@code
     * StreamEntry atEventTime = entry.at(StreamId.of(eventMillis, 0));
     * }</pre>
     *
     * @param other the entry id it is handed out under
     * @return the entry under {@code other}
     */
    public StreamEntry at(StreamId other) {
        return new StreamEntry(Objects.requireNonNull(other, "id"), page, index);
    }

    /**
     * An entry with a branded id, under the entry id the branded id maps to.
     *
     * @param branded the record's branded id
     * @param fields  the fields without {@code id}, in stream order
     * @return the entry {@code branded.streamId()}
     * @throws IllegalArgumentException when {@code fields} holds a field {@code id}
     */
    public static StreamEntry of(BrandedId branded, LinkedHashMap<String, String> fields) {
        return new StreamEntry(branded.streamId(), Option.some(branded), fields);
    }

    /**
     * An entry as the wire holds it, for adapters: {@code namesAndValues} alternate, in stream order,
     * UTF-8, the {@code id} pair among them (it becomes the branded id, parsed when asked;
     * an invalid one is none, as for a foreign entry; of several, the last, and none is a field).
     * The bytes are copied into one buffer (a whole reply is cheaper through {@link ReplyPage}).
     * A trailing name without a value is ignored.
     *
     * @param id             the entry id
     * @param namesAndValues the reply's names and values, alternating, UTF-8
     * @return the entry
     * @throws NullPointerException when a name or value is null
     */
    public static StreamEntry fromWire(StreamId id, List<byte[]> namesAndValues) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(namesAndValues, "namesAndValues");
        ReplyPage p = new ReplyPage(1);
        p.entry(id);
        int n = namesAndValues.size() & ~1;
        for (int i = 0; i < n; i += 2) {
            byte[] name = Objects.requireNonNull(namesAndValues.get(i), "field name");
            byte[] value = Objects.requireNonNull(namesAndValues.get(i + 1), "field value");
            p.name(name, 0, name.length);
            p.value(value, 0, value.length);
        }
        return p.entries().get(0);
    }

    /**
     * The stream entry id.
     *
     * @return the id, {@code <ms>-<seq>}
     */
    public StreamId id() {
        return id;
    }

    /**
     * The branded id stored in the {@code id} field, parsed now (an entry keeps no more than its
     * page's bytes: a caller that asks often keeps the answer).
     *
     * @return the branded id; none when the entry has no {@code id} field or it is not a branded id
     */
    public Option<BrandedId> branded() {
        int first = page.first(index);
        for (int i = page.ends[index] - 1; i >= first; i--) {
            if (page.isId(i)) { // of several id pairs, the last
                return BrandedId.tryParse(page.value(i));
            }
        }
        return Option.none();
    }

    /**
     * The value of a field, decoded now (of a name that occurs twice, the last value, as in
     * {@link #fields()}). Asked by name, {@code id} answers the raw text of the entry's {@code id}
     * pair, which {@link #fields()} leaves out: the branded id, or whatever another service wrote
     * there ({@code XADD orders * id o-17 …}), so that a fold of such a stream can read it.
     *
     * @param name the field's name
     * @return the value, none when the entry has no such field
     */
    public Option<String> field(String name) {
        Objects.requireNonNull(name, "name");
        int at = ID_FIELD.equals(name) ? lastIdPair() : find(name);
        return at < 0 ? Option.none() : Option.some(page.value(at));
    }

    /** The page-wide index of the entry's last {@code id} pair, or -1. */
    private int lastIdPair() {
        int first = page.first(index);
        for (int i = page.ends[index] - 1; i >= first; i--) {
            if (page.isId(i)) {
                return i;
            }
        }
        return -1;
    }

    /** The page-wide index of the last pair named {@code name} ({@code id} pairs left out), or -1. */
    private int find(String name) {
        int first = page.first(index);
        for (int i = page.ends[index] - 1; i >= first; i--) {
            if (!page.isId(i) && sameName(page.name(i), name)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether the entry has a field of that name.
     *
     * @param name the field's name
     * @return whether {@link #field(String)} would find a value
     */
    public boolean hasField(String name) {
        Objects.requireNonNull(name, "name");
        return (ID_FIELD.equals(name) ? lastIdPair() : find(name)) >= 0;
    }

    /**
     * How many fields the entry has, {@code id} not counted.
     *
     * @return the number of name-value pairs, a repeated name counted each time
     */
    public int fieldCount() {
        int fields = 0;
        for (int i = page.first(index), end = page.ends[index]; i < end; i++) {
            if (!page.isId(i)) {
                fields++;
            }
        }
        return fields;
    }

    /**
     * Calls {@code action} with each field's name and value in stream order, decoding as it goes
     * ({@code id} left out; a repeated name is passed each time).
     *
     * @param action what to do with each name and value
     */
    public void forEachField(BiConsumer<String, String> action) {
        for (int i = page.first(index), end = page.ends[index]; i < end; i++) {
            if (!page.isId(i)) {
                action.accept(page.nameText(i), page.value(i));
            }
        }
    }

    /**
     * The fields without {@code id} in stream order, as a new immutable map (built on each call: a
     * hot fold reads single fields with {@link #field(String)} instead). A name that occurs twice
     * keeps its last value (as a map put in stream order keeps it).
     *
     * @return the fields, {@code id} left out
     */
    public LinkedHashMap<String, String> fields() {
        LinkedHashMap<String, String> m = LinkedHashMap.empty();
        for (int i = page.first(index), end = page.ends[index]; i < end; i++) {
            if (!page.isId(i)) {
                m = m.put(page.nameText(i), page.value(i));
            }
        }
        return m;
    }

    /**
     * The instant of the entry's millisecond.
     *
     * @return {@code id().instant()}
     */
    public Instant instant() {
        return id.instant();
    }

    /** Compares a UTF-8 name with a Java string without decoding; ASCII fast, the rest by encoding. */
    private static boolean sameName(byte[] utf8, String name) {
        int len = name.length();
        if (utf8.length < len) {
            return false;
        }
        if (utf8.length == len) {
            for (int i = 0; i < len; i++) {
                char c = name.charAt(i);
                if (c >= 0x80) {
                    return Arrays.equals(utf8, name.getBytes(StandardCharsets.UTF_8));
                }
                if (utf8[i] != (byte) c) {
                    return false;
                }
            }
            return true;
        }
        return Arrays.equals(utf8, name.getBytes(StandardCharsets.UTF_8)); // longer in bytes: only non-ASCII can match
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof StreamEntry other)) {
            return false;
        }
        // by what the entry says (a repeated name counts once, as in fields()), in stream order
        return id.equals(other.id) && branded().equals(other.branded())
                && fields().toList().equals(other.fields().toList());
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, branded(), fields().toList());
    }

    @Override
    public String toString() {
        return "StreamEntry[id=" + id + ", branded=" + branded() + ", fields=" + fields() + "]";
    }
}
