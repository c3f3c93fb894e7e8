/**
 * Event time: windows by the time an entry carries in a field of its own ({@code ts}), where a
 * window by id goes by the time the store minted its id.
 *
 * <p>A stream declares its {@link echomq.domain.eventtime.EventTime}: the field, its
 * {@link echomq.domain.eventtime.TimeFormat}, a lateness {@code L} (how long after its event time an
 * entry may still be written) and a lead {@code E} (how far a writer's clock may run ahead of the
 * store's). An entry with id milliseconds {@code m} and event time {@code e} belongs to the windows
 * of {@code e} when {@code m - L <= e <= m + E}; any other, and one whose field is missing or no
 * time, belongs to none and is {@link echomq.domain.eventtime.LeftOut left out}, counted, never
 * dropped in silence. So the window {@code [t0, t1]} by event time is the id range
 * {@code [t0 - E, t1 + L]} filtered by the rule: the seed's bound math widened by two constants,
 * a pure function of the log.
 *
 * <p>{@link echomq.domain.eventtime.EventTime#over} is the stream as its event time orders it, a
 * {@link echomq.domain.stream.StreamRangePort}: every entry that belongs, in event-time order, each
 * handed out at the id {@code <e>-<k>} (its event millisecond, and its rank among the entries of that
 * millisecond in id order). Windows, buckets, sessions, closing buckets and rollups read through it
 * unchanged, by event time.
 * <pre>{@code
 * EventTime ts = EventTime.field("ts").format(TimeFormat.EPOCH_MILLIS).lateness(Duration.ofMinutes(5));
 * LeftOut.Tally missed = new LeftOut.Tally();
 * StreamWindows byEventTime = new StreamWindows(ts.over(range, missed));
 * Series<Long> perMinute = byEventTime.foldSeries(orders, Buckets.tumbling(Duration.ofMinutes(1)), lastHour, count);
 * missed.counts();   // LeftOut[late=3, early=0, untimed=1]: met by the read, in no bucket
 * }</pre>
 */
package echomq.domain.eventtime;
