package echomq.testkit;

import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroup;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStoreException;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The contract of {@link ConsumerGroupPort}: delivery once per group, pending lists, take-over, acknowledgement, blocking reads. */
public abstract class ConsumerGroupPortContract {

    /**
     * For a subclass that names the implementation under test.
     */
    public ConsumerGroupPortContract() {
    }

    /**
     * The port reading as {@code consumer}, as the adapter under test builds it.
     *
     * @param consumer the consumer, of its group, of its stream
     * @return the port
     */
    protected abstract ConsumerGroupPort consumerGroup(Consumer consumer);

    private ConsumerGroupPort group(StreamKey key, String group, String consumer) {
        return consumerGroup(ConsumerGroup.of(key, group).consumer(consumer));
    }

    /**
     * Appends the entries the groups read, to the same store.
     *
     * @return an appender of the adapter under test
     */
    protected abstract StreamAppendPort appender();

    /**
     * Deletes one entry ({@code XDEL}), bypassing the port.
     *
     * @param key the stream
     * @param id  the entry's id
     */
    protected abstract void deleteEntry(StreamKey key, StreamId id);

    private static StreamKey newKey() {
        return StreamKey.of("contract", "group-" + UUID.randomUUID());
    }

    private List<BrandedId> append(StreamKey key, int n) {
        List<BrandedId> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(appender().append(key, LinkedHashMap.of("i", Integer.toString(i))));
        }
        return ids;
    }

    private static List<StreamId> ids(List<StreamEntry> entries) {
        return entries.stream().map(StreamEntry::id).toList();
    }

    private static List<StreamId> streamIds(List<BrandedId> ids) {
        return ids.stream().map(BrandedId::streamId).toList();
    }

    @Test
    void ensureCreatesTheStreamAndIsIdempotent() {
        StreamKey key = newKey();
        ConsumerGroupPort c = group(key, "g", "c1");
        c.ensure();
        c.ensure();
        assertThat(c.read(10, Duration.ZERO)).isEmpty();
        assertThat(c.pendingCount()).isZero();
        assertThat(c.consumer()).isEqualTo(ConsumerGroup.of(key, "g").consumer("c1"));
    }

    @Test
    void eachEntryIsDeliveredToOneConsumerOfTheGroupOnceAndCarriesItsFields() {
        StreamKey key = newKey();
        ConsumerGroupPort c1 = group(key, "g", "c1");
        ConsumerGroupPort c2 = group(key, "g", "c2");
        c1.ensure();
        List<BrandedId> ids = append(key, 5);
        List<StreamEntry> first = c1.read(3, Duration.ZERO);
        assertThat(ids(first)).containsExactlyElementsOf(streamIds(ids.subList(0, 3)));
        assertThat(first.get(1).fields().get("i").get()).isEqualTo("1");
        assertThat(first.get(1).branded().get()).isEqualTo(ids.get(1));
        assertThat(ids(c2.read(10, Duration.ZERO))).containsExactlyElementsOf(streamIds(ids.subList(3, 5)));
        assertThat(c1.read(10, Duration.ZERO)).isEmpty();
        // another group sees every entry again
        ConsumerGroupPort other = group(key, "h", "c1");
        other.ensure();
        assertThat(ids(other.read(10, Duration.ZERO))).containsExactlyElementsOf(streamIds(ids));
        assertThat(c1.pendingCount()).isEqualTo(5);
    }

    @Test
    void pendingPagesThisConsumersUnacknowledgedEntriesAndAckRemovesThem() {
        StreamKey key = newKey();
        ConsumerGroupPort c1 = group(key, "g", "c1");
        ConsumerGroupPort c2 = group(key, "g", "c2");
        c1.ensure();
        List<BrandedId> ids = append(key, 6);
        c1.read(5, Duration.ZERO);
        c2.read(5, Duration.ZERO);
        assertThat(ids(c1.pending(StreamId.MIN, 2))).containsExactlyElementsOf(streamIds(ids.subList(0, 2)));
        assertThat(ids(c1.pending(ids.get(1).streamId(), 10))).containsExactlyElementsOf(streamIds(ids.subList(2, 5)));
        assertThat(ids(c2.pending(StreamId.MIN, 10))).containsExactly(ids.get(5).streamId());
        assertThat(c1.pendingCount()).isEqualTo(6);

        assertThat(c1.ack(ids.get(2).streamId())).isEqualTo(1);
        assertThat(c1.ack(ids.get(2).streamId())).isZero();
        assertThat(ids(c1.pending(StreamId.MIN, 10))).doesNotContain(ids.get(2).streamId()).hasSize(4);
        assertThat(c2.pendingCount()).isEqualTo(5);
    }

    @Test
    void anEntryDeletedAfterItsDeliveryIsLeftOutOfThePendingList() {
        StreamKey key = newKey();
        ConsumerGroupPort c = group(key, "g", "c1");
        c.ensure();
        List<BrandedId> ids = append(key, 3);
        c.read(3, Duration.ZERO);
        deleteEntry(key, ids.get(1).streamId());
        assertThat(ids(c.pending(StreamId.MIN, 10))).containsExactly(ids.get(0).streamId(), ids.get(2).streamId());
    }

    @Test
    void autoClaimTakesOverEveryIdleEntryPageByPage() {
        StreamKey key = newKey();
        ConsumerGroupPort silent = group(key, "g", "silent");
        ConsumerGroupPort taker = group(key, "g", "taker");
        silent.ensure();
        List<BrandedId> ids = append(key, 5);
        silent.read(5, Duration.ZERO);
        assertThat(taker.autoClaim(Duration.ofHours(1), 10)).as("nothing idle that long").isEmpty();
        assertThat(ids(taker.autoClaim(Duration.ZERO, 2))).containsExactlyElementsOf(streamIds(ids));
        assertThat(silent.pending(StreamId.MIN, 10)).isEmpty();
        assertThat(ids(taker.pending(StreamId.MIN, 10))).containsExactlyElementsOf(streamIds(ids));
    }

    @Test
    void aBlockingReadWaitsForTheNextAppendAndAQuietOneComesBackEmpty() throws Exception {
        StreamKey key = newKey();
        ConsumerGroupPort c = group(key, "g", "c1");
        c.ensure();
        assertThat(c.read(10, Duration.ofMillis(50))).isEmpty();
        CompletableFuture<List<StreamEntry>> waiting = CompletableFuture.supplyAsync(() -> c.read(10, Duration.ofSeconds(20)));
        // the append comes while the read waits (or just before it starts: either way it is delivered to this read)
        Thread.sleep(100);
        BrandedId id = append(key, 1).get(0);
        assertThat(ids(waiting.get(20, TimeUnit.SECONDS))).containsExactly(id.streamId());
        // the blocked read held no shared connection: other commands went on meanwhile, and go on after it
        assertThat(c.pendingCount()).isEqualTo(1);
    }

    @Test
    void badArgumentsAreRefusedBeforeTheStoreAndAMissingGroupIsATypedFailure() {
        StreamKey key = newKey();
        ConsumerGroupPort c = group(key, "never-created", "c1");
        assertThatThrownBy(() -> c.read(0, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0");
        assertThatThrownBy(() -> c.read(1, Duration.ofMillis(-1))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-");
        assertThatThrownBy(() -> c.pending(StreamId.MIN, -3)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-3");
        assertThatThrownBy(() -> c.autoClaim(Duration.ZERO, 0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0");
        assertThatThrownBy(() -> group(key, "g", "has space")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has space");
        // the group was never created: the store says so, typed, naming the key
        assertThatThrownBy(() -> c.read(1, Duration.ZERO)).isInstanceOf(StreamStoreException.class).hasMessageContaining(key.toString());
    }
}
