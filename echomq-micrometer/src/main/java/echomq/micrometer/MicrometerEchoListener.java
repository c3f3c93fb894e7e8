package echomq.micrometer;

import echomq.domain.observe.EchoEvent;
import echomq.domain.observe.EchoListener;
import echomq.domain.stream.StreamKey;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The library's {@link EchoListener} on a Micrometer {@link MeterRegistry}. Meters (base units,
 * tags {@code queue}, {@code stream}, {@code projection}, {@code group}, {@code value}; all bounded):
 * <ul>
 *   <li>{@code echomq.projection.reads} (timer, {@code projection}): each read of one stream's window;</li>
 *   <li>{@code echomq.projection.folds} (counter, {@code projection}, {@code queue}, {@code stream},
 *       {@code result} = hit, incremental, full, checkpoint) and {@code echomq.projection.entries}
 *       (counter, same tags but {@code result}): entries folded;</li>
 *   <li>{@code echomq.projection.evictions} (counter); {@code echomq.stream.state.reads} (counter,
 *       {@code queue}, {@code stream});</li>
 *   <li>{@code echomq.append} (timer, {@code queue}, {@code stream}): each pipeline of appends;
 *       {@code echomq.append.records} (counter): records landed; {@code echomq.append.refusals}
 *       (counter, {@code reason} = reminted, non_monotonic);</li>
 *   <li>{@code echomq.retention.removed} (counter, entries) and {@code echomq.retention.held.back}
 *       (counter, trims readers held back), {@code queue}, {@code stream};</li>
 *   <li>{@code echomq.group.pending} and {@code echomq.group.lag} (gauges, {@code queue},
 *       {@code stream}, {@code group}): as last read; lag -1 when the server cannot say;</li>
 *   <li>{@code echomq.subscription.reconnects} (counter, {@code queue}, {@code stream}) and
 *       {@code echomq.subscription.conflations} (counter, {@code value}).</li>
 * </ul>
 * <pre>{@code
 * EchoListener metrics = new MicrometerEchoListener(registry);
 * reader.observedBy(metrics); appender.observedBy(metrics); followers.observedBy(metrics);
 * }</pre>
 * Meters are registered on first use and kept, so an event costs a map lookup and an increment.
 */
public final class MicrometerEchoListener implements EchoListener {

    private final MeterRegistry registry;
    private final Map<Object, Object> meters = new ConcurrentHashMap<>();
    private final Map<Object, AtomicLong> gauges = new ConcurrentHashMap<>();

    /**
     * A listener that registers its meters in {@code registry} as events arrive (none before the
     * first): a stream, projection or group never seen has no meter yet.
     *
     * @param registry where the meters go; use one listener per registry: a second would share the
     *                 first's counters and timers, but Micrometer keeps the first gauge of a name and
     *                 tags, so the second's gauges would never show
     */
    public MicrometerEchoListener(MeterRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    /** What names a meter: its name and the values its tags are made of (tags are built once, on first use). */
    private record MeterKey(String name, Object a, Object b, Object c) {
    }

    private static Tags of(StreamKey s) {
        return Tags.of("queue", s.queue(), "stream", s.name());
    }

    private Counter counter(String name, Object a, Object b, Object c, java.util.function.Supplier<Tags> tags) {
        return (Counter) meters.computeIfAbsent(new MeterKey(name, a, b, c), k -> Counter.builder(name).tags(tags.get()).register(registry));
    }

    private Timer timer(String name, Object a, java.util.function.Supplier<Tags> tags) {
        return (Timer) meters.computeIfAbsent(new MeterKey(name, a, null, null), k -> Timer.builder(name).tags(tags.get()).register(registry));
    }

    private AtomicLong gauge(String name, StreamKey stream, String group) {
        return gauges.computeIfAbsent(new MeterKey(name, stream, group, null), k -> {
            AtomicLong v = new AtomicLong();
            Gauge.builder(name, v, AtomicLong::get).tags(of(stream).and("group", group)).register(registry);
            return v;
        });
    }

    /**
     * Counts, times or sets the gauges of {@code event} on the meters listed above; an event with
     * no meter here is ignored.
     *
     * @param event what the library just did
     */
    @Override
    public void on(EchoEvent event) {
        if (event instanceof EchoEvent.Folded f) {
            counter("echomq.projection.folds", f.stream(), f.projection(), f.kind(), () -> of(f.stream()).and("projection", f.projection())
                    .and("result", f.kind().name().toLowerCase(Locale.ROOT))).increment();
            if (f.entries() > 0) {
                counter("echomq.projection.entries", f.stream(), f.projection(), null, () -> of(f.stream()).and("projection", f.projection()))
                        .increment(f.entries());
            }
        } else if (event instanceof EchoEvent.Read r) {
            timer("echomq.projection.reads", r.projection(), () -> Tags.of("projection", r.projection()))
                    .record(r.nanos(), TimeUnit.NANOSECONDS);
        } else if (event instanceof EchoEvent.Evicted) {
            counter("echomq.projection.evictions", null, null, null, Tags::empty).increment();
        } else if (event instanceof EchoEvent.StateRead s) {
            counter("echomq.stream.state.reads", s.stream(), null, null, () -> of(s.stream())).increment();
        } else if (event instanceof EchoEvent.Appended a) {
            timer("echomq.append", a.stream(), () -> of(a.stream())).record(a.nanos(), TimeUnit.NANOSECONDS);
            counter("echomq.append.records", a.stream(), null, null, () -> of(a.stream())).increment(a.records());
        } else if (event instanceof EchoEvent.AppendRefused r) {
            counter("echomq.append.refusals", r.stream(), r.reason(), null,
                    () -> of(r.stream()).and("reason", r.reason().name().toLowerCase(Locale.ROOT))).increment(r.records());
        } else if (event instanceof EchoEvent.Trimmed t) {
            counter("echomq.retention.removed", t.stream(), null, null, () -> of(t.stream())).increment(t.removed());
            Counter held = counter("echomq.retention.held.back", t.stream(), null, null, () -> of(t.stream()));
            if (t.heldBack()) {
                held.increment();
            }
        } else if (event instanceof EchoEvent.GroupObserved g) {
            gauge("echomq.group.pending", g.stream(), g.group()).set(g.pending());
            gauge("echomq.group.lag", g.stream(), g.group()).set(g.lag());
        } else if (event instanceof EchoEvent.Reconnected r) {
            counter("echomq.subscription.reconnects", r.stream(), null, null, () -> of(r.stream())).increment();
        } else if (event instanceof EchoEvent.Conflated c) {
            counter("echomq.subscription.conflations", c.value(), null, null, () -> Tags.of("value", c.value())).increment();
        }
    }
}
