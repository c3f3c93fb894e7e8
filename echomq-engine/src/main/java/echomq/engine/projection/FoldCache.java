package echomq.engine.projection;

import echomq.domain.fold.Fold;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;
import echomq.domain.window.FoldResult;
import echomq.domain.window.Window;

import io.vavr.control.Option;

import java.time.Duration;
import java.util.Objects;

/**
 * Folds of fixed windows, kept while they provably hold. For what one state read saw:
 * <ul>
 *   <li>nothing appended into the window and nothing deleted inside it since the kept fold: the
 *       kept accumulator, no range read;</li>
 *   <li>only appends: the kept accumulator folded on with just the entries after the last one
 *       folded (entries can only be added above the stream's last-generated id);</li>
 *   <li>a delete or trim that may have reached into the window, another lineage, or nothing kept:
 *       the sealed window's checkpoint, or a full fold.</li>
 * </ul>
 * Only folds that lie within the state they were checked against are kept (an entry appended
 * between the state read and the range read makes the fold unprovable next time).
 */
final class FoldCache {

    /** A kept fold, the state it was folded at and the lineage it belongs to. */
    private record Cached(FoldResult<?> result, StreamState foldedAt, long lineage) {
    }

    /**
     * A kept fold of a window whose start stays and whose end moves on: every entry from the start
     * up to {@code covered} is in it (the smaller of the end it was folded to and the top it saw).
     */
    private record Growing(FoldResult<?> result, StreamId covered, StreamState foldedAt, long lineage) {
    }

    private final Reads reads;
    private final SealedCheckpoints checkpoints;
    private final Lru<SlotKey, Cached> cache;
    /** Apart from {@link #cache}: a growing fold of a window is not the fold of that window. */
    private final Lru<SlotKey, Growing> growing;

    /**
     * @param reads          the window folds, page size and counts
     * @param checkpoints    where a sealed window's fold is taken from, and saved to, when nothing kept holds
     * @param maxCachedFolds the most folds kept (windows and panes), and apart from them the most growing folds, at least 1
     * @throws IllegalArgumentException for a cache size below 1
     */
    FoldCache(Reads reads, SealedCheckpoints checkpoints, int maxCachedFolds) {
        this.reads = Objects.requireNonNull(reads, "reads");
        this.checkpoints = Objects.requireNonNull(checkpoints, "checkpoints");
        this.cache = new Lru<>(maxCachedFolds, reads.metrics()::evicted);
        this.growing = new Lru<>(maxCachedFolds, reads.metrics()::evicted);
    }

    /** How many folds are kept now, growing ones too. */
    int size() {
        return cache.size() + growing.size();
    }

    /** The fold of {@code window} as {@code seen} proves it, from what is kept where that is the same answer. */
    <A> A fold(StreamKey key, Window.Fixed window, Fold<A> fold, Seen seen) {
        return fold(key, window, fold, seen, Option.none());
    }

