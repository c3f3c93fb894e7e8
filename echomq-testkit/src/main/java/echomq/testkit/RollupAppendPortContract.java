package echomq.testkit;

import echomq.domain.id.StreamId;
import echomq.domain.rollup.AppendOutcome;
import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStoreException;

import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The contract of every {@link RollupAppendPort}: an entry lands at the id asked for with its fields
 * in order; an id not above the top writes nothing and answers the top (so a second send of a landed
 * append, or a second writer, writes nothing twice); bad input is refused before any store.
 * <pre>{@code
 * class MyRollupAppendsContractTest extends RollupAppendPortContract {
 *     protected RollupAppendPort appends() { return new MyRollupAppends(client); }
 *     protected StreamRangePort reader() { return new MyStreamRange(client); }
 * }
 * }</pre>
 */
public abstract class RollupAppendPortContract {

    /** For a subclass: one per implementation. */
    public RollupAppendPortContract() {
    }

    /**
     * The port under test.
     *
     * @return the implementation's rollup appends
     */
    protected abstract RollupAppendPort appends();

    /**
     * A reader of the same store, to read back what was appended.
     *
     * @return a range port over the same store
     */
    protected abstract StreamRangePort reader();

    /**
     * Stores a value of another type than a stream under {@code key} ({@code SET key x} on Redis), when
     * the store has types.
     *
     * @param key the key
     * @return whether it did (an in-memory store without types answers false, and the case is left out)
     */
    protected boolean storeNonStream(String key) {
        return false;
    }

    private static StreamKey fresh() {
        return StreamKey.existing("rollup-contract:" + UUID.randomUUID());
    }

    private static LinkedHashMap<String, String> fields(String to, String entries) {
        return LinkedHashMap.of("to", to, "entries", entries, "sum_amount", "12.5", "p99_amount", "");
    }

    private List<StreamEntry> all(StreamKey key) {
        return reader().rangeFrom(key, StreamId.MIN, 100);
    }

    @Test
    void anEntryLandsAtTheIdWithItsFieldsInOrder() {
        StreamKey key = fresh();
        StreamId id = StreamId.of(1_700_000_040_000L, 0);
        AppendOutcome o = appends().appendAt(key, id, fields("1700000099999", "3"));
        assertThat(o).isEqualTo(new AppendOutcome.Appended(id));
        assertThat(o.appended()).isTrue();
        List<StreamEntry> read = all(key);
        assertThat(read).hasSize(1);
        assertThat(read.get(0).id()).isEqualTo(id);
        assertThat(read.get(0).fields()).isEqualTo(fields("1700000099999", "3"));
        assertThat(read.get(0).fields().keySet().toJavaList()).containsExactly("to", "entries", "sum_amount", "p99_amount");
    }

    @Test
    void anIdNotAboveTheTopWritesNothingAndAnswersTheTop() {
        StreamKey key = fresh();
        StreamId first = StreamId.of(1_700_000_040_000L, 0);
        StreamId second = StreamId.of(1_700_000_100_000L, 0);
        assertThat(appends().appendAt(key, first, fields("1", "1")).appended()).isTrue();
        assertThat(appends().appendAt(key, second, fields("2", "2")).appended()).isTrue();
        // the same id again: a resend of a landed append, or a second writer of the same bucket
        assertThat(appends().appendAt(key, second, fields("other", "9"))).isEqualTo(new AppendOutcome.NotAboveTop(second));
        // an id below the top
        AppendOutcome below = appends().appendAt(key, first, fields("other", "9"));
        assertThat(below).isEqualTo(new AppendOutcome.NotAboveTop(second));
        assertThat(below.appended()).isFalse();
        assertThat(all(key)).extracting(StreamEntry::id).containsExactly(first, second);
        assertThat(all(key).get(1).fields()).isEqualTo(fields("2", "2"));
        // above the top again: lands
        StreamId third = StreamId.of(1_700_000_160_000L, 0);
        assertThat(appends().appendAt(key, third, fields("3", "3"))).isEqualTo(new AppendOutcome.Appended(third));
    }

    @Test
    void manyStreamsEachTheirOwnTop() {
        StreamKey a = fresh();
        StreamKey b = StreamKey.of("rollups", "b-" + UUID.randomUUID());
        StreamId late = StreamId.of(1_800_000_000_000L, 0);
        StreamId early = StreamId.of(1_700_000_000_000L, 0);
        assertThat(appends().appendAt(a, late, fields("1", "1")).appended()).isTrue();
        assertThat(appends().appendAt(b, early, fields("1", "1")).appended()).isTrue();
        assertThat(all(b)).extracting(StreamEntry::id).containsExactly(early);
    }

    @Test
    void badInputIsRefusedBeforeAnyStore() {
        StreamKey key = fresh();
        assertThatThrownBy(() -> appends().appendAt(key, StreamId.MIN, fields("1", "1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0-0");
        assertThatThrownBy(() -> appends().appendAt(key, StreamId.of(5, 0), LinkedHashMap.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one field");
        assertThatThrownBy(() -> appends().appendAt(key, StreamId.of(5, 0), LinkedHashMap.of("id", "EVT0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"id\"");
        assertThatThrownBy(() -> appends().appendAt(key, StreamId.of(5, 0), LinkedHashMap.of("", "x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty");
        assertThatThrownBy(() -> appends().appendAt(key, null, fields("1", "1"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> appends().appendAt(null, StreamId.of(5, 0), fields("1", "1"))).isInstanceOf(NullPointerException.class);
        assertThat(all(key)).isEmpty();
    }

    @Test
    void aKeyOfAnotherTypeIsATypedFailure() {
        StreamKey key = fresh();
        if (!storeNonStream(key.toString())) {
            return;
        }
        assertThatThrownBy(() -> appends().appendAt(key, StreamId.of(5, 0), fields("1", "1")))
                .isInstanceOf(StreamStoreException.WrongType.class);
    }
}
