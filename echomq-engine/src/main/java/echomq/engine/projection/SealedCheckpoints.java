package echomq.engine.projection;

import echomq.domain.checkpoint.Checkpoint;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.checkpoint.Checkpointable;
import echomq.domain.checkpoint.Checkpoints;
import echomq.domain.fold.Fold;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamObservation;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.window.FoldResult;
import echomq.domain.window.Window;

import io.vavr.control.Option;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * The folds of sealed windows (no entry can enter them any more) of {@link Checkpointable} folds,
 * kept in a {@link CheckpointPort} so that a restarted reader takes them from there instead of the
 * stream, once each is proved to hold for the stream as it is: the same proof as the cache's, and
 * no delete inside the window since.
 */
final class SealedCheckpoints {

    private final Option<CheckpointPort> store;
    private final Duration ttl;
    private final StreamStatePort states;
    private final Clock clock;
    private final ReaderMetrics metrics;

    /** Keeps nothing: every load is none, every save a no-op. */
    static SealedCheckpoints none(StreamStatePort states, Clock clock, ReaderMetrics metrics) {
        return new SealedCheckpoints(Option.none(), Duration.ZERO, states, clock, metrics);
    }

    /**
     * @param store   where checkpoints are kept; none keeps nothing
     * @param ttl     how long a saved checkpoint is kept, above zero when there is a store
     * @param states  observes the stream at a checkpoint's last entry, to prove it still holds
     * @param clock   a checkpoint's time of writing
     * @param metrics counts the checkpoints saved
     * @throws IllegalArgumentException for a store with a ttl not above zero
     */
    SealedCheckpoints(Option<CheckpointPort> store, Duration ttl, StreamStatePort states, Clock clock, ReaderMetrics metrics) {
        this.store = Objects.requireNonNull(store, "checkpoints");
        this.ttl = Objects.requireNonNull(ttl, "ttl");
        if (store.isDefined() && (ttl.isNegative() || ttl.isZero())) {
            throw new IllegalArgumentException("checkpoint ttl must be > 0, got " + ttl);
        }
        this.states = Objects.requireNonNull(states, "states");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    /** The fold of a sealed window from its checkpoint, if there is one and it provably holds. */
    <A> Option<FoldResult<A>> load(StreamKey key, Window.Fixed window, Fold<A> fold, StreamState now) {
        if (store.isEmpty() || !(fold instanceof Checkpointable<A> c) || !Proof.sealed(window, now)) {
            return Option.none();
        }
        Option<Checkpoint> stored = store.get().load(key, fold.name(), window);
        if (stored.isEmpty() || stored.get().version() != fold.version()) {
            return Option.none();
        }
        StreamObservation o = states.observe(key, stored.get().upTo().id());
        // the same stream as this read saw (nothing moved in between), the checkpoint's history, no delete inside since
        if (!o.state().contains(now) || Checkpoints.whyNot(stored.get(), o).isDefined()
                || Proof.deletedInside(stored.get().seen(), now, window)) {
            return Option.none();
        }
        try {
            return Option.some(new FoldResult<>(c.codec().decode(stored.get().state()), window.upper(), 0));
        } catch (IllegalArgumentException unreadable) {
            return Option.none(); // written by a codec this one cannot read: fold afresh
        }
    }

    /**
     * Keeps the fold of a sealed window, when the fold is checkpointable and the window sealed; a
     * store that refuses writes keeps nothing, and the read that folded it is answered all the same.
     */
    <A> void save(StreamKey key, Window.Fixed window, Fold<A> fold, StreamState now, FoldResult<A> result) {
        if (store.isEmpty() || !(fold instanceof Checkpointable<A> c) || !Proof.sealed(window, now) || now.lastEntry().isEmpty()) {
            return;
        }
        Checkpoint cp = new Checkpoint(key, Checkpoint.requireName(fold.name()), fold.version(), window,
                c.codec().encode(result.value()), now.lastEntry().get(), now, clock.instant());
        try {
            if (store.get().save(cp, Option.some(ttl))) {
                metrics.checkpointSaved();
            }
        } catch (echomq.domain.stream.StreamStoreException.WritesRefused refused) {
            // the store is up and refuses writes (out of memory, cannot persist): the fold is answered
            // all the same, as a read is served; its checkpoint is only a head start for a restart
            metrics.checkpointRefused();
        }
    }
}
