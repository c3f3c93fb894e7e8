package echomq.domain.checkpoint;

import echomq.domain.fold.Fold;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamObservation;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.window.FoldResult;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import io.vavr.control.Either;
import io.vavr.control.Option;

import java.time.Clock;
import java.time.Instant;
import java.util.Objects;

/**
 * Folds of a whole stream that start from the newest valid checkpoint and fold only the tail, so
 * that retention may remove what a checkpoint already holds. A checkpoint of another version, of
 * another incarnation of the stream, or whose tail was trimmed away is never trusted: the fold
 * then starts from the beginning of what the stream holds, and says why.
 * <pre>{@code
 * Checkpoints checkpoints = new Checkpoints(range, states, store, clock);
 * Checkpoints.Resumed<Map<String, Integer>> r =
 *         checkpoints.foldLog(StreamKey.of("cm", "guess-scored"), boards, codec, 1_000);
 * r.value();      // the boards, folded from the checkpoint (if one held) plus the tail
 * r.ignored();    // why a stored checkpoint was not used, if one was not
 * }</pre>
 */
public final class Checkpoints {

    private final StreamWindows windows;
    private final StreamStatePort states;
    private final CheckpointPort store;
    private final Clock clock;

    /**
     * Over the stream's range and state reads, the checkpoint store and a clock.
     *
     * @param range  reads the tail
     * @param states reads the stream's state, to check a checkpoint still holds
     * @param store  keeps the checkpoints
     * @param clock  stamps {@link Checkpoint#savedAt()}
     */
    public Checkpoints(StreamRangePort range, StreamStatePort states, CheckpointPort store, Clock clock) {
        this.windows = new StreamWindows(Objects.requireNonNull(range, "range"));
        this.states = Objects.requireNonNull(states, "states");
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * A fold of the whole log.
     *
     * @param value        the accumulator
     * @param from         the checkpoint it started from, if one was valid
     * @param ignored      why a stored checkpoint was not used, if there was one
     * @param tailEntries  entries folded after the checkpoint (all of them without one)
     * @param saved        whether a new checkpoint was saved
     * @param <A>          the accumulator
     */
    public record Resumed<A>(A value, Option<Checkpoint> from, Option<String> ignored, long tailEntries, boolean saved) {
    }

    /**
     * The fold of every entry of the stream: the newest valid checkpoint of {@code projection} plus
     * the tail. Saves a new checkpoint when the tail held at least {@code saveAfter} entries
     * ({@code 1}: whenever anything was folded; {@code Long.MAX_VALUE}: never). A store that refuses
     * writes ({@link echomq.domain.stream.StreamStoreException.WritesRefused}: out of memory, cannot
     * persist) saves nothing, and the fold is answered all the same ({@code saved} false).
     *
     * @param key        the stream
     * @param projection the fold; its name and version key the checkpoint
     * @param codec      how its accumulator is written into a checkpoint and read back
     * @param saveAfter  the fewest tail entries worth a new checkpoint, at least 1
     * @param <A>        the accumulator
     * @return the value, the checkpoint it started from or why a stored one was ignored, the tail's
     *         size and whether a new checkpoint was saved
     * @throws IllegalArgumentException when {@code saveAfter} is below 1 or the projection's name is not a valid one
     * @throws echomq.domain.window.FoldInterruptedException when the store fails mid-fold
     * @throws echomq.domain.stream.StreamStoreException when the store fails otherwise
     */
    public <A> Resumed<A> foldLog(StreamKey key, Fold<A> projection, StateCodec<A> codec, long saveAfter) {
        Objects.requireNonNull(projection, "projection");
        Objects.requireNonNull(codec, "codec");
        if (saveAfter < 1) {
            throw new IllegalArgumentException("saveAfter must be >= 1, got " + saveAfter);
        }
        String projectionName = Checkpoint.requireName(projection.name());
        Option<Checkpoint> stored = store.load(key, projectionName, Checkpoint.WHOLE_LOG);
        // a stored checkpoint is either used or ignored for a reason; none stored is neither
        Option<Either<String, Checkpoint>> checked = stored.map(c -> validate(c, projection));
        Option<Checkpoint> from = checked.flatMap(Either::toOption);
        Option<String> ignored = checked.flatMap(valid -> valid.swap().toOption());
        FoldResult<A> start = from.isDefined()
                ? new FoldResult<>(codec.decode(from.get().state()), Option.some(from.get().upTo().id()), 0)
                : FoldResult.empty(projection.initial());
        FoldResult<A> done = windows.resume(key, Window.since(Instant.EPOCH), projection, start, StreamWindows.DEFAULT_PAGE_SIZE);
        boolean saved = false;
        if (done.entries() >= saveAfter && done.last().isDefined()) {
            StreamObservation at = states.observe(key, done.last().get());
            // the mark of the last entry folded, read with the state it belongs to; gone already: save next time
            if (at.state().isDefined() && at.probed().isDefined()) {
                try {
                    saved = store.save(new Checkpoint(key, projectionName, projection.version(), Checkpoint.WHOLE_LOG,
                            codec.encode(done.value()), at.probed().get(), at.state().get(), clock.instant()));
                } catch (echomq.domain.stream.StreamStoreException.WritesRefused refused) {
                    saved = false; // the store serves reads and refuses writes: the fold is answered, saved next time
                }
            }
        }
        return new Resumed<>(done.value(), from, ignored, done.entries(), saved);
    }

    /** The checkpoint if it still describes this stream, or why not. */
    private <A> Either<String, Checkpoint> validate(Checkpoint c, Fold<A> projection) {
        if (c.version() != projection.version()) {
            return Either.left("it is of version " + c.version() + ", the projection is version " + projection.version());
        }
        return whyNot(c, states.observe(c.stream(), c.upTo().id())).toEither(c).swap();
    }

    /**
     * Why checkpoint {@code c} does not hold for the stream as {@code now} saw it (probing
     * {@code c.upTo()}): the stream is gone, its tail was trimmed past {@code upTo}, or it is not the
     * stream the checkpoint was taken of. Pure; retention asks it too.
     *
     * @param c   the checkpoint
     * @param now the stream's state and the entry at {@code c.upTo().id()}, read at one instant
     * @return the reason in words; none when the checkpoint holds
     */
    public static Option<String> whyNot(Checkpoint c, StreamObservation now) {
        if (now.state().isEmpty()) {
            return Option.some("the stream is gone");
        }
        StreamState s = now.state().get();
        if (now.probed().contains(c.upTo()) && c.seen().canPrecede(s)) {
            return Option.none();
        }
        boolean sameHistory = c.seen().canPrecede(s);
        if (sameHistory && now.probed().isEmpty() && s.first().forAll(first -> first.compareTo(c.upTo().id()) > 0)) {
            return Option.some("its tail was trimmed: entry " + c.upTo().id() + " it is folded up to is gone");
        }
        return Option.some("the stream is not the one it was taken of (deleted and created again, replaced, restored or failed over):"
                + " entry " + c.upTo().id() + (now.probed().isEmpty() ? " is gone" : " is another record"));
    }
}
