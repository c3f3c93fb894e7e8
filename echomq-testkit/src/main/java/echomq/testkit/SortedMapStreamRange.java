package echomq.testkit;

import echomq.domain.stream.StreamEntry;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An in-memory {@link StreamRangePort} over sorted maps, for the pure tests: it answers what
 * {@code XRANGE} answers, and counts its calls so tests can prove that bad input never reached it.
 */
public final class SortedMapStreamRange implements StreamRangePort {

    private final Map<StreamKey, NavigableMap<StreamId, StreamEntry>> streams = new ConcurrentHashMap<>();
    private final AtomicInteger calls = new AtomicInteger();

    /**
     * No streams yet: every range reads as empty.
     */
    public SortedMapStreamRange() {
    }

    /**
     * Stores entries under {@code key} (as an append with explicit ids would; an entry under an id
     * already stored replaces it, and no order is enforced).
     *
     * @param key     the stream
     * @param entries the entries, each under its own id
     */
    public void put(StreamKey key, Iterable<StreamEntry> entries) {
        NavigableMap<StreamId, StreamEntry> s = streams.computeIfAbsent(key, k -> new ConcurrentSkipListMap<>());
        for (StreamEntry e : entries) {
            s.put(e.id(), e);
        }
    }

    /**
     * Removes the stream at {@code key}, as {@code DEL} would.
     *
     * @param key the stream
     */
    public void remove(StreamKey key) {
        streams.remove(key);
    }

    /**
     * Every entry under {@code key}, in order; not counted as a range call.
     *
     * @param key the stream
     * @return a copy of its entries, empty for a missing stream
     */
    public List<StreamEntry> all(StreamKey key) {
        return new ArrayList<>(streams.getOrDefault(key, new ConcurrentSkipListMap<>()).values());
    }

    /**
     * How many range calls were made ({@code range} and {@code rangeFrom}, even those that read nothing).
     *
     * @return the count
     */
    public int calls() {
        return calls.get();
    }

    @Override
    public List<StreamEntry> range(StreamKey key, StreamId from, StreamId to, int count) {
        calls.incrementAndGet();
        if (from.isAfter(to)) {
            return List.of();
        }
        return take(streams.getOrDefault(key, new ConcurrentSkipListMap<>()).subMap(from, true, to, true), count);
    }

    @Override
    public List<StreamEntry> rangeFrom(StreamKey key, StreamId from, int count) {
        calls.incrementAndGet();
        return take(streams.getOrDefault(key, new ConcurrentSkipListMap<>()).tailMap(from, true), count);
    }

    private static List<StreamEntry> take(NavigableMap<StreamId, StreamEntry> view, int count) {
        List<StreamEntry> out = new ArrayList<>(Math.min(count, 1024));
        for (StreamEntry e : view.values()) {
            if (out.size() == count) {
                break;
            }
            out.add(e);
        }
        return List.copyOf(out);
    }
}
