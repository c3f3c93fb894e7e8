package echomq.domain.eventtime;

import echomq.domain.id.StreamId;
import echomq.domain.stream.RangePages;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;

import io.vavr.control.Option;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A stream as its {@link EventTime} orders it ({@link EventTime#over}). A read of the event-time ids
 * {@code [from, to]} reads the store's ids {@code [from - E, to + L]} in pages, keeps each entry on
 * time whose event time lies in {@code [from, to]}, and hands them out in event-time order once no
 * entry read later can come before them: an entry read at id millisecond {@code m} has an event time
 * of {@code m - L} or more when it is on time, so every entry held with an event time below that is
 * final (the watermark of the read, exact because the rule bounds lateness). Each is handed out at
 * {@code <e>-<k>}, {@code k} its rank among the entries of event millisecond {@code e} in id order:
 * all of them are read by then, so the id is the same from any read, and a read resumed after one goes
 * on exactly there.
 */
final class EventTimeView implements StreamRangePort {

    private final EventTime time;
    private final StreamRangePort range;
    private final LeftOut.Sink leftOut;

    EventTimeView(EventTime time, StreamRangePort range, LeftOut.Sink leftOut) {
        this.time = Objects.requireNonNull(time, "time");
        this.range = Objects.requireNonNull(range, "range");
        this.leftOut = Objects.requireNonNull(leftOut, "leftOut");
    }

    @Override
    public List<StreamEntry> range(StreamKey key, StreamId from, StreamId to, int count) {
        return first(new Pages(key, from, Option.some(to), count, false), count);
    }

    @Override
    public List<StreamEntry> rangeFrom(StreamKey key, StreamId from, int count) {
        return first(new Pages(key, from, Option.none(), count, false), count);
    }

    /** Pages of a whole read: these count what they leave out (a probe of a few entries does not: the read after it would count them again). */
    @Override
    public RangePages pages(StreamKey key, StreamId from, Option<StreamId> to, int pageSize) {
        return new Pages(key, from, to, pageSize, true);
    }

    private static List<StreamEntry> first(Pages pages, int count) {
        try (pages) {
            List<StreamEntry> out = new ArrayList<>();
            while (out.size() < count) {
                List<StreamEntry> page = pages.next();
                if (page.isEmpty()) {
                    break;
                }
                out.addAll(page.subList(0, Math.min(page.size(), count - out.size())));
            }
            return out;
        }
    }

    /** One read of the view: the store's pages in, the event-time pages out. */
    private final class Pages implements RangePages {

        private final StreamId from;
        private final Option<StreamId> to;
        private final int pageSize;
        private final boolean counting;
        private final RangePages under;
        /** Entries on time and in range, by event millisecond, each millisecond's in id order. */
        private final TreeMap<Long, List<StreamEntry>> held = new TreeMap<>();
        private final ArrayDeque<StreamEntry> ready = new ArrayDeque<>();
        private boolean exhausted;

        Pages(StreamKey key, StreamId from, Option<StreamId> to, int pageSize, boolean counting) {
            this.from = Objects.requireNonNull(from, "from");
            this.to = Objects.requireNonNull(to, "to");
            if (pageSize <= 0) {
                throw new IllegalArgumentException("page size must be > 0, got " + pageSize);
            }
            this.pageSize = pageSize;
            this.counting = counting;
            this.under = range.pages(key, time.lowestId(from.ms()), to.map(t -> time.highestId(t.ms())), pageSize);
        }

        @Override
        public List<StreamEntry> next() {
            while (ready.isEmpty() && !exhausted) {
                List<StreamEntry> page = under.next();
                if (page.isEmpty()) {
                    exhausted = true;
                    release(Long.MAX_VALUE);
                    break;
                }
                for (StreamEntry e : page) {
                    take(e);
                }
                long m = page.get(page.size() - 1).id().ms();
                // every entry read from here on has an id of m or more, so an event time of m - L or more if on time
                release(m - time.lateness().toMillis());
            }
            List<StreamEntry> out = new ArrayList<>(Math.min(pageSize, ready.size()));
            while (out.size() < pageSize && !ready.isEmpty()) {
                out.add(ready.poll());
            }
            return out;
        }

        private void take(StreamEntry e) {
            Timing t = time.timing(e);
            Option<Long> at = t.belongsAt();
            if (at.isEmpty()) {
                LeftOut.Reason why = t.leftOut().get();
                if (counting && e.id().compareTo(from) >= 0 && to.forAll(u -> e.id().compareTo(u) <= 0)) {
                    leftOut.leftOut(e, why);
                }
                return;
            }
            long ms = at.get();
            if (ms < from.ms() || to.exists(u -> ms > u.ms())) {
                return; // on time, of another window's event times: read only because the range is widened
            }
            held.computeIfAbsent(ms, k -> new ArrayList<>()).add(e);
        }

        /** Hands out, in order, every millisecond held below {@code watermark}: none read later can come before them. */
        private void release(long watermark) {
            while (!held.isEmpty() && held.firstKey() < watermark) {
                Map.Entry<Long, List<StreamEntry>> first = held.pollFirstEntry();
                List<StreamEntry> entries = first.getValue();
                if (entries.size() - 1 > StreamId.MAX_SNOWFLAKE_TAIL) {
                    throw new IllegalStateException("more than " + (StreamId.MAX_SNOWFLAKE_TAIL + 1) + " entries of the event millisecond "
                            + first.getKey() + ": a window's bound (<ms>-" + StreamId.MAX_SNOWFLAKE_TAIL + ") cannot hold them all");
                }
                for (int k = 0; k < entries.size(); k++) {
                    StreamId at = StreamId.of(first.getKey(), k);
                    if (at.compareTo(from) >= 0 && to.forAll(u -> at.compareTo(u) <= 0)) {
                        ready.add(entries.get(k).at(at));
                    }
                }
            }
        }

        @Override
        public boolean done() {
            return exhausted && ready.isEmpty();
        }

        @Override
        public void close() {
            under.close();
        }
    }
}
