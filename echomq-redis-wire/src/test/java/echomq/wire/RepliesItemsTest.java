package echomq.wire;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The item layout both clients' parsers write ({@link Replies#item}) and read back
 * ({@link Replies#entries(String, byte[], int[], int)}, {@link Replies#entryId}): written from a
 * table of one slot, so that it grows many times on the way.
 */
class RepliesItemsTest {

    @Test
    void itemsWrittenOneByOneFromATinyTableAreTheEntriesReadBack() {
        int count = 300;
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        int[] items = new int[2];
        int n = 0;
        items = Replies.item(items, n++, Replies.ARRAY_ITEM, count);
        for (int e = 0; e < count; e++) {
            items = Replies.item(items, n++, Replies.ARRAY_ITEM, 2);
            items = bulk(items, n++, raw, "7-" + e);
            items = Replies.item(items, n++, Replies.ARRAY_ITEM, 2);
            items = bulk(items, n++, raw, "n");
            items = bulk(items, n++, raw, "v" + e);
        }
        byte[] bytes = raw.toByteArray();
        List<StreamEntry> entries = Replies.entries("s", bytes, items, count);
        assertThat(entries).hasSize(count);
        for (int e = 0; e < count; e++) {
            assertThat(entries.get(e).id()).isEqualTo(StreamId.of(7, e));
            assertThat(entries.get(e).field("n")).contains("v" + e);
        }
        assertThat(Replies.entryId("s", bytes, items, n - 4)).isEqualTo(StreamId.of(7, count - 1));
    }

    @Test
    void anIdThatIsNotOneIsRefusedNamingTheStreamAndTheText() {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        int[] items = new int[2];
        int n = 0;
        items = Replies.item(items, n++, Replies.ARRAY_ITEM, 1);
        items = Replies.item(items, n++, Replies.ARRAY_ITEM, 2);
        items = bulk(items, n++, raw, "five-3");
        items = Replies.item(items, n++, Replies.ARRAY_ITEM, 0);
        byte[] bytes = raw.toByteArray();
        int[] table = items;
        assertThatThrownBy(() -> Replies.entryId("orders", bytes, table, 2)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("orders").hasMessageContaining("five-3");
        assertThatThrownBy(() -> Replies.entries("orders", bytes, table, 1)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("orders").hasMessageContaining("five-3");
    }

    private static int[] bulk(int[] items, int index, ByteArrayOutputStream raw, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        int start = raw.size();
        raw.writeBytes(b);
        return Replies.item(items, index, start, b.length);
    }
}
