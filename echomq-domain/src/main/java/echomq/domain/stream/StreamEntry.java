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
 * <p>An entry read from Redis keeps the field names and values as the bytes of the reply and
 * decodes only what is asked for: {@link #field(String)} decodes one value, {@link #branded()}
 * parses the branded id on first use, {@link #fields()} builds a map. A fold that reads two fields
 * of each entry pays for two strings, not for a map per entry.
 * <pre>{@code
 * StreamEntry e = StreamEntry.of(BrandedId.event(42), LinkedHashMap.of("n", "7"));
 * e.field("n");   // Some(7)
 * }</pre>
 * Immutable: an entry read from the wire owns the list and arrays it was built from.
 */
public final class StreamEntry {

    /** The field that carries the branded id on the wire. */
    public static final String ID_FIELD = "id";

    private static final byte[] ID_FIELD_BYTES = ID_FIELD.getBytes(StandardCharsets.US_ASCII);
    private static final Object UNPARSED = new Object();

    private final StreamId id;
    /** Names and values alternating, UTF-8, in stream order; the reply's own list, never copied. */
    private final List<byte[]> kv;
    /** How many of {@link #kv} are pairs (an odd trailing name is not). */
    private final int n;
    /** Where the {@code id} pair's name is in {@link #kv}, skipped as a field; -1 when there is none. */
    private final int skip;
    /** The raw {@code id} field, or {@code null} when the entry has none. */
    private final byte[] brandedRaw;
    /** {@link #UNPARSED} until first asked; then the parsed {@code Option<BrandedId>} (a benign race: the parse is pure). */
    private Object branded;

    /**
     * An entry from its parts, as a record would take them.
     *
     * @param id      the stream entry id
     * @param branded the branded id stored in the {@code id} field, if valid
     * @param fields  the fields without {@code id}, in stream order
     */
    public StreamEntry(StreamId id, Option<BrandedId> branded, LinkedHashMap<String, String> fields) {
        this.id = Objects.requireNonNull(id, "id");
        this.branded = Objects.requireNonNull(branded, "branded");
        Objects.requireNonNull(fields, "fields");
        if (fields.containsKey(ID_FIELD)) {
            throw new IllegalArgumentException("fields of entry " + id + " must not contain \"id\"");
        }
        byte[][] pairs = new byte[fields.size() * 2][];
        int i = 0;
        for (var f : fields) {
            pairs[i++] = f._1.getBytes(StandardCharsets.UTF_8);
            pairs[i++] = f._2.getBytes(StandardCharsets.UTF_8);
        }
        this.kv = Arrays.asList(pairs);
        this.n = pairs.length;
        this.skip = -1;
        this.brandedRaw = branded.map(b -> b.toString().getBytes(StandardCharsets.US_ASCII)).getOrNull();
    }

    private StreamEntry(StreamId id, List<byte[]> kv, int n, int skip, byte[] brandedRaw) {
        this.id = id;
        this.kv = kv;
        this.n = n;
        this.skip = skip;
        this.brandedRaw = brandedRaw;
        this.branded = UNPARSED;
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
     * UTF-8, the {@code id} pair among them (it becomes the branded id, parsed when first asked;
     * an invalid one is none, as for a foreign entry; of several, the last). The entry keeps the list as it is, without a
     * copy: the caller hands it over and must not change it or its arrays afterwards. A trailing
     * name without a value is ignored.
     *
     * @param id             the entry id
     * @param namesAndValues the reply's names and values, alternating, UTF-8; handed over, not copied
     * @return the entry
     * @throws NullPointerException when a name or value is null
     */
    public static StreamEntry fromWire(StreamId id, List<byte[]> namesAndValues) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(namesAndValues, "namesAndValues");
        int n = namesAndValues.size() & ~1;
        byte[] raw = null;
        int idAt = -1;
        int ids = 0;
        for (int i = 0; i < n; i += 2) {
            byte[] name = Objects.requireNonNull(namesAndValues.get(i), "field name");
            Objects.requireNonNull(namesAndValues.get(i + 1), "field value");
            if (Arrays.equals(name, ID_FIELD_BYTES)) {
                raw = namesAndValues.get(i + 1);
                idAt = i;
                ids++;
            }
        }
        if (ids > 1) {
            // more than one id pair (never written by EchoMQ): the last is the branded id, none is a field
            List<byte[]> rest = new java.util.ArrayList<>(n);
            for (int i = 0; i < n; i += 2) {
                if (!Arrays.equals(namesAndValues.get(i), ID_FIELD_BYTES)) {
                    rest.add(namesAndValues.get(i));
                    rest.add(namesAndValues.get(i + 1));
                }
            }
            return new StreamEntry(id, rest, rest.size(), -1, raw);
        }
        return new StreamEntry(id, namesAndValues, n, idAt, raw);
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
     * The branded id stored in the {@code id} field, parsed on first use.
     *
     * @return the branded id; none when the entry has no {@code id} field or it is not a branded id
     */
    @SuppressWarnings("unchecked")
    public Option<BrandedId> branded() {
        Object b = branded;
        if (b == UNPARSED) {
            b = brandedRaw == null ? Option.none() : BrandedId.tryParse(new String(brandedRaw, StandardCharsets.UTF_8));
            branded = b;
        }
        return (Option<BrandedId>) b;
    }

    /**
     * The value of a field, decoded now (of a name that occurs twice, the last value, as in
     * {@link #fields()}).
     *
     * @param name the field's name ({@code id} is not a field)
     * @return the value, none when the entry has no such field
     */
    public Option<String> field(String name) {
        Objects.requireNonNull(name, "name");
        int at = -1;
        for (int i = 0; i < n; i += 2) {
            if (i != skip && sameName(kv.get(i), name)) {
                at = i;
            }
        }
        return at < 0 ? Option.none() : Option.some(new String(kv.get(at + 1), StandardCharsets.UTF_8));
    }

    /**
     * Whether the entry has a field of that name.
     *
     * @param name the field's name
     * @return whether {@link #field(String)} would find a value
     */
    public boolean hasField(String name) {
        Objects.requireNonNull(name, "name");
        for (int i = 0; i < n; i += 2) {
            if (i != skip && sameName(kv.get(i), name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * How many fields the entry has, {@code id} not counted.
     *
     * @return the number of name-value pairs, a repeated name counted each time
     */
    public int fieldCount() {
        return n / 2 - (skip < 0 ? 0 : 1);
    }

    /**
     * Calls {@code action} with each field's name and value in stream order, decoding as it goes
     * ({@code id} left out; a repeated name is passed each time).
     *
     * @param action what to do with each name and value
     */
    public void forEachField(BiConsumer<String, String> action) {
        for (int i = 0; i < n; i += 2) {
            if (i != skip) {
                action.accept(new String(kv.get(i), StandardCharsets.UTF_8), new String(kv.get(i + 1), StandardCharsets.UTF_8));
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
        for (int i = 0; i < n; i += 2) {
            if (i != skip) {
                m = m.put(new String(kv.get(i), StandardCharsets.UTF_8), new String(kv.get(i + 1), StandardCharsets.UTF_8));
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
