package echomq.lettuce;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The shapes no well-behaved Redis sends for {@code XRANGE} (a proxy or a wrong command might): named
 * in {@link EntriesOutput#malformed()}, never thrown on the parser's thread. Well-formed replies are
 * proven against real Redis by the range contract ({@link LettuceContractTests}), which reads every
 * page through this output.
 */
class EntriesOutputTest {

    static ByteBuffer bulk(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Feeds {@code [[id, [k, v]]]} as Lettuce's parser calls an output: arrays opened, items set, depth completed. */
    static EntriesOutput oneEntry(String id, String... kv) {
        EntriesOutput out = new EntriesOutput(new ReplyBytes("s"));
        out.multi(1);
        out.multi(2);
        out.set(bulk(id));
        out.complete(2);
        out.multi(kv.length);
        for (String item : kv) {
            out.set(bulk(item));
            out.complete(3);
        }
        out.complete(1);
        out.complete(0);
        return out;
    }

    @Test
    void aWellFormedEntryIsDecoded() {
        EntriesOutput out = oneEntry("5-3", "a", "x", "n", "1");
        assertThat(out.malformed()).isNull();
        assertThat(out.get().entries()).hasSize(1);
        StreamEntry e = out.get().entries().get(0);
        assertThat(e.id()).isEqualTo(new StreamId(5, 3));
        assertThat(e.field("a").get()).isEqualTo("x");
        assertThat(e.field("n").get()).isEqualTo("1");
    }

    @Test
    void namesThatChangeFromEntryToEntryAreReadAsTheyAre() {
        // names kept from the entry before are compared as they arrive: a name that changes at a place,
        // a longer entry, then a shorter one, must each read as sent
        String[][] entries = {{"a", "1", "b", "2"}, {"a", "3", "c", "4"}, {"a", "5", "c", "6", "d", "7"}, {"x", "8"}, {"a", "9", "c", "10"}};
        EntriesOutput out = new EntriesOutput(new ReplyBytes("s"));
        out.multi(entries.length);
        for (int i = 0; i < entries.length; i++) {
            out.multi(2);
            out.set(bulk((i + 1) + "-0"));
            out.complete(2);
            out.multi(entries[i].length);
            for (String item : entries[i]) {
                out.set(bulk(item));
                out.complete(3);
            }
            out.complete(1);
        }
        out.complete(0);
        assertThat(out.malformed()).isNull();
        assertThat(out.get().entries()).hasSize(entries.length);
        for (int i = 0; i < entries.length; i++) {
            StreamEntry e = out.get().entries().get(i);
            assertThat(e.fieldCount()).isEqualTo(entries[i].length / 2);
            for (int k = 0; k < entries[i].length; k += 2) {
                assertThat(e.field(entries[i][k])).as("entry %d, field %s", i, entries[i][k]).contains(entries[i][k + 1]);
            }
        }
        assertThat(out.get().entries().get(1).hasField("b")).isFalse();
        assertThat(out.get().entries().get(4).hasField("d")).isFalse();
    }

    @Test
    void anIdThatIsNotAnEntryIdIsNamedWhereItIsParsedNotOnTheParsersThread() {
        EntriesOutput out = oneEntry("five-3", "a", "x");
        assertThat(out.malformed()).as("ids are parsed by the caller, not on Lettuce's event loop").isNull();
        assertThatThrownBy(() -> out.get().entries()).isInstanceOf(IllegalStateException.class).hasMessageContaining("s").hasMessageContaining("five-3");
        assertThatThrownBy(() -> out.get().lastId()).isInstanceOf(IllegalStateException.class).hasMessageContaining("five-3");
        assertThat(oneEntry("1".repeat(42), "a", "x").malformed()).as("an id too long to be one").contains("42 bytes");
    }

    @Test
    void aBufferFilledAgainHoldsOnlyTheNewReply() {
        ReplyBytes reply = new ReplyBytes("s");
        EntriesOutput first = new EntriesOutput(reply);
        first.multi(1);
        first.multi(2);
        first.set(bulk("7-1"));
        first.multi(2);
        first.set(bulk("name"));
        first.set(bulk("x".repeat(20_000))); // grows the buffer
        first.complete(0);
        assertThat(reply.entries().get(0).field("name").get()).hasSize(20_000);
        EntriesOutput second = new EntriesOutput(reply); // the same buffer, for the page after next
        second.multi(2);
        for (int i = 0; i < 2; i++) {
            second.multi(2);
            second.set(bulk("8-" + i));
            second.multi(2);
            second.set(bulk("k"));
            second.set(bulk("v" + i));
            second.complete(1);
        }
        second.complete(0);
        assertThat(reply.malformed()).isNull();
        assertThat(reply.lastId()).contains(new StreamId(8, 1));
        assertThat(reply.entries()).extracting(e -> e.id().toString() + " " + e.field("k").get()).containsExactly("8-0 v0", "8-1 v1");
    }

    @Test
    void anIntegerOrABulkStringWhereEntriesBelongIsNamed() {
        EntriesOutput integer = new EntriesOutput(new ReplyBytes("stream-9"));
        integer.set(42L);
        assertThat(integer.malformed()).contains("stream-9").contains("42");

        EntriesOutput text = new EntriesOutput(new ReplyBytes("stream-9"));
        text.multi(1);
        text.set(bulk("OK"));
        assertThat(text.malformed()).contains("\"OK\"");
    }

    @Test
    void anEntryCutShortIsNamed() {
        EntriesOutput out = new EntriesOutput(new ReplyBytes("s"));
        out.multi(1);
        out.multi(2);
        out.set(bulk("1-0"));
        out.multi(4);
        out.set(bulk("a"));
        out.complete(0);
        assertThat(out.malformed()).contains("1-0").contains("1 of 4");
        assertThat(out.get().entries()).isEmpty();
    }

    @Test
    void aNilReplyIsNoEntries() {
        EntriesOutput out = new EntriesOutput(new ReplyBytes("s"));
        out.multi(-1);
        out.complete(0);
        assertThat(out.malformed()).isNull();
        assertThat(out.get().entries()).isEmpty();
    }
}
