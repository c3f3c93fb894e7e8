package echomq.engine.projection;

import echomq.domain.fold.InvertibleFold;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;
import echomq.domain.window.FoldResult;
import echomq.domain.window.Window;

import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Sliding windows of {@link InvertibleFold}s (counts, sums, per-key totals), kept running: what was
 * appended since the last read is folded in, what slid out of the window is retracted. A read costs
 * those entries and nothing else, however long the window. What slides out is read once more, a
 * page at a time from the window's start: the entries of the page past the start are kept (read
 * ahead), so the reads after it retract them as they slide out with no range read, and a window
 * read far more often than entries leave it costs one range read per page that leaves, not one per
 * read. A running fold is kept while it provably holds (as a cached fold does); otherwise, and when
 * the window moved back (the clock did), it is folded afresh.
 */
final class RunningFolds {

    /**
     * The window from {@code from} on, folded up to the result's last id, at {@code foldedAt}; and
     * what was read ahead: every entry of the stream from {@code from} up to {@code aheadTo} (none:
     * nothing read ahead yet) is in {@code ahead}, in order, each folded into the result.
     */
    private record Running(FoldResult<?> result, StreamId from, StreamState foldedAt, long lineage, Vector<StreamEntry> ahead,
                           Option<StreamId> aheadTo) {
    }

    private final Reads reads;
    private final Lru<SlotKey, Running> running = new Lru<>(64);

    /** Keeps up to 64 running folds (one per stream, window length and fold in use), each with up to a page read ahead. */
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
        Vector<StreamEntry> ahead = Vector.empty();
        Option<StreamId> aheadTo = Option.none();
        if (kept.isDefined() && kept.get().lineage() == seen.lineage() && !from.isBefore(kept.get().from())
                && !Proof.deletedInside(kept.get().foldedAt(), now, Window.since(kept.get().from().instant()))) {
            Running held = kept.get();
            FoldResult<A> before = (FoldResult<A>) held.result();
            StreamId seenTop = held.foldedAt().lastGenerated();
            // everything of the window up to here was folded; anything above is new
            StreamId upTo = before.last().filter(l -> l.compareTo(seenTop) >= 0).getOrElse(seenTop);
            A value = before.value();
            ahead = held.ahead();
            aheadTo = held.aheadTo();
            long read = 0;
            long retracted = 0;
            if (from.isAfter(held.from()) && from.ms() > 0) {
                StreamId below = StreamId.of(from.ms() - 1, Long.MAX_VALUE);
                StreamId outTop = below.compareTo(upTo) < 0 ? below : upTo;
                int out = 0;
                while (out < ahead.size() && ahead.get(out).id().compareTo(outTop) <= 0) {
                    value = fold.retract(value, ahead.get(out++)); // read ahead before: no read now
                }
                ahead = ahead.drop(out);
                retracted = out;
                reads.metrics().retractedAhead(out);
                // what slid out past what was read ahead: read from there a page at a time, up to what the fold holds
                while (aheadTo.forAll(t -> t.compareTo(outTop) < 0)) {
                    StreamId next = aheadTo.isEmpty() || aheadTo.get().compareTo(held.from()) < 0 ? held.from() : aheadTo.get().successor();
                    List<StreamEntry> page = next.compareTo(upTo) > 0 ? List.of() : reads.range().range(key, next, upTo, reads.pageSize());
                    read += page.size();
                    for (StreamEntry e : page) {
                        if (e.id().compareTo(outTop) <= 0) {
                            value = fold.retract(value, e);
                            retracted++;
                        } else {
                            ahead = ahead.append(e);
                        }
                    }
                    // a short page reached what the fold holds: every entry up to there is read
                    aheadTo = Option.some(page.size() < reads.pageSize() ? upTo : page.get(page.size() - 1).id());
                }
            }
            FoldResult<A> left = new FoldResult<>(value, before.last(), before.entries());
            boolean somethingNew = !Proof.nothingNew(held.foldedAt(), now, since);
            if (somethingNew) {
                result = reads.upToState(key, since, fold, new FoldResult<>(left.value(), Option.some(upTo), left.entries()), now);
                read += result.entries() - left.entries();
            } else {
                result = left;
            }
            reads.metrics().ran(fold, key, read, somethingNew || retracted > 0);
        } else {
            result = reads.upToState(key, since, fold, FoldResult.empty(fold.initial()), now);
            reads.metrics().full(fold, key, result.entries());
        }
        // folded past the state it was checked against: not provable next time
        running.keepIf(Proof.withinState(result.last(), now), slot, new Running(result, from, now, seen.lineage(), ahead, aheadTo));
        return result.value();
    }
}
