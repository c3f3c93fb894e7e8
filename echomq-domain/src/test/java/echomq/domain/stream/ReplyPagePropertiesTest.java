package echomq.domain.stream;

import echomq.domain.id.StreamId;
import echomq.domain.testing.Seeded;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A page of entries built into one shared buffer holds, entry by entry, what each entry built alone
 * from its own list holds: over seeded random pages of the wire forms {@link StreamEntryPropertiesTest}
 * draws (names repeated, changing, growing and shrinking from entry to entry, the {@code id} pair
 * anywhere, twice or missing), each fed through one of the page's three ways in (arrays, buffers at
 * an offset, values read straight into the page's room), with the reply's count right, too low or
 * too high.
 */
class ReplyPagePropertiesTest {

    @TestFactory
    Stream<DynamicTest> a_page_holds_what_its_entries_hold_alone() {
        Random r = Seeded.random("ReplyPagePropertiesTest.pages");
        List<StreamEntryPropertiesTest.Wire> wires = StreamEntryPropertiesTest.wires().toList();
        List<DynamicTest> tests = new ArrayList<>();
        for (int c = 0; c < Seeded.CASES / 10; c++) {
            int size = r.nextInt(40);
            List<StreamEntryPropertiesTest.Wire> page = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                // runs of one wire form's names, as a stream of one event type sends them
                StreamEntryPropertiesTest.Wire w = wires.get(r.nextInt(wires.size()));
                page.add(w);
                if (r.nextBoolean() && i + 1 < size) {
                    page.add(new StreamEntryPropertiesTest.Wire(StreamId.of(w.id().ms() + 1, 0), w.kv()));
                    i++;
                }
            }
            int way = r.nextInt(2);
            int declared = switch (r.nextInt(3)) {
                case 0 -> page.size();
                case 1 -> r.nextInt(page.size() + 1);
                default -> page.size() + r.nextInt(5);
            };
            tests.add(DynamicTest.dynamicTest("page of " + page.size() + " (declared " + declared + ") way " + way,
                    () -> check(page, declared, way)));
        }
        return tests.stream();
    }

    private static void check(List<StreamEntryPropertiesTest.Wire> wires, int declared, int way) {
        ReplyPage page = new ReplyPage(declared);
        for (StreamEntryPropertiesTest.Wire w : wires) {
            page.entry(w.id());
            List<byte[]> kv = w.bytes();
            for (int i = 0; i + 1 < kv.size(); i += 2) {
                feedName(page, kv.get(i), way);
                feedValue(page, kv.get(i + 1), way);
            }
        }
        assertThat(page.size()).isEqualTo(wires.size());
        List<StreamEntry> built = page.entries();
        assertThat(built).hasSize(wires.size());
        for (int i = 0; i < wires.size(); i++) {
            StreamEntry alone = wires.get(i).decoded();
            StreamEntry shared = built.get(i);
            assertThat(shared).as("entry %d", i).isEqualTo(alone);
            assertThat(shared.fields().toList()).isEqualTo(alone.fields().toList());
            assertThat(shared.fieldCount()).isEqualTo(StreamEntry.fromWire(wires.get(i).id(), wires.get(i).bytes()).fieldCount());
            assertThat(shared.branded()).isEqualTo(alone.branded());
            for (String name : StreamEntryPropertiesTest.NAMES) {
                assertThat(shared.field(name)).as("entry %d field %s", i, name).isEqualTo(alone.fields().get(name));
            }
        }
    }

    private static void feedName(ReplyPage page, byte[] name, int way) {
        if (way == 0) {
            page.name(name, 0, name.length);
        } else {
            byte[] framed = framed(name);
            page.name(framed, 3, name.length);
        }
    }

    private static void feedValue(ReplyPage page, byte[] value, int way) {
        if (way == 0) {
            page.value(value, 0, value.length);
        } else {
            byte[] framed = framed(value);
            page.value(framed, 3, value.length);
        }
    }

    /** The bytes between other bytes, as a reply's buffer holds a bulk string. */
    private static byte[] framed(byte[] b) {
        byte[] out = new byte[b.length + 7];
        System.arraycopy(new byte[]{'x', 'y', 'z'}, 0, out, 0, 3);
        System.arraycopy(b, 0, out, 3, b.length);
        System.arraycopy(new byte[]{'\r', '\n', 'q', 'q'}, 0, out, 3 + b.length, 4);
        return out;
    }

    @Test
    void a_page_of_more_names_than_16_bits_hold_keeps_every_name() {
        int n = 70_000; // every entry a new name: the page's name indices outgrow 16 bits on the way
        ReplyPage page = new ReplyPage(n);
        for (int i = 0; i < n; i++) {
            page.entry(StreamId.of(1, i));
            byte[] name = ("f" + i).getBytes(StandardCharsets.UTF_8);
            byte[] value = ("v" + i).getBytes(StandardCharsets.UTF_8);
            page.name(name, 0, name.length);
            page.value(value, 0, value.length);
            if (i % 1000 == 999) {
                byte[] id = echomq.domain.id.BrandedId.event((long) i << 22).toString().getBytes(StandardCharsets.US_ASCII);
                page.name("id".getBytes(StandardCharsets.US_ASCII), 0, 2);
                page.value(id, 0, id.length);
            }
        }
        List<StreamEntry> entries = page.entries();
        for (int i : new int[] {0, 1, 65_534, 65_535, 65_536, 65_537, 66_999, n - 1}) {
            StreamEntry e = entries.get(i);
            assertThat(e.field("f" + i)).as("entry %d", i).contains("v" + i);
            assertThat(e.fieldCount()).isEqualTo(1);
            assertThat(e.branded().isDefined()).as("entry %d's branded id", i).isEqualTo(i % 1000 == 999);
        }
        assertThat(entries.get(66_999).branded().get()).isEqualTo(echomq.domain.id.BrandedId.event(66_999L << 22));
    }

    @Test
    void a_name_left_without_a_value_is_dropped() {
        ReplyPage page = new ReplyPage(2);
        page.entry(StreamId.of(1, 0));
        page.name("a".getBytes(), 0, 1);
        page.value("1".getBytes(), 0, 1);
        page.name("b".getBytes(), 0, 1);
        page.entry(StreamId.of(1, 1));
        page.name("c".getBytes(), 0, 1);
        List<StreamEntry> entries = page.entries();
        assertThat(entries.get(0).fields().toJavaMap()).containsOnlyKeys("a");
        assertThat(entries.get(1).fieldCount()).isZero();
    }

    @Test
    void misuse_is_refused_with_what_was_wrong() {
        assertThatThrownBy(() -> new ReplyPage(-1)).hasMessageContaining("-1");
        ReplyPage page = new ReplyPage(1);
        assertThatThrownBy(() -> page.name("a".getBytes(), 0, 1)).hasMessageContaining("no entry started");
        page.entry(StreamId.of(3, 4));
        assertThatThrownBy(() -> page.value("1".getBytes(), 0, 1)).hasMessageContaining("3-4");
        page.name("a".getBytes(), 0, 1);
        assertThatThrownBy(() -> page.value("1".getBytes(), 0, -1)).hasMessageContaining("-1");
    }

    @Test
    void a_page_ends_once() {
        ReplyPage page = new ReplyPage(3);
        for (int i = 0; i < 3; i++) {
            page.entry(StreamId.of(10, i));
            page.name("n".getBytes(), 0, 1);
            byte[] v = Integer.toString(i).getBytes();
            page.value(v, 0, v.length);
        }
        List<StreamEntry> entries = page.entries();
        assertThat(entries).extracting(e -> e.field("n").get()).containsExactly("0", "1", "2");
        assertThatThrownBy(page::entries).hasMessageContaining("ended");
        assertThatThrownBy(() -> page.entry(StreamId.of(11, 0))).hasMessageContaining("ended");
    }
}
