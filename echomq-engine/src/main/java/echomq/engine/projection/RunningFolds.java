package echomq.engine.projection;

import echomq.domain.fold.Fold;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;
import echomq.domain.window.FoldResult;
import echomq.domain.window.Window;

import io.vavr.control.Option;

import java.time.Instant;
import java.util.Objects;

/**
 * Sliding windows of {@link InvertibleFold}s (counts, sums, per-key totals), kept running: what was
 * appended since the last read is folded in, what slid out of the window is read once more and
 * retracted. A read costs those entries and nothing else, however long the window. A running fold
 * is kept while it provably holds (as a cached fold does); otherwise, and when the window moved
 * back (the clock did), it is folded afresh.
 */
final class RunningFolds {

    /** The window from {@code from} on, folded up to the result's last id, at {@code foldedAt}. */
    private record Running(FoldResult<?> result, StreamId from, StreamState foldedAt, long lineage) {
    }

    private final Reads reads;
    private final Lru<SlotKey, Running> running = new Lru<>(64);

    /** Keeps up to 64 running folds (one per stream, window length and fold in use). */
    RunningFolds(Reads reads) {
        this.reads = Objects.requireNonNull(reads, "reads");
    }

    /** The fold of {@code [start, ∞)}, the window {@code window} as it stands now. */
    @SuppressWarnings("unchecked")
    <A> A fold(StreamKey key, Window.Sliding window, Instant start, InvertibleFold<A> fold, Seen seen) {
        StreamState now = seen.state().get();
        // one running fold per length, whatever the pane: the pane changes nothing for a running fold
        SlotKey slot = SlotKey.of(key, Window.last(window.length()), fold);
        StreamId from = StreamId.floor(start);
        Window.Since since = Window.since(start);
        Option<Running> kept = running.get(slot);
        FoldResult<A> result;
        if (kept.isDefined() && kept.get().lineage() == seen.lineage() && !from.isBefore(kept.get().from())
                && !Proof.deletedInside(kept.get().foldedAt(), now, Window.since(kept.get().from().instant()))) {
            Running held = kept.get();
            FoldResult<A> before = (FoldResult<A>) held.result();
            StreamId seenTop = held.foldedAt().lastGenerated();
            // everything of the window up to here was folded; anything above is new
            StreamId upTo = before.last().filter(l -> l.compareTo(seenTop) >= 0).getOrElse(seenTop);
            FoldResult<A> left = before;
            long moved = 0;
            if (from.isAfter(held.from()) && from.ms() > 0) {
                StreamId below = StreamId.of(from.ms() - 1, Long.MAX_VALUE);
                StreamId outTop = below.compareTo(upTo) < 0 ? below : upTo;
                FoldResult<A> out = reads.windows().foldIds(key, held.from(), outTop,
                        Fold.of("retract " + fold.name(), before.value(), fold::retract),
                        FoldResult.empty(before.value()), reads.pageSize());
                moved += out.entries();
                left = new FoldResult<>(out.value(), before.last(), before.entries());
            }
            boolean somethingNew = !Proof.nothingNew(held.foldedAt(), now, since);
            if (somethingNew) {
                result = reads.upToState(key, since, fold, new FoldResult<>(left.value(), Option.some(upTo), left.entries()), now);
                moved += result.entries() - left.entries();
            } else {
                result = left;
            }
            reads.metrics().ran(fold, key, moved, somethingNew);
        } else {
            result = reads.upToState(key, since, fold, FoldResult.empty(fold.initial()), now);
            reads.metrics().full(fold, key, result.entries());
        }
        // folded past the state it was checked against: not provable next time
        running.keepIf(Proof.withinState(result.last(), now), slot, new Running(result, from, now, seen.lineage()));
        return result.value();
    }
}
