package echomq.spring.boot;

import echomq.domain.eventtime.EventTime;
import echomq.domain.eventtime.LeftOut;
import echomq.domain.eventtime.TimeFormat;
import echomq.domain.id.StreamId;
import echomq.domain.stream.RangePages;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;

import io.vavr.control.Option;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The event times of {@code echomq.event-times[i].*}: which streams carry their own time, and how. A
 * rollup of such a stream goes by it; {@link #over} reads every declared stream by its event time and
 * the others by their ids, so any window, series or session of the library reads through it unchanged.
 * <pre>{@code
 * LeftOut.Tally missed = new LeftOut.Tally();
 * StreamWindows byTs = new StreamWindows(eventTimes.over(range, missed));
 * byTs.foldSeries(StreamKey.existing("orders"), Buckets.tumbling(Duration.ofMinutes(1)), lastHour, count);
 * missed.counts();   // the entries the rule left out of the read: late, early, untimed
 * }</pre>
 */
public final class EchoMqEventTimes {

    static final String PREFIX = "echomq.event-times";

    private final Map<StreamKey, EventTime> declared;

    EchoMqEventTimes(Map<StreamKey, EventTime> declared) {
        this.declared = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(declared));
    }

    /**
     * The event time of {@code stream}.
     *
     * @param stream the stream
     * @return its declared event time; none when it goes by its ids' time
     */
    public Option<EventTime> of(StreamKey stream) {
        return Option.of(declared.get(Objects.requireNonNull(stream, "stream")));
    }

    /**
     * Every declared event time, in the properties' index order.
     *
     * @return the streams and their event times
     */
    public Map<StreamKey, EventTime> declared() {
        return declared;
    }

    /**
     * The store as the declarations order it: a declared stream by its event time
     * ({@link EventTime#over}, each entry left out told to {@code leftOut}), any other by its ids.
     *
     * @param range   the store, read by id
     * @param leftOut hears each entry left out of a read of a declared stream
     * @return the port to read windows from
     */
    public StreamRangePort over(StreamRangePort range, LeftOut.Sink leftOut) {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(leftOut, "leftOut");
        Map<StreamKey, StreamRangePort> views = new LinkedHashMap<>();
        declared.forEach((k, t) -> views.put(k, t.over(range, leftOut)));
        return new StreamRangePort() {
            private StreamRangePort of(StreamKey key) {
                return views.getOrDefault(key, range);
            }

            @Override
            public java.util.List<StreamEntry> range(StreamKey key, StreamId from, StreamId to, int count) {
                return of(key).range(key, from, to, count);
            }

            @Override
            public java.util.List<StreamEntry> rangeFrom(StreamKey key, StreamId from, int count) {
                return of(key).rangeFrom(key, from, count);
            }

            @Override
            public RangePages pages(StreamKey key, StreamId from, Option<StreamId> to, int pageSize) {
                return of(key).pages(key, from, to, pageSize);
            }
        };
    }

    /**
     * Reads {@code echomq.event-times[i].*}, every value checked.
     *
     * @throws EchoMqConfigurationException naming the first property that is missing or bad, or a stream declared twice
     */
    static EchoMqEventTimes of(List<EchoMqProperties.StreamTime> times) {
        Map<StreamKey, EventTime> out = new LinkedHashMap<>();
        List<String> at = new ArrayList<>();
        for (int i = 0; i < times.size(); i++) {
            String p = PREFIX + "[" + i + "]";
            EchoMqProperties.StreamTime t = times.get(i);
            StreamKey stream = StreamRefs.existing(p + ".stream", t.getStream());
            if (out.containsKey(stream)) {
                throw new EchoMqConfigurationException(p + ".stream declares \"" + t.getStream() + "\" again (" + at.get(
                        new ArrayList<>(out.keySet()).indexOf(stream)) + " declared it first): a stream has one event time.",
                        "Remove one of the two declarations.");
            }
            out.put(stream, eventTime(p, t));
            at.add(p);
        }
        return new EchoMqEventTimes(out);
    }

    private static EventTime eventTime(String p, EchoMqProperties.StreamTime t) {
        if (t.getField() == null || t.getField().isBlank()) {
            throw new EchoMqConfigurationException(p + ".field is not set: it names the field holding each entry's own time.",
                    "Set " + p + ".field, e.g. ts.");
        }
        EventTime time;
        try {
            time = EventTime.field(t.getField().trim());
        } catch (IllegalArgumentException e) {
            throw new EchoMqConfigurationException(p + ".field is not valid: " + e.getMessage(), "Set " + p + ".field, e.g. ts.", e);
        }
        try {
            time = time.format(TimeFormat.spelled(t.getFormat()));
        } catch (IllegalArgumentException e) {
            throw new EchoMqConfigurationException(p + ".format is not valid: " + e.getMessage(), "Set " + p + ".format to ms, s or iso.", e);
        }
        try {
            time = time.lateness(t.getLateness());
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new EchoMqConfigurationException(p + ".lateness is not valid (" + t.getLateness() + "): " + e.getMessage(),
                    "Set " + p + ".lateness to how long after its event time an entry may still be written, e.g. 5m.", e);
        }
        try {
            return time.lead(t.getLead());
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new EchoMqConfigurationException(p + ".lead is not valid (" + t.getLead() + "): " + e.getMessage(),
                    "Set " + p + ".lead to how far a writer's clock may run ahead of Redis', e.g. 1s.", e);
        }
    }

    @Override
    public String toString() {
        return "the event times " + declared;
    }
}
