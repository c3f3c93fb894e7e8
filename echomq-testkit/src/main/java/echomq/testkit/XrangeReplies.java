package echomq.testkit;

import echomq.domain.stream.StreamEntry;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code XRANGE} replies as a Redis server writes them (RESP2), drawn from a seeded generator, with
 * the entries each holds: for the tests of a parser that reads replies from raw bytes. Values hold
 * {@code \r\n} and {@code *} among their bytes, names (distinct within an entry) change from entry to
 * entry, and a reply may be empty or nil.
 * <pre>{@code
 * XrangeReplies.Reply reply = XrangeReplies.draw(Seeded.random("MyParserTest"));
 * byte[] wire = reply.resp();
 * for (XrangeReplies.Entry e : reply.entries()) { ... e.id() ... e.fields() ... }
 * }</pre>
 */
public final class XrangeReplies {

    private static final String[] NAMES = {"type", "player", "score", "at", "k", "", "naïve", "a\r\nb"};

    private XrangeReplies() {
    }

    /**
     * One entry: its id's text and its names and values, in the reply's order.
     *
     * @param id     the id, as the reply spells it
     * @param fields names and values, alternating
     */
    public record Entry(String id, List<byte[]> fields) {
        /**
         * Checks and copies.
         *
         * @param id     the id
         * @param fields names and values, alternating
         */
        public Entry {
            if (id == null || fields == null || fields.size() % 2 != 0) {
                throw new IllegalArgumentException("an entry needs an id and pairs of fields, got " + id + " " + fields);
            }
            fields = List.copyOf(fields);
        }

        /**
         * The name of field {@code i}, in UTF-8.
         *
         * @param i the field's place
         * @return its name
         */
        public String name(int i) {
            return new String(fields.get(2 * i), StandardCharsets.UTF_8);
        }

        /**
         * The value of field {@code i}.
         *
         * @param i the field's place
         * @return its bytes, a copy
         */
        public byte[] value(int i) {
            return fields.get(2 * i + 1).clone();
        }

        /**
         * How many fields it has.
         *
         * @return the count
         */
        public int fieldCount() {
            return fields.size() / 2;
        }
    }

    /**
     * A reply: its entries, and whether it is the nil reply ({@code *-1}) rather than an empty one.
     *
     * @param entries the entries, in order
     * @param nil     whether it is written as a nil array (then it has no entries)
     */
    public record Reply(List<Entry> entries, boolean nil) {
        /**
         * Checks and copies.
         *
         * @param entries the entries
         * @param nil     whether it is nil
         */
        public Reply {
            entries = List.copyOf(entries);
            if (nil && !entries.isEmpty()) {
                throw new IllegalArgumentException("a nil reply has no entries");
            }
        }

        /**
         * The reply as Redis writes it.
         *
         * @return its RESP2 bytes
         */
        public byte[] resp() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (nil) {
                write(out, "*-1\r\n");
                return out.toByteArray();
            }
            write(out, "*" + entries.size() + "\r\n");
            for (Entry e : entries) {
                write(out, "*2\r\n");
                bulk(out, e.id().getBytes(StandardCharsets.US_ASCII));
                write(out, "*" + e.fields().size() + "\r\n");
                for (byte[] f : e.fields()) {
                    bulk(out, f);
                }
            }
            return out.toByteArray();
        }

        /**
         * Asserts that {@code read} holds this reply's entries, in order: each id, and each field's
         * name and value (UTF-8) in the order written.
         *
         * @param read the entries a parser built from {@link #resp()}
         */
        public void assertReadAs(List<StreamEntry> read) {
            assertThat(read).hasSize(entries.size());
            for (int e = 0; e < read.size(); e++) {
                Entry expected = entries.get(e);
                List<String> fields = new ArrayList<>();
                read.get(e).forEachField((name, value) -> fields.add(name + "=" + value));
                List<String> want = new ArrayList<>();
                for (int f = 0; f < expected.fieldCount(); f++) {
                    want.add(expected.name(f) + "=" + new String(expected.value(f), StandardCharsets.UTF_8));
                }
                assertThat(read.get(e).id().toString()).as("entry %d", e).isEqualTo(expected.id());
                assertThat(fields).as("entry %s", expected.id()).isEqualTo(want);
            }
        }

        /**
         * The id of the last entry, if it has one.
         *
         * @return the last id's text, or empty
         */
        public java.util.Optional<String> lastId() {
            return entries.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(entries.get(entries.size() - 1).id());
        }
    }

    /**
     * A reply drawn from {@code random}: up to 40 entries of up to 6 fields, ids increasing, now and
     * then a value of up to 20,000 bytes; one in twenty is empty and one in twenty nil.
     *
     * @param random the seeded generator
     * @return the reply
     */
    public static Reply draw(Random random) {
        int kind = random.nextInt(20);
        if (kind == 0) {
            return new Reply(List.of(), true);
        }
        int n = kind == 1 ? 0 : 1 + random.nextInt(40);
        List<Entry> entries = new ArrayList<>(n);
        long ms = random.nextInt(3) == 0 ? (1L << 47) + random.nextInt(1000) : random.nextInt(1_000_000);
        long seq = 0;
        for (int e = 0; e < n; e++) {
            if (random.nextBoolean()) {
                ms++;
                seq = 0;
            } else {
                seq += 1 + random.nextInt(1000);
            }
            int fields = random.nextInt(7);
            List<String> names = new ArrayList<>(Arrays.asList(NAMES));
            java.util.Collections.shuffle(names, random);
            List<byte[]> items = new ArrayList<>(2 * fields);
            for (int f = 0; f < fields; f++) {
                items.add(names.get(f).getBytes(StandardCharsets.UTF_8));
                items.add(value(random));
            }
            entries.add(new Entry(ms + "-" + seq, items));
        }
        return new Reply(entries, false);
    }

    /**
     * A reply of one entry holding one field of {@code size} bytes: more than a parser's first buffer.
     *
     * @param size the value's length
     * @return the reply
     */
    public static Reply oneLargeValue(int size) {
        byte[] v = new byte[size];
        Arrays.fill(v, (byte) '$');
        return new Reply(List.of(new Entry("1-1", List.of("big".getBytes(StandardCharsets.UTF_8), v))), false);
    }

    private static byte[] value(Random random) {
        int len = switch (random.nextInt(10)) {
            case 0 -> 0;
            case 1 -> random.nextInt(20_000);
            default -> random.nextInt(24);
        };
        byte[] v = new byte[len];
        for (int i = 0; i < len; i++) {
            v[i] = switch (random.nextInt(6)) {
                case 0 -> (byte) '\r';
                case 1 -> (byte) '\n';
                case 2 -> (byte) '*';
                default -> (byte) ('a' + random.nextInt(26));
            };
        }
        return v;
    }

    private static void write(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.US_ASCII));
    }

    private static void bulk(ByteArrayOutputStream out, byte[] b) {
        write(out, "$" + b.length + "\r\n");
        out.writeBytes(b);
        write(out, "\r\n");
    }
}
