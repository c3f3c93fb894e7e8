package echomq.testkit;

import echomq.domain.checkpoint.Checkpoint;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.stream.EntryMark;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The contract of {@link CheckpointPort}, run against every implementation: a checkpoint loads as
 * it was saved, is never moved back within one history of its stream, is replaced once the stream
 * is another incarnation, and bad names are refused before any store. The checkpoints hold for the
 * entries {@link #store} writes, so a store that proves a checkpoint against its stream can.
 * <pre>{@code
 * class InMemoryCheckpointsContractTest extends CheckpointPortContract {
 *     final SortedMapStreamRange streams = new SortedMapStreamRange();
 *     final InMemoryCheckpoints checkpoints = new InMemoryCheckpoints(streams);
 *     protected CheckpointPort checkpoints() { return checkpoints; }
 *     protected void store(StreamKey key, List<StreamEntry> entries) { streams.put(key, entries); }
 *     protected void delete(StreamKey key) { streams.remove(key); }
 * }
 * }</pre>
 */
public abstract class CheckpointPortContract {

    /**
     * For a subclass that names the store under test.
     */
    public CheckpointPortContract() {
    }

    /**
     * The store under test, over the streams {@link #store} writes.
     *
     * @return the checkpoint port
     */
    protected abstract CheckpointPort checkpoints();

    /**
     * Stores entries with their own ids under {@code key}.
     *
     * @param key     the stream
     * @param entries the entries, in id order
     */
    protected abstract void store(StreamKey key, List<StreamEntry> entries);

    /**
     * Deletes the stream, as {@code DEL} would.
     *
     * @param key the stream
     */
    protected abstract void delete(StreamKey key);

    static final long T = Snowflake.EPOCH_MS + 30_000_000L;

    /**
     * Five entries with branded ids, stored: one per millisecond from a fixed instant.
     *
     * @param key  the stream
     * @param node the snowflake node of their ids: another node, other ids in the same milliseconds
     * @return the entries stored, in order
     */
    protected List<StreamEntry> fiveEntries(StreamKey key, int node) {
        List<StreamEntry> out = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            out.add(StreamEntry.of(BrandedId.event(Snowflake.compose(T + i, node, 0)), LinkedHashMap.of("i", Integer.toString(i))));
        }
        store(key, out);
        return out;
    }

    /**
     * A checkpoint of the whole log up to {@code upTo}, as if the stream held five entries then.
     *
     * @param key        the stream
     * @param projection the projection's name
     * @param version    the projection's version
     * @param upTo       the last entry it folded
     * @param state      the folded state, encoded
     * @return the checkpoint
     * @throws IllegalArgumentException when {@code projection} is not a valid checkpoint name
     */
    protected static Checkpoint checkpoint(StreamKey key, String projection, int version, StreamEntry upTo, String state) {
        StreamState seen = new StreamState(5, Option.some(StreamId.of(T, 0)), Option.some(upTo.id()), upTo.id(), Option.some(5L),
                Option.some(StreamId.MIN), Option.some(StreamId.of(T, 0)), upTo.branded());
        return new Checkpoint(key, projection, version, Checkpoint.WHOLE_LOG, state, EntryMark.of(upTo), seen,
                Instant.ofEpochMilli(T + 100));
    }

    /**
     * A stream no other test uses.
     *
     * @return a fresh key in queue {@code contract}
     */
    protected StreamKey stream() {
        return StreamKey.of("contract", "cp-" + UUID.randomUUID());
    }

    @Test
    void aSavedCheckpointLoadsAsItWasSaved() {
        StreamKey key = stream();
        List<StreamEntry> log = fiveEntries(key, 1);
        Checkpoint c = checkpoint(key, "board", 3, log.get(2), "{\"ada\":480, \"tab\":\"a\\tb\"}");
        assertThat(checkpoints().load(key, "board", Checkpoint.WHOLE_LOG)).isEmpty();
        assertThat(checkpoints().save(c)).isTrue();
        assertThat(checkpoints().load(key, "board", Checkpoint.WHOLE_LOG)).contains(c);
        assertThat(checkpoints().load(key, "other", Checkpoint.WHOLE_LOG)).isEmpty();
        assertThat(checkpoints().list(key)).containsExactly(c);
    }

    @Test
    void aCheckpointIsNeverMovedBackInTheSameHistory() {
        StreamKey key = stream();
        List<StreamEntry> log = fiveEntries(key, 2);
        Checkpoint further = checkpoint(key, "board", 1, log.get(4), "5");
        assertThat(checkpoints().save(further)).isTrue();
        assertThat(checkpoints().save(checkpoint(key, "board", 1, log.get(1), "2"))).isFalse();
        assertThat(checkpoints().save(checkpoint(key, "board", 1, log.get(4), "5 again"))).isFalse();
        assertThat(checkpoints().load(key, "board", Checkpoint.WHOLE_LOG)).contains(further);
        // another version is another projection: it replaces the stored one
        Checkpoint v2 = checkpoint(key, "board", 2, log.get(1), "v2");
        assertThat(checkpoints().save(v2)).isTrue();
        assertThat(checkpoints().load(key, "board", Checkpoint.WHOLE_LOG)).contains(v2);
    }

    @Test
    void aCheckpointOfAnotherIncarnationIsReplaced() {
        StreamKey key = stream();
        List<StreamEntry> old = fiveEntries(key, 3);
        assertThat(checkpoints().save(checkpoint(key, "board", 1, old.get(4), "old"))).isTrue();
        delete(key);
        List<StreamEntry> fresh = fiveEntries(key, 4); // same milliseconds, another node: other ids and branded ids
        Checkpoint now = checkpoint(key, "board", 1, fresh.get(0), "new");
        assertThat(checkpoints().save(now)).isTrue();
        assertThat(checkpoints().load(key, "board", Checkpoint.WHOLE_LOG)).contains(now);
    }

    @Test
    void listHoldsEveryCheckpointOfTheStreamOnly() {
        StreamKey key = stream();
        StreamKey other = stream();
        List<StreamEntry> log = fiveEntries(key, 5);
        Checkpoint a = checkpoint(key, "a", 1, log.get(1), "a");
        Checkpoint b = checkpoint(key, "b", 1, log.get(3), "b");
        checkpoints().save(b);
        checkpoints().save(a);
        checkpoints().save(checkpoint(other, "a", 1, fiveEntries(other, 6).get(0), "other"));
        assertThat(checkpoints().list(key)).containsExactly(a, b);
        assertThat(checkpoints().list(stream())).isEmpty();
    }

    @Test
    void badNamesAreRefusedBeforeAnyStore() {
        StreamKey key = stream();
        StreamEntry e = fiveEntries(key, 7).get(0);
        assertThatThrownBy(() -> checkpoint(key, "has space", 1, e, "x")).hasMessageContaining("has space");
        assertThatThrownBy(() -> checkpoint(key, "a:b", 1, e, "x")).hasMessageContaining("a:b");
        assertThatThrownBy(() -> checkpoints().load(key, "{brace}", Checkpoint.WHOLE_LOG)).hasMessageContaining("{brace}");
    }
}
