package echomq.engine.projection;

import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Fold;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;
import echomq.domain.window.FoldResult;
import echomq.domain.window.Window;

import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The pane at the trailing edge of a sliding window, from the edge on, in O(1) once the pane is
 * known: its entries are folded once, right to left, into suffix accumulators (the back stack of
 * the Two-Stacks sliding aggregator: {@code suffix[i] = combine(step(initial, e[i]), suffix[i + 1])}),
 * and each read takes the suffix from the first entry at or after the edge, so what slid out
 * costs nothing. The suffixes are kept while the pane provably did not change, as a cached fold is.
 */
final class TrailingSuffixes {

    /** The trailing pane's entry ids and suffix accumulators, and the state they were folded at. */
    private record Suffixes(Vector<StreamId> ids, Vector<Object> aggs, StreamState foldedAt, long lineage) {
    }

    private final Reads reads;
    private final Lru<SlotKey, Suffixes> suffixes = new Lru<>(64);

    /** Keeps the suffixes of up to 64 trailing panes (one per stream, pane and fold in use). */
    TrailingSuffixes(Reads reads) {
        this.reads = Objects.requireNonNull(reads, "reads");
    }

    /** The fold of the pane {@code [paneStart, paneStart + paneMs)} from {@code start} on. */
    @SuppressWarnings("unchecked")
    <A> A fold(StreamKey key, long paneStart, long paneMs, Instant start, CombinableFold<A> fold, Seen seen) {
        if (seen.state().isEmpty()) {
            reads.metrics().absent();
            return fold.initial();
        }
        StreamState now = seen.state().get();
        Window.Closed pane = Window.closed(Instant.ofEpochMilli(paneStart), Instant.ofEpochMilli(paneStart + paneMs - 1));
        SlotKey slot = SlotKey.of(key, pane, fold);
        Option<Suffixes> kept = suffixes.get(slot);
        boolean valid = kept.exists(held -> Proof.holds(held.foldedAt(), held.lineage(), seen, pane)
                && Proof.nothingNew(held.foldedAt(), now, pane));
        Suffixes s;
        if (valid) {
            s = kept.get();
            reads.metrics().hit(fold, key);
        } else {
            s = build(key, pane, fold, now, seen.lineage());
            // folded past the checked state: not provable next time
            suffixes.keepIf(Proof.withinState(s.ids().lastOption(), now), slot, s);
        }
        int i = firstAtOrAfter(s.ids(), StreamId.floor(start));
        return i == s.ids().size() ? fold.initial() : (A) s.aggs().get(i);
    }

    private <A> Suffixes build(StreamKey key, Window.Closed pane, CombinableFold<A> fold, StreamState now, long lineage) {
        List<StreamEntry> entriesOfPane = new ArrayList<>();
        FoldResult<Boolean> r = reads.upToState(key, pane, Fold.of("collect", Boolean.TRUE, (acc, e) -> {
            entriesOfPane.add(e);
            return acc;
        }), FoldResult.empty(Boolean.TRUE), now);
        reads.metrics().full(fold, key, r.entries());
        Object[] aggs = new Object[entriesOfPane.size()];
        A suffix = fold.initial();
        for (int i = entriesOfPane.size() - 1; i >= 0; i--) {
            reads.metrics().combined();
            suffix = fold.combine(fold.step(fold.initial(), entriesOfPane.get(i)), suffix);
            aggs[i] = suffix;
        }
        return new Suffixes(Vector.ofAll(entriesOfPane).map(StreamEntry::id), Vector.of(aggs), now, lineage);
    }

    /** The index of the first id at or after {@code from}: a binary search over the pane's ordered ids. */
    private static int firstAtOrAfter(Vector<StreamId> ids, StreamId from) {
        int lo = 0;
        int hi = ids.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ids.get(mid).compareTo(from) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
