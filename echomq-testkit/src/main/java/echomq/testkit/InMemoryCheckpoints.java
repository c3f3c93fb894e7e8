package echomq.testkit;

import echomq.domain.checkpoint.Checkpoint;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.stream.EntryMark;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Window;
import echomq.domain.stream.StreamRangePort;
import io.vavr.control.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link CheckpointPort} in memory, for tests without Redis: it keeps a stored checkpoint against
 * an older one just as the Redis store does, proving through {@code range} that the stored one
 * still holds. Expiry is not modelled (checkpoints stay), but the time to live each save asked for is
 * kept, for a test to check ({@link #ttl}).
 */
public final class InMemoryCheckpoints implements CheckpointPort {

    private record Slot(StreamKey stream, String projection, Window.Fixed window) {
    }

    private final StreamRangePort range;
    private final Map<Slot, Checkpoint> stored = new ConcurrentHashMap<>();
    private final Map<Slot, Option<Duration>> ttls = new ConcurrentHashMap<>();

    /**
     * Checkpoints of the streams {@code range} reads, none stored yet.
     * <pre>{@code
     * InMemoryStreams streams = new InMemoryStreams();
     * ProjectionReader reader = new ProjectionReader(streams, streams, clock, 100, 1000,
     *         new InMemoryCheckpoints(streams), Duration.ofDays(1));
     * }</pre>
     *
     * @param range reads the entry a stored checkpoint folded up to, to prove it still holds
     */
    public InMemoryCheckpoints(StreamRangePort range) {
        this.range = Objects.requireNonNull(range, "range");
    }

    @Override
    public synchronized boolean save(Checkpoint c, Option<Duration> ttl) {
        Objects.requireNonNull(c, "checkpoint");
        Slot slot = new Slot(c.stream(), c.projection(), c.window());
        Checkpoint old = stored.get(slot);
        if (old != null && old.version() == c.version() && old.upTo().id().compareTo(c.upTo().id()) >= 0 && holds(old)) {
            return false;
        }
        stored.put(slot, c);
        ttls.put(slot, Objects.requireNonNull(ttl, "ttl"));
        return true;
    }

    private boolean holds(Checkpoint c) {
        return range.range(c.stream(), c.upTo().id(), c.upTo().id(), 1).stream().map(EntryMark::of).anyMatch(c.upTo()::equals);
    }

    @Override
    public Option<Checkpoint> load(StreamKey stream, String projection, Window.Fixed window) {
        return Option.of(stored.get(new Slot(stream, Checkpoint.requireName(projection), window)));
    }

    /**
     * The time to live the last save of a checkpoint asked for.
     * <pre>{@code
     * checkpoints.ttl(key, "count", Window.closed(t0, t1));   // Some(PT1H0.999S), None for ever, or None when never saved
     * }</pre>
     *
     * @param stream     the stream folded
     * @param projection the fold's name
     * @param window     the window folded
     * @return none when nothing was saved there or it was saved for ever; else its time to live
     */
    public Option<Duration> ttl(StreamKey stream, String projection, Window.Fixed window) {
        return Option.of(ttls.get(new Slot(stream, Checkpoint.requireName(projection), window))).flatMap(t -> t);
    }

    @Override
    public List<Checkpoint> list(StreamKey stream) {
        List<Checkpoint> out = new ArrayList<>();
        stored.forEach((slot, c) -> {
            if (slot.stream().equals(stream)) {
                out.add(c);
            }
        });
        out.sort(Comparator.comparing(Checkpoint::projection).thenComparing(c -> c.window().bounds()));
        return out;
    }
}
