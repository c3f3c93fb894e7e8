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
 *
 * <p>A checkpoint costs what it holds and lives as long as it can be read: a window that folded no
 * entry is not saved (its fold is the initial value, and reading its empty range again after a
 * restart costs less than the key), and the checkpoint of a window that only a sliding read can ask
 * for (a pane or bucket of {@code last(d)}) expires once that read has slid past it, at its end plus
 * {@code d}, rather than after the reader's whole {@code ttl}.
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
     * Keeps the fold of a sealed window, when the fold is checkpointable, the window sealed and not
     * empty; a store that refuses writes keeps nothing, and the read that folded it is answered all
     * the same.
     *
     * @param readFor how long after its end the window can still be read: the length of the sliding
     *                range it is a pane or bucket of; none for a window asked for as it is (kept for
     *                the reader's ttl)
     */
    <A> void save(StreamKey key, Window.Fixed window, Fold<A> fold, StreamState now, FoldResult<A> result,
                  Option<Duration> readFor) {
        if (store.isEmpty() || !(fold instanceof Checkpointable<A> c) || !Proof.sealed(window, now) || now.lastEntry().isEmpty()
                || result.entries() == 0) {
            return;
        }
        Option<Duration> keep = keep(window, readFor);
        if (keep.isEmpty()) {
            return; // no sliding read can reach it any more
        }
        Checkpoint cp = new Checkpoint(key, Checkpoint.requireName(fold.name()), fold.version(), window,
                c.codec().encode(result.value()), now.lastEntry().get(), now, clock.instant());
        try {
            if (store.get().save(cp, keep)) {
                metrics.checkpointSaved();
            }
        } catch (echomq.domain.stream.StreamStoreException.WritesRefused refused) {
            // the store is up and refuses writes (out of memory, cannot persist): the fold is answered
            // all the same, as a read is served; its checkpoint is only a head start for a restart
            metrics.checkpointRefused();
        }
    }

    /**
     * How long to keep the checkpoint of {@code window}: the reader's ttl, or less when it can be read
     * only until its end plus {@code readFor} (a second more, so that a read at that very instant
     * still finds it); none when that time has passed.
     */
    private Option<Duration> keep(Window.Fixed window, Option<Duration> readFor) {
        if (readFor.isEmpty() || window.upper().isEmpty()) {
            return Option.some(ttl);
        }
        long endMs = window.upper().get().ms();
        long untilMs = endMs > Long.MAX_VALUE - readFor.get().toMillis() - 1_000 ? Long.MAX_VALUE : endMs + readFor.get().toMillis() + 1_000;
        long left = untilMs - clock.millis();
        if (left <= 0) {
            return Option.none();
        }
        return Option.some(left < ttl.toMillis() ? Duration.ofMillis(left) : ttl);
    }
}
