package echomq.testkit;

import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.retention.GroupPosition;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamKey;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract of {@link StreamReadersPort}: each consumer group says what it was delivered and what
 * is still pending, so retention can hold back for it. Needs an appender and a way to drive
 * consumer groups in the same store.
 */
public abstract class StreamReadersPortContract {

    /**
     * For a subclass that names the implementation under test.
     */
    public StreamReadersPortContract() {
    }

    /**
     * The port under test.
     *
     * @return the readers port
     */
    protected abstract StreamReadersPort readers();

    /**
     * Appends the entries the groups read.
     *
     * @return an appender to the same store
     */
    protected abstract StreamAppendPort appender();

    /**
     * Creates {@code group} at the start of the stream.
     *
     * @param key   the stream
     * @param group the group's name
     */
    protected abstract void createGroup(StreamKey key, String group);

    /**
     * Delivers up to {@code count} new entries to {@code consumer} of {@code group}.
     *
     * @param key      the stream
     * @param group    the group
     * @param consumer the consumer they are delivered to (pending under it)
     * @param count    the most entries delivered
     * @return the ids delivered, in order
     */
    protected abstract List<StreamId> deliver(StreamKey key, String group, String consumer, int count);

    /**
     * Acknowledges {@code id} for {@code group}.
     *
     * @param key   the stream
     * @param group the group
     * @param id    the entry delivered to the group
     */
    protected abstract void ack(StreamKey key, String group, StreamId id);

    static final long T = Snowflake.EPOCH_MS + 40_000_000L;

    @Test
    void groupsSayWhatTheyDeliveredAndWhatIsPending() {
        String name = "readers-" + UUID.randomUUID();
        StreamKey key = StreamKey.of("contract", name);
        assertThat(readers().groups(key)).isEmpty();
        List<BrandedId> ids = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ids.add(appender().appendWithId(StreamKey.of("contract", name), BrandedId.event(Snowflake.compose(T + i, 1, 0)), LinkedHashMap.of("i", "" + i)));
        }
        createGroup(key, "b-idle");
        createGroup(key, "a-busy");
        List<StreamId> delivered = deliver(key, "a-busy", "c1", 6);
        assertThat(delivered).hasSize(6);
        ack(key, "a-busy", delivered.get(0));
        ack(key, "a-busy", delivered.get(2));
        assertThat(readers().groups(key)).containsExactly(
                new GroupPosition("a-busy", ids.get(5).streamId(), Option.some(ids.get(1).streamId()), 4, 4),
                new GroupPosition("b-idle", StreamId.MIN, Option.none(), 0, 10));
        delivered.forEach(id -> ack(key, "a-busy", id));
        assertThat(readers().groups(key).get(0)).isEqualTo(new GroupPosition("a-busy", ids.get(5).streamId(), Option.none(), 0, 4));
    }
}
