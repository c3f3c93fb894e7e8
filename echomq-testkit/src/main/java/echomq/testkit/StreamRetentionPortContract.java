package echomq.testkit;

import echomq.domain.id.BrandedId;
import echomq.domain.retention.Retention;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.retention.StreamRetentionPort;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract of {@link StreamRetentionPort}: exact trims remove exactly what lies below their
 * horizon, approximate ones never anything at or above it, a missing stream trims to nothing, and
 * {@code newestFrom} is where a {@code MAXLEN} would keep from. Needs an appender and a reader of
 * the same store; each test trims a fresh stream of 3000 entries, {@link #key}.
 */
public abstract class StreamRetentionPortContract {

    /**
     * For a subclass that names the implementation under test.
     */
    public StreamRetentionPortContract() {
    }

    /**
     * The port under test.
     *
     * @return the retention port
     */
    protected abstract StreamRetentionPort retention();

    /**
     * Fills each test's stream.
     *
     * @return an appender to the same store
     */
    protected abstract StreamAppendPort appender();

    /**
     * Reads what a trim left.
     *
     * @return a range port over the same store
     */
    protected abstract StreamRangePort reader();

    static final long T = Snowflake.EPOCH_MS + 10_000_000L;

    /** The queue of every stream the tests trim: {@code contract}. */
    protected final String queue = "contract";
    /** The name of this test's stream, fresh for each test ({@code trim-<uuid>}). */
    protected String name;
    /** This test's stream, {@code StreamKey.of(queue, name)}, filled before each test. */
    protected StreamKey key;
    /** The ids of the 3000 entries in {@link #key} before the test trims, in order. */
    protected List<BrandedId> ids;

    /** 3000 entries, three per millisecond over 1000 ms: enough for Redis to trim whole nodes. */
    @BeforeEach
    void fill() {
        name = "trim-" + UUID.randomUUID();
        key = StreamKey.of(queue, name);
        ids = new ArrayList<>();
        for (int ms = 0; ms < 1000; ms++) {
            for (int s = 0; s < 3; s++) {
                BrandedId id = BrandedId.event(Snowflake.compose(T + ms, 1, s));
                ids.add(appender().appendWithId(key, id, LinkedHashMap.of("n", Integer.toString(ids.size()))));
            }
        }
    }

    private List<StreamId> remaining() {
        return reader().rangeFrom(key, StreamId.MIN, 10_000).stream().map(StreamEntry::id).toList();
    }

    @Test
    void exactMinIdRemovesExactlyWhatWasMintedBeforeTheHorizon() {
        Instant horizon = Instant.ofEpochMilli(T + 400).plusNanos(123_456);
        long removed = retention().trim(key, Retention.minAge(horizon, false));
        assertThat(removed).isEqualTo(1200);
        assertThat(remaining()).containsExactlyElementsOf(ids.subList(1200, 3000).stream().map(BrandedId::streamId).toList());
    }

    @Test
    void approximateMinIdNeverRemovesAnythingAtOrAfterTheHorizon() {
        Instant horizon = Instant.ofEpochMilli(T + 700);
        long removed = retention().trim(key, Retention.minAge(horizon, true));
        List<StreamId> left = remaining();
        assertThat(removed).isBetween(0L, 2100L);
        assertThat(left).hasSize(3000 - (int) removed);
        assertThat(left).containsAll(ids.subList(2100, 3000).stream().map(BrandedId::streamId).toList());
        // what is kept is a suffix: trimming never punches holes
        assertThat(left).containsExactlyElementsOf(ids.subList(3000 - left.size(), 3000).stream().map(BrandedId::streamId).toList());
    }

    @Test
    void maxLenKeepsTheNewest() {
        assertThat(retention().trim(key, Retention.maxLen(500, false))).isEqualTo(2500);
        assertThat(remaining()).containsExactlyElementsOf(ids.subList(2500, 3000).stream().map(BrandedId::streamId).toList());
        long removed = retention().trim(key, Retention.maxLen(100));
        assertThat(remaining()).hasSizeGreaterThanOrEqualTo(100).hasSize(500 - (int) removed);
    }

    @Test
    void trimmingAMissingStreamRemovesNothing() {
        assertThat(retention().trim(StreamKey.of(queue, "missing-" + UUID.randomUUID()), Retention.maxLen(0, false))).isZero();
    }

    @Test
    void exactMinEntryIdRemovesExactlyTheEntriesBelowIt() {
        StreamId keep = ids.get(1234).streamId();
        assertThat(retention().trim(key, Retention.minId(keep, false))).isEqualTo(1234);
        assertThat(remaining()).hasSize(ids.size() - 1234).first().isEqualTo(keep);
    }

    @Test
    void newestFromIsWhereMaxLenWouldKeepFrom() {
        assertThat(retention().newestFrom(key, 10)).contains(ids.get(ids.size() - 10).streamId());
        assertThat(retention().newestFrom(key, 1)).contains(ids.get(ids.size() - 1).streamId());
        assertThat(retention().newestFrom(key, ids.size())).isEmpty();
        assertThat(retention().newestFrom(key, ids.size() + 1L)).isEmpty();
        assertThat(retention().newestFrom(key, 0)).contains(ids.get(ids.size() - 1).streamId().successor());
        assertThat(retention().newestFrom(StreamKey.of(queue, "missing-" + UUID.randomUUID()), 5)).isEmpty();
        assertThat(remaining()).hasSize(ids.size()); // a read, nothing removed
    }
}
