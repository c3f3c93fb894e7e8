package echomq.domain.retention;

import echomq.domain.checkpoint.Checkpoint;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.checkpoint.Checkpoints;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamStatePort;
import io.vavr.collection.List;
import io.vavr.collection.Map;
import io.vavr.collection.Set;
import io.vavr.control.Option;

import java.util.Objects;

/**
 * Retention that never removes what a reader still needs: a {@link StreamRetentionPort} that,
 * before each trim, hears the stream's consumer groups (pending and undelivered entries) and the
 * checkpoints of the whole-log projections registered for it (the entry each is folded up to and
 * its tail; a registered projection with no checkpoint yet holds the whole log), lowers the trim
 * to the safe horizon ({@link RetentionPolicy#plan}) and reports who held it back.
 * <pre>{@code
 * SafeRetention safe = new SafeRetention(port, readers, checkpoints, states,
 *         HashMap.of(StreamKey.of("cm", "guess-scored"), HashSet.of("boards+tally")));
 * TrimReport r = safe.trimReported("cm", "guesses", Retention.minAge(Duration.ofDays(7), clock));
 * }</pre>
 */
public final class SafeRetention implements StreamRetentionPort {

    private final StreamRetentionPort port;
    private final StreamReadersPort readers;
    private final CheckpointPort checkpoints;
    private final StreamStatePort states;
    private final Map<StreamKey, Set<String>> wholeLog;

    /**
     * Trims through {@code port}, hearing {@code readers} and the checkpoints of the {@code wholeLog}
     * projections of each stream; a checkpoint counts only while it holds for the stream (proved
     * through {@code states} as a rebuild proves it), else its projection needs the whole log.
     */
    public SafeRetention(StreamRetentionPort port, StreamReadersPort readers, CheckpointPort checkpoints, StreamStatePort states,
                         Map<StreamKey, Set<String>> wholeLog) {
        this.port = Objects.requireNonNull(port, "port");
        this.readers = Objects.requireNonNull(readers, "readers");
        this.checkpoints = Objects.requireNonNull(checkpoints, "checkpoints");
        this.states = Objects.requireNonNull(states, "states");
        this.wholeLog = Objects.requireNonNull(wholeLog, "wholeLog");
        wholeLog.values().flatMap(s -> s).forEach(Checkpoint::requireName);
    }

    private volatile echomq.domain.observe.EchoListener listener = echomq.domain.observe.EchoListener.NONE;

    /** Tells {@code l} of every trim: entries removed, and whether readers held it back. Returns this. */
    public SafeRetention observedBy(echomq.domain.observe.EchoListener l) {
        this.listener = Objects.requireNonNull(l, "listener");
        return this;
    }

    /** Who reads {@code key} and from where. */
    public List<Hold> holds(StreamKey key) {
        List<Hold> groups = List.ofAll(readers.groups(key)).map(Hold::of);
        List<Checkpoint> stored = List.ofAll(checkpoints.list(key)).filter(Checkpoint::wholeLog);
        List<Hold> projections = List.ofAll(wholeLog.get(key).getOrElse(io.vavr.collection.HashSet.empty())).sorted()
                .map(name -> stored.find(c -> c.projection().equals(name)).map(this::holdOf).getOrElse(() -> Hold.noCheckpoint(name)));
        return groups.appendAll(projections);
    }

    /** A checkpoint that holds keeps its entry and tail; one that does not is no checkpoint at all. */
    private Hold holdOf(Checkpoint c) {
        return Checkpoints.whyNot(c, states.observe(c.stream(), c.upTo().id()))
                .map(why -> new Hold("projection " + c.projection(), StreamId.MIN, "its checkpoint no longer holds (" + why
                        + "): it needs the whole log"))
                .getOrElse(() -> Hold.of(c));
    }

    @Override
    public TrimReport trimReported(StreamKey key, Retention retention) {
        Objects.requireNonNull(retention, "retention");
        Option<StreamId> keepFrom;
        if (retention instanceof Retention.MaxLen m) {
            keepFrom = port.newestFrom(key, m.n());
        } else if (retention instanceof Retention.MinId m) {
            keepFrom = Option.some(m.minId());
        } else {
            keepFrom = Option.some(((Retention.MinEntryId) retention).minId());
        }
        TrimPlan plan = RetentionPolicy.plan(retention, keepFrom, holds(key));
        long removed = plan.effective().map(r -> port.trim(key, r)).getOrElse(0L);
        echomq.domain.observe.EchoListener.tell(listener, new echomq.domain.observe.EchoEvent.Trimmed(key, removed, plan.heldBack()));
        return new TrimReport(key, plan, removed);
    }

    @Override
    public long trim(StreamKey key, Retention retention) {
        return trimReported(key, retention).removed();
    }

    @Override
    public Option<StreamId> newestFrom(StreamKey key, long n) {
        return port.newestFrom(key, n);
    }
}
