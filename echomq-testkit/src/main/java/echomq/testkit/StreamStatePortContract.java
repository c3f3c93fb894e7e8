package echomq.testkit;

import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.id.StreamId;
import echomq.domain.stream.EntryMark;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamObservation;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import org.junit.jupiter.api.Test;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The contract of {@link StreamStatePort}: a missing stream has no state; the state follows appends
 * and deletes; {@code observe} reads the state and probes one entry in one step; and a stream
 * created again cannot be mistaken for the old one (what the caching reader's proof relies on).
 */
public abstract class StreamStatePortContract {

    /**
     * For a subclass that names the implementation under test.
     */
    public StreamStatePortContract() {
    }

    /**
     * The port under test.
     *
     * @return the state port
     */
    protected abstract StreamStatePort states();

    /**
     * Appends the entries whose state is read.
     *
     * @return an appender to the same store
     */
    protected abstract StreamAppendPort appender();

    /**
     * Deletes one entry ({@code XDEL}), as another client might.
     *
     * @param key the stream
     * @param id  the entry's id
     */
    protected abstract void delete(StreamKey key, StreamId id);

    static final long T = Snowflake.EPOCH_MS + 20_000_000L;

    @Test
    void aMissingStreamHasNoState() {
        assertThat(states().state(StreamKey.of("contract", "none-" + UUID.randomUUID()))).isEmpty();
    }

    @Test
    void stateTracksAppendsAndDeletes() {
        String name = "state-" + UUID.randomUUID();
        StreamKey key = StreamKey.of("contract", name);
        BrandedId a = appender().appendWithId(StreamKey.of("contract", name), BrandedId.event(Snowflake.compose(T, 0, 0)), LinkedHashMap.of("k", "a"));
        BrandedId b = appender().appendWithId(StreamKey.of("contract", name), BrandedId.event(Snowflake.compose(T + 1, 0, 0)), LinkedHashMap.of("k", "b"));
        BrandedId c = appender().appendWithId(StreamKey.of("contract", name), BrandedId.event(Snowflake.compose(T + 2, 0, 7)), LinkedHashMap.of("k", "c"));
        StreamState s = states().state(key).get();
        assertThat(s.length()).isEqualTo(3);
        assertThat(s.first()).isEqualTo(Option.some(a.streamId()));
        assertThat(s.last()).isEqualTo(Option.some(c.streamId()));
        assertThat(s.lastGenerated()).isEqualTo(c.streamId());
        assertThat(s.entriesAdded()).isEqualTo(Option.some(3L));
        assertThat(s.maxDeletedEntryId()).isEqualTo(Option.some(StreamId.MIN));

        delete(key, c.streamId());
        delete(key, a.streamId());
        StreamState after = states().state(key).get();
        assertThat(after.length()).isEqualTo(1);
        assertThat(after.first()).isEqualTo(Option.some(b.streamId()));
        assertThat(after.last()).isEqualTo(Option.some(b.streamId()));
        assertThat(after.lastGenerated()).isEqualTo(c.streamId());
        assertThat(after.entriesAdded()).isEqualTo(Option.some(3L));
        assertThat(after.maxDeletedEntryId()).isEqualTo(Option.some(c.streamId()));
    }

    @Test
    void observeReadsTheStateAndProbesOneEntryAtOnce() {
        String name = "observe-" + UUID.randomUUID();
        StreamKey key = StreamKey.of("contract", name);
        assertThat(states().observe(key, StreamId.MIN)).isEqualTo(new StreamObservation(Option.none(), Option.none()));
        BrandedId a = appender().appendWithId(StreamKey.of("contract", name), BrandedId.event(Snowflake.compose(T, 0, 0)), LinkedHashMap.of("k", "a"));
        BrandedId b = appender().appendWithId(StreamKey.of("contract", name), BrandedId.event(Snowflake.compose(T + 1, 0, 3)), LinkedHashMap.of("k", "b"));
        StreamObservation seen = states().observe(key, a.streamId());
        assertThat(seen.state()).isEqualTo(states().state(key));
        assertThat(seen.probed()).contains(new EntryMark(a.streamId(), Option.some(a)));
        assertThat(seen.state().get().lastEntry()).contains(new EntryMark(b.streamId(), Option.some(b)));
        assertThat(states().observe(key, a.streamId().successor()).probed()).isEmpty();
        delete(key, a.streamId());
        assertThat(states().observe(key, a.streamId()).probed()).isEmpty();
        assertThat(states().observe(key, a.streamId()).state().get().length()).isEqualTo(1);
    }

    @Test
    void aStreamCreatedAgainCannotBeMistakenForTheOldOne() {
        String name = "again-" + UUID.randomUUID();
        StreamKey key = StreamKey.of("contract", name);
        appender().appendWithId(StreamKey.of("contract", name), BrandedId.event(Snowflake.compose(T, 0, 0)), LinkedHashMap.of("k", "a"));
        appender().appendWithId(StreamKey.of("contract", name), BrandedId.event(Snowflake.compose(T + 1, 0, 0)), LinkedHashMap.of("k", "b"));
        StreamState before = states().state(key).get();
        delete(key, before.last().get());
        delete(key, before.first().get());
        StreamState emptied = states().state(key).get();
        assertThat(before.canPrecede(emptied)).isTrue();
        assertThat(emptied.canPrecede(before)).isFalse(); // counters never go down in one history
    }
}
