package echomq.domain.eventtime;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamObservation;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.window.Window;

import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A stream's event time: the field that carries it, its format, the lateness {@code L} (how long
 * after its event time an entry may still be written) and the lead {@code E} (how far a writer's
 * clock may run ahead of the store's, a second unless told). The rule, and the bound math it takes
 * (see the package): an entry belongs to the windows of its event time {@code e} when
 * {@code m - L <= e <= m + E}, {@code m} its id's milliseconds; the window {@code [t0, t1]} reads the
 * ids {@code [t0 - E, t1 + L]}.
 * <pre>{@code
 * EventTime ts = EventTime.field("ts").lateness(Duration.ofMinutes(5));    // epoch ms, a lead of 1 s
 * ts.reach(Window.closed(t0, t1));                                          // [t0 - 1s, t1 + 5m]
 * ts.timing(entry);                                                         // OnTime, Late, Early or Untimed
 * }</pre>
 *
 * @param field    the entry field holding the time, 1 to 200 characters
 * @param format   how it is written
 * @param lateness {@code L}: 0 to {@link #MOST}, whole milliseconds
 * @param lead     {@code E}: 0 to {@link #MOST}, whole milliseconds
 */
public record EventTime(String field, TimeFormat format, Duration lateness, Duration lead) {

    /** The longest lateness or lead: a read reaches that far beyond its window. */
    public static final Duration MOST = Duration.ofDays(3650);

    /** The lead unless told otherwise: a writer's clock a second ahead of the store's. */
    public static final Duration DEFAULT_LEAD = Duration.ofSeconds(1);

    /**
     * Checks the parts.
     *
     * @param field    the field, 1 to 200 characters
     * @param format   the format
     * @param lateness 0 to {@link #MOST}, whole milliseconds
     * @param lead     0 to {@link #MOST}, whole milliseconds
     * @throws IllegalArgumentException naming a blank or long field, or a lateness or lead out of range
     */
    public EventTime {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(format, "format");
        if (field.isBlank() || field.length() > 200) {
            throw new IllegalArgumentException("the event time's field must be 1 to 200 characters, not blank, got \""
                    + (field.length() > 40 ? field.substring(0, 40) + "…" : field) + "\"");
        }
        requireSpan("lateness", lateness);
        requireSpan("lead", lead);
    }

    private static void requireSpan(String what, Duration d) {
        Objects.requireNonNull(d, what);
        if (d.isNegative() || d.compareTo(MOST) > 0 || d.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException("the event time's " + what + " must be whole milliseconds from 0 to " + MOST.toDays()
                    + "d, got " + d);
        }
    }

    /**
     * The event time in {@code field}, epoch milliseconds, no lateness, a lead of
     * {@link #DEFAULT_LEAD}: give the lateness the writers need.
     *
     * @param field the field
     * @return the declaration
     * @throws IllegalArgumentException for a blank or long field
     */
    public static EventTime field(String field) {
        return new EventTime(field, TimeFormat.EPOCH_MILLIS, Duration.ZERO, DEFAULT_LEAD);
    }

    /**
     * The same, written in {@code format}.
     *
     * @param format the format
     * @return the declaration
     */
    public EventTime format(TimeFormat format) {
        return new EventTime(field, format, lateness, lead);
    }

    /**
     * The same, with lateness {@code lateness}.
     *
     * @param lateness 0 to {@link #MOST}, whole milliseconds
     * @return the declaration
     * @throws IllegalArgumentException for one out of range
     */
    public EventTime lateness(Duration lateness) {
        return new EventTime(field, format, lateness, lead);
    }

    /**
     * The same, with lead {@code lead}.
     *
     * @param lead 0 to {@link #MOST}, whole milliseconds
     * @return the declaration
     * @throws IllegalArgumentException for one out of range
     */
    public EventTime lead(Duration lead) {
        return new EventTime(field, format, lateness, lead);
    }

    /**
     * The event time of {@code entry}, as its field writes it.
     *
     * @param entry the entry
     * @return the time in epoch milliseconds; none without the field or a time of the format in it
     */
    public Option<Long> millis(StreamEntry entry) {
        return entry.field(field).flatMap(format::millis);
    }

    /**
     * Where {@code entry} stands by the rule.
     *
     * @param entry the entry
     * @return on time, late, early or untimed
     */
    public Timing timing(StreamEntry entry) {
        Option<Long> e = millis(entry);
        if (e.isEmpty()) {
            return new Timing.Untimed();
        }
        long m = entry.id().ms();
        long t = e.get();
        if (t < m - lateness.toMillis()) {
            return new Timing.Late(t);
        }
        if (t > m + lead.toMillis()) {
            return new Timing.Early(t);
        }
        return new Timing.OnTime(t);
    }

    /**
     * The lowest id an entry of event time {@code eventMillis} or later can have: {@code e - E}.
     *
     * @param eventMillis an event time, epoch milliseconds
     * @return {@code <e - E>-0}, the epoch's at the earliest
     */
    public StreamId lowestId(long eventMillis) {
        return StreamId.of(Math.max(0, eventMillis - lead.toMillis()), 0);
    }

    /**
     * The highest id an entry of event time {@code eventMillis} or earlier can have: {@code e + L}.
     *
     * @param eventMillis an event time, epoch milliseconds
     * @return {@code <e + L>-<the largest sequence>}
     */
    public StreamId highestId(long eventMillis) {
        long ms = eventMillis > Long.MAX_VALUE - lateness.toMillis() ? Long.MAX_VALUE : eventMillis + lateness.toMillis();
        return ms == Long.MAX_VALUE ? StreamId.MAX : StreamId.of(ms, Long.MAX_VALUE);
    }

    /**
     * The ids a read of {@code window} by event time reads: {@code [t0 - E, t1 + L]}, clipped to the id space.
     *
     * @param window a closed window of event times
     * @return the id range
     */
    public Window.Closed reach(Window.Closed window) {
        long t0 = Math.max(0, window.t0().toEpochMilli() - lead.toMillis());
        long t1 = window.t1().toEpochMilli();
        long end = t1 > Long.MAX_VALUE - lateness.toMillis() ? Long.MAX_VALUE : t1 + lateness.toMillis();
        return Window.closed(Instant.ofEpochMilli(t0), Instant.ofEpochMilli(end));
    }

    /**
     * How long after a bucket's end the store's clock must be before no entry of the bucket can
     * still be written: the lateness, added to a closing subscription's or a rollup's skew.
     *
     * @param skew the writers' skew of closing by id time
     * @return {@code skew + L}
     */
    public Duration closesAfter(Duration skew) {
        return Objects.requireNonNull(skew, "skew").plus(lateness);
    }

    /**
     * The stream as its event time orders it: a {@link StreamRangePort} that hands out every entry of
     * {@code range}'s streams that belongs by the rule, in event-time order, at the id
     * {@code <e>-<k>} ({@code k} its rank among the entries of event millisecond {@code e}, in id
     * order), and tells {@code leftOut} of every entry it leaves out (counted by the read whose own
     * range holds the entry's id). Any reader of the domain (windows, series, sessions, closing buckets,
     * rollups) reads through it unchanged, by event time.
     * <pre>{@code
     * LeftOut.Tally missed = new LeftOut.Tally();
     * StreamRangePort byTs = ts.over(redisRange, missed);
     * }</pre>
     *
     * @param range   the stream store, read by id
     * @param leftOut hears each entry left out
     * @return the event-time view
     */
    public StreamRangePort over(StreamRangePort range, LeftOut.Sink leftOut) {
        return new EventTimeView(this, range, leftOut);
    }

    /**
     * A stream's state as its event-time view sees it: what a cache that proves its folds against the
     * state (the engine's {@code ProjectionReader}) may trust. Its last generated id is the last one
     * that is final by event time: any entry written later has an id of {@code m} or more, so an event
     * time of {@code m - L} or more if it is on time, and every event time below that is settled:
     * {@code <m - L - 1>-<the largest sequence>} ({@code 0-0} while none is). A deleted or trimmed
     * entry of id {@code d} had an event time of at most {@code d + E}: the largest deleted id becomes
     * {@code <d + E>-<the largest>}, the first entry {@code f} {@code <f + E + 1>-0} (everything
     * trimmed lies below it). Counts, the last entry and its branded id (a cache's anchor on the real
     * stream) are kept as they are.
     *
     * @param state the state read by id
     * @return the state by event time
     */
    public StreamState settled(StreamState state) {
        Objects.requireNonNull(state, "state");
        long top = state.lastGenerated().ms() - lateness.toMillis() - 1;
        StreamId settledTop = top < 0 ? StreamId.MIN : StreamId.of(top, Long.MAX_VALUE);
        long e = lead.toMillis();
        return new StreamState(state.length(), state.first().map(f -> StreamId.of(plus(f.ms(), e + 1), 0)), state.last(), settledTop,
                state.entriesAdded(), state.maxDeletedEntryId().map(d -> StreamId.of(plus(d.ms(), e), Long.MAX_VALUE)),
                state.recordedFirstEntryId().map(f -> StreamId.of(plus(f.ms(), e + 1), 0)), state.lastBranded());
    }

    private static long plus(long ms, long d) {
        return ms > Long.MAX_VALUE - d ? Long.MAX_VALUE : ms + d;
    }

    /**
     * The state port of the event-time view: each state {@link #settled}, probes answered by the store
     * as they are (they look for the real last entry). With {@link #over(StreamRangePort, LeftOut.Sink)}
     * it lets a caching reader keep folds by event time under the same proofs as by id.
     *
     * @param states the store's state port
     * @return the port by event time
     */
    public StreamStatePort over(StreamStatePort states) {
        Objects.requireNonNull(states, "states");
        return new StreamStatePort() {
            @Override
            public Option<StreamState> state(echomq.domain.stream.StreamKey key) {
                return states.state(key).map(EventTime.this::settled);
            }

            @Override
            public StreamObservation observe(echomq.domain.stream.StreamKey key, StreamId probe) {
                StreamObservation o = states.observe(key, probe);
                return new StreamObservation(o.state().map(EventTime.this::settled), o.probed());
            }
        };
    }

    @Override
    public String toString() {
        return field + " (" + format.spelling() + ", lateness " + lateness.toMillis() + " ms, lead " + lead.toMillis() + " ms)";
    }
}
