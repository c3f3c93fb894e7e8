package echomq.testkit;

import echomq.domain.id.BrandedId;
import echomq.domain.id.StreamId;
import echomq.domain.rollup.AppendOutcome;
import echomq.domain.rollup.RollupAppendPort;
import echomq.domain.stream.EntryMark;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamObservation;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;

import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * In-memory streams that answer range reads and state reads as Redis 7 does ({@code XRANGE},
 * {@code XINFO STREAM} with {@code entries-added} and {@code max-deleted-entry-id}) and a rollup's
 * appends at an id ({@code XADD key <id>}, refused when not above the top), for the pure
 * tests of what reads through both ports (the engine's caching reader). Appends, deletes, trims
 * and a stream's deletion are the test's own moves; each changes the state as Redis would, so a
 * test can prove that a reader notices each.
 * <pre>{@code
 * InMemoryStreams streams = new InMemoryStreams();
 * streams.append(key, BrandedId.event(snowflake), LinkedHashMap.of("k", "v"));
 * ProjectionReader reader = new ProjectionReader(streams, streams, clock, 100);
 * }</pre>
 */
public final class InMemoryStreams implements StreamRangePort, StreamStatePort, RollupAppendPort {

    /** One stream: its entries and the counters that only grow. */
    private static final class Stream {
        final NavigableMap<StreamId, StreamEntry> entries = new TreeMap<>();
        StreamId lastGenerated = StreamId.MIN;
        long added;
        StreamId maxDeleted = StreamId.MIN;
    }

    private final Map<StreamKey, Stream> streams = new HashMap<>();
    private final SortedMapStreamRange ranges = new SortedMapStreamRange();

    /**
     * No streams yet: every state reads as none, every range as empty.
     */
    public InMemoryStreams() {
    }

    /**
     * Appends an entry under {@code id}, as {@code XADD key <id>} does.
     *
     * @param key    the stream
     * @param id     the branded id; its entry id must be above the stream's last generated id
     * @param fields the fields
     * @return the entry appended
     * @throws IllegalArgumentException when the id is not above the stream's top, as Redis refuses it
     */
    public synchronized StreamEntry append(StreamKey key, BrandedId id, LinkedHashMap<String, String> fields) {
        Stream s = streams.computeIfAbsent(key, k -> new Stream());
        StreamEntry e = StreamEntry.of(id, fields);
        if (!e.id().isAfter(s.lastGenerated)) {
            throw new IllegalArgumentException("entry id " + e.id() + " is not above the top " + s.lastGenerated);
        }
        s.entries.put(e.id(), e);
        s.lastGenerated = e.id();
        s.added++;
        ranges.put(key, List.of(e));
        return e;
    }

    @Override
    public synchronized AppendOutcome appendAt(StreamKey key, StreamId id, LinkedHashMap<String, String> fields) {
        RollupAppendPort.require(key, id, fields);
        Stream s = streams.computeIfAbsent(key, k -> new Stream());
        if (!id.isAfter(s.lastGenerated)) {
            return new AppendOutcome.NotAboveTop(s.lastGenerated);
        }
        StreamEntry e = new StreamEntry(id, Option.none(), fields);
        s.entries.put(id, e);
        s.lastGenerated = id;
        s.added++;
        ranges.put(key, List.of(e));
        return new AppendOutcome.Appended(id);
    }

    /**
     * Deletes the entry {@code id}, as {@code XDEL} does (it raises {@code max-deleted-entry-id}).
     *
     * @param key the stream
     * @param id  the entry
     * @return whether there was such an entry
     */
    public synchronized boolean delete(StreamKey key, StreamId id) {
        Stream s = streams.get(key);
        if (s == null || s.entries.remove(id) == null) {
            return false;
        }
        if (id.isAfter(s.maxDeleted)) {
            s.maxDeleted = id;
        }
        rebuild(key, s);
        return true;
    }

    /**
     * Removes every entry below {@code minId}, as {@code XTRIM MINID} does (it leaves
     * {@code max-deleted-entry-id} as it was).
     *
     * @param key   the stream
     * @param minId the lowest id kept
     * @return the number of entries removed
     */
    public synchronized long trimBelow(StreamKey key, StreamId minId) {
        Stream s = streams.get(key);
        if (s == null) {
            return 0;
        }
        NavigableMap<StreamId, StreamEntry> below = s.entries.headMap(minId, false);
        long n = below.size();
        below.clear();
        rebuild(key, s);
        return n;
    }

    /**
     * Deletes the stream, as {@code DEL} does: a new one under the key starts with fresh counters.
     *
     * @param key the stream
     */
    public synchronized void drop(StreamKey key) {
        streams.remove(key);
        ranges.remove(key);
    }

    private void rebuild(StreamKey key, Stream s) {
        ranges.remove(key);
        ranges.put(key, s.entries.values());
    }

    /**
     * How many range calls were made (each page of a fold is one).
     *
     * @return the count
     */
    public int rangeCalls() {
        return ranges.calls();
    }

    @Override
    public List<StreamEntry> range(StreamKey key, StreamId from, StreamId to, int count) {
        return ranges.range(key, from, to, count);
    }

    @Override
    public List<StreamEntry> rangeFrom(StreamKey key, StreamId from, int count) {
        return ranges.rangeFrom(key, from, count);
    }

    @Override
    public synchronized Option<StreamState> state(StreamKey key) {
        Stream s = streams.get(key);
        if (s == null) {
            return Option.none();
        }
        Option<StreamId> first = s.entries.isEmpty() ? Option.none() : Option.some(s.entries.firstKey());
        Option<StreamId> last = s.entries.isEmpty() ? Option.none() : Option.some(s.entries.lastKey());
        Option<BrandedId> lastBranded = last.flatMap(id -> s.entries.get(id).branded());
        return Option.some(new StreamState(s.entries.size(), first, last, s.lastGenerated, Option.some(s.added),
                Option.some(s.maxDeleted), first.orElse(Option.some(StreamId.MIN)), lastBranded));
    }

    @Override
    public synchronized StreamObservation observe(StreamKey key, StreamId probe) {
        Option<StreamState> st = state(key);
        Option<EntryMark> probed = st.isEmpty() ? Option.none()
                : Option.of(streams.get(key).entries.get(probe)).map(EntryMark::of);
        return new StreamObservation(st, probed);
    }
}