    /**
     * The fold of {@code window}, a pane or bucket of a sliding range of length {@code readFor} (none:
     * a window asked for as it is), as {@code seen} proves it; its checkpoint lives as long as that
     * range can read it.
     */
    @SuppressWarnings("unchecked")
    <A> A fold(StreamKey key, Window.Fixed window, Fold<A> fold, Seen seen, Option<Duration> readFor) {
        SlotKey slot = SlotKey.of(key, window, fold);
        if (seen.state().isEmpty()) {
            cache.remove(slot);
            reads.metrics().absent();
            return fold.initial(); // no stream: the empty fold, nothing to read
        }
        StreamState now = seen.state().get();
        Option<Cached> cached = cache.get(slot);
        FoldResult<A> result;
        if (cached.isDefined() && Proof.holds(cached.get().foldedAt(), cached.get().lineage(), seen, window)) {
            FoldResult<A> before = (FoldResult<A>) cached.get().result();
            StreamId seenTop = cached.get().foldedAt().lastGenerated();
            if (Proof.nothingNew(cached.get().foldedAt(), now, window)) {
                reads.metrics().hit(fold, key);
                return before.value();
            }
            // only appends: everything new is above what the stream held when we folded, so fold on
            // from there ("last" then means "folded up to here", which is all a resume needs)
            StreamId from = before.last().filter(l -> l.compareTo(seenTop) >= 0).getOrElse(seenTop);
            result = reads.upToState(key, window, fold, new FoldResult<>(before.value(), Option.some(from), before.entries()), now);
            reads.metrics().incremental(fold, key, result.entries() - before.entries());
            if (!Proof.sealed(window, cached.get().foldedAt())) {
                // folded on as it grew (the open pane of a sliding window): kept as a full fold would have been, once it seals
                checkpoints.save(key, window, fold, now, result, readFor);
            }
        } else {
            Option<FoldResult<A>> kept = checkpoints.load(key, window, fold, now);
            if (kept.isDefined()) {
                result = kept.get();
                reads.metrics().fromCheckpoint(fold, key);
            } else {
                result = reads.upToState(key, window, fold, FoldResult.empty(fold.initial()), now);
                reads.metrics().full(fold, key, result.entries());
                checkpoints.save(key, window, fold, now, result, readFor);
            }
        }
        // folded past the state it was checked against (an append raced the read): not provable next time
        cache.keepIf(Proof.withinState(result.last(), now), slot, new Cached(result, now, seen.lineage()));
        return result.value();
    }

    /**
     * The fold of {@code window}, a window whose start stays while its end moves on from read to read
     * (the last bucket of a sliding series, clipped at now): kept under its start, and folded on from
     * what the kept fold covered to the new end, so a read costs the entries since, not the window.
     * That is the fold of the window while the history is the same, nothing was deleted in it, and
     * the new end is not below what the kept fold covered (a clock stepped back): else a full fold.
     * Entries after the end (another writer's clock ahead of this one) are left for a later read,
     * as the window excludes them; what was folded is what the window held at the state read.
     */
    <A> A foldGrowing(StreamKey key, Window.Closed window, Fold<A> fold, Seen seen) {
        SlotKey slot = SlotKey.of(key, Window.since(window.t0()), fold);
        if (seen.state().isEmpty()) {
            growing.remove(slot);
            reads.metrics().absent();
            return fold.initial();
        }
        StreamState now = seen.state().get();
        StreamId end = window.upper().get();
        Option<Growing> kept = growing.get(slot);
        FoldResult<A> result;
        if (kept.isDefined() && Proof.holds(kept.get().foldedAt(), kept.get().lineage(), seen, window)
                && end.compareTo(kept.get().covered()) >= 0) {
            @SuppressWarnings("unchecked")
            FoldResult<A> before = (FoldResult<A>) kept.get().result();
            // every entry of the window up to `covered` is folded, and none can be added there (appends go above the top)
            result = reads.upToState(key, window, fold, new FoldResult<>(before.value(), Option.some(kept.get().covered()), before.entries()), now);
            reads.metrics().incremental(fold, key, result.entries() - before.entries());
        } else {
            result = reads.upToState(key, window, fold, FoldResult.empty(fold.initial()), now);
            reads.metrics().full(fold, key, result.entries());
        }
        StreamId covered = end.compareTo(now.lastGenerated()) <= 0 ? end : now.lastGenerated();
        growing.keepIf(Proof.withinState(result.last(), now), slot, new Growing(result, covered, now, seen.lineage()));
        return result.value();
    }

    /**
     * The fold of {@code window} afresh, not kept: for windows whose start moves with every read,
     * which would never be hit again and would only push out folds that are.
     */
    <A> A foldUnkept(StreamKey key, Window.Fixed window, Fold<A> fold, Seen seen) {
        if (seen.state().isEmpty()) {
            reads.metrics().absent();
            return fold.initial();
        }
        FoldResult<A> r = reads.windows().foldDetailed(key, window, fold, reads.pageSize());
        reads.metrics().full(fold, key, r.entries());
        return r.value();
    }
}
