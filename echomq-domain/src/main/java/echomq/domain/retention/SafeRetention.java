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
 * TrimReport r = safe.trimReported(StreamKey.of("cm", "guess-scored"), Retention.minAge(Duration.ofDays(7), clock));
 * r.removed();        // entries removed
 * r.plan().holds();   // who kept it from going as far as asked
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
     *
     * @param port        the plain retention that trims
     * @param readers     reads the stream's consumer groups
     * @param checkpoints reads the stream's checkpoints
     * @param states      reads the stream's state, to prove a checkpoint holds
     * @param wholeLog    per stream, the names of the whole-log projections registered for it
     * @throws NullPointerException naming a missing part
     * @throws IllegalArgumentException when a projection name is not a valid one
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

    /**
     * Tells {@code l} of every trim ({@link echomq.domain.observe.EchoEvent.Trimmed}): entries
     * removed, and whether readers held it back.
     *
     * @param l the listener
     * @return this retention
     */
    public SafeRetention observedBy(echomq.domain.observe.EchoListener l) {
        this.listener = Objects.requireNonNull(l, "listener");
        return this;
    }

    /**
     * Who reads {@code key} and from where: each consumer group, then each whole-log projection
     * registered for it (by name; one whose checkpoint is missing or no longer holds needs the
     * whole log).
     *
     * @param key the stream
     * @return the holds, groups first
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
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

    /**
     * Trims {@code key} as far as {@code retention} asks and its readers allow ({@link RetentionPolicy#plan}),
     * and tells the listener.
     *
     * @param key       the stream
     * @param retention what to keep
     * @return what was asked, what ran, who held it back and how many entries were removed
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
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

    /**
     * As {@link #trimReported}: never past what a reader needs.
     *
     * @param key       the stream
     * @param retention what to keep
     * @return the number of entries removed
     * @throws echomq.domain.stream.StreamStoreException when the store fails
     */
    @Override
    public long trim(StreamKey key, Retention retention) {
        return trimReported(key, retention).removed();
    }

    /**
     * As the underlying port's.
     *
     * @param key the stream
     * @param n   how many of the newest entries to keep
     * @return the id a trim to the newest {@code n} would keep from; none when the stream holds no more
     */
    @Override
    public Option<StreamId> newestFrom(StreamKey key, long n) {
        return port.newestFrom(key, n);
    }
}
