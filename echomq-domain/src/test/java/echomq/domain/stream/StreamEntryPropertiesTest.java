package echomq.domain.stream;

import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;

import echomq.domain.testing.Seeded;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The lean entry read from the wire behaves as the map it stands for: {@code field}, {@code fields},
 * {@code branded} and equality agree with an entry built from the decoded map, over seeded random
 * wire forms (duplicate names, non-ASCII names and values, the {@code id} pair anywhere or missing,
 * invalid branded ids) and explicit edges.
 */
class StreamEntryPropertiesTest {

    static final String[] NAMES = {"n", "game", "player", "id2", "é", "日本", "ñame", "", "a", "score"};

    /** A wire form: names and values alternating, maybe with an id pair. */
    record Wire(StreamId id, List<String> kv) {
        List<byte[]> bytes() {
            return kv.stream().map(s -> s.getBytes(StandardCharsets.UTF_8)).toList();
        }

        /** What the decoded entry must hold: the map a Redis client would build (last value wins), and the branded id. */
        StreamEntry decoded() {
            LinkedHashMap<String, String> m = LinkedHashMap.empty();
            Option<BrandedId> b = Option.none();
            for (int i = 0; i + 1 < kv.size(); i += 2) {
                if (kv.get(i).equals(StreamEntry.ID_FIELD)) {
                    b = BrandedId.tryParse(kv.get(i + 1)); // as a client putting pairs into a map: the last wins
                } else {
                    m = m.put(kv.get(i), kv.get(i + 1));
                }
            }
            return new StreamEntry(id, b, m);
        }
    }

    static String value(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> Integer.toString(r.nextInt(1000));
            case 1 -> "";
            case 2 -> "🎲😀" + r.nextInt(9);
            default -> "v" + r.nextLong();
        };
    }

    static Stream<Wire> wires() {
        Random r = Seeded.random("StreamEntryPropertiesTest.wires");
        List<Wire> out = new ArrayList<>();
        out.add(new Wire(StreamId.MIN, List.of()));
        out.add(new Wire(StreamId.of(1, 0), List.of("id", BrandedId.event(1L << 22).toString())));
        out.add(new Wire(StreamId.of(1, 0), List.of("id", "not-a-branded-id", "n", "1")));
        out.add(new Wire(StreamId.of(1, 0), List.of("n", "1", "n", "2", "m", "3")));
        for (int c = 0; c < Seeded.CASES; c++) {
            List<String> kv = new ArrayList<>();
            int fields = r.nextInt(7);
            int idAt = r.nextInt(3) == 0 ? -1 : r.nextInt(fields + 1);
            int secondId = r.nextInt(20) == 0 ? r.nextInt(fields + 1) : -1; // a foreign writer's second id pair
            for (int f = 0; f <= fields; f++) {
                if (f == idAt || f == secondId) {
                    kv.add("id");
                    kv.add(r.nextBoolean() ? BrandedId.event(r.nextLong(Long.MAX_VALUE)).toString() : value(r));
                } else if (f < fields) {
                    kv.add(NAMES[r.nextInt(NAMES.length)]);
                    kv.add(value(r));
                }
            }
            out.add(new Wire(StreamId.of(r.nextLong(1L << 45), r.nextLong(1L << 22)), kv));
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("wires")
    void the_wire_entry_is_the_decoded_entry(Wire w) {
        StreamEntry lean = StreamEntry.fromWire(w.id(), w.bytes());
        StreamEntry eager = w.decoded();
        assertThat(lean).isEqualTo(eager);
        assertThat(lean.hashCode()).isEqualTo(eager.hashCode());
        assertThat(lean.fields()).isEqualTo(eager.fields());
        assertThat(lean.fields().keySet().toJavaList()).containsExactlyElementsOf(eager.fields().keySet().toJavaList());
        assertThat(lean.branded()).isEqualTo(eager.branded());
        for (String name : NAMES) {
            assertThat(lean.field(name)).as("field %s", name).isEqualTo(eager.fields().get(name));
            assertThat(lean.hasField(name)).isEqualTo(eager.fields().containsKey(name));
        }
        // asked by name, id answers the raw text of the last id pair (branded or not), never among fields()
        Option<String> rawId = Option.none();
        for (int i = 0; i + 1 < w.kv().size(); i += 2) {
            if (w.kv().get(i).equals(StreamEntry.ID_FIELD)) {
                rawId = Option.some(w.kv().get(i + 1));
            }
        }
        assertThat(lean.field("id")).isEqualTo(rawId);
        assertThat(lean.hasField("id")).isEqualTo(rawId.isDefined());
        assertThat(lean.fields().containsKey("id")).isFalse();
        assertThat(lean.toString()).isEqualTo(eager.toString());
    }

    @Test
    void the_eager_constructor_still_refuses_an_id_field_naming_the_entry() {
        assertThatThrownBy(() -> new StreamEntry(StreamId.of(5, 1), Option.none(), LinkedHashMap.of("id", "x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("5-1");
    }

    @Test
    void an_odd_trailing_name_is_ignored_as_redis_never_sends_one() {
        StreamEntry e = StreamEntry.fromWire(StreamId.of(1, 1), List.of("a".getBytes(), "1".getBytes(), "b".getBytes()));
        assertThat(e.fields()).isEqualTo(LinkedHashMap.of("a", "1"));
        assertThat(e.fieldCount()).isEqualTo(1);
    }

    @Test
    void entries_of_equal_fields_in_another_order_differ() {
        StreamEntry ab = new StreamEntry(StreamId.MIN, Option.none(), LinkedHashMap.of("a", "1", "b", "2"));
        StreamEntry ba = new StreamEntry(StreamId.MIN, Option.none(), LinkedHashMap.of("b", "2", "a", "1"));
        assertThat(ab).isNotEqualTo(ba);
    }
}
