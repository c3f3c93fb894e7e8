package echomq.engine.projection;

import echomq.domain.fold.CombinableFold;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;
import echomq.domain.window.Window;

import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The sealed panes of sliding windows of {@link CombinableFold}s, each window's in a Two-Stacks
 * aggregator: {@code front} holds suffix aggregates oldest first (its head covers all of front),
 * {@code back} the panes pushed since the last flip with their combined aggregate. A read pops
 * expired panes off the front, pushes newly sealed ones onto the back (each folded once, through
 * the {@link FoldCache}), and when the front runs empty flips the back over in one pass: amortised
 * O(1) combines per slide, whatever the number of panes in the window. The total, the front's head
 * combined with the back's aggregate, is kept with the stacks and handed out again as the same object
 * until a pane is pushed or popped: a read in which no pane sealed or slid out combines nothing here.
 * The stacks are kept while they provably hold (the same history, no delete among their panes
 * since); otherwise they are built again.
 */
final class PaneStacks {

    /** A sealed pane's start and an aggregate: the pane's own (back stack) or of it and all after it up to the flip (front stack). */
    private record Pane(long start, Object agg) {
    }

    /** One window's stacks, their total, the next pane to push, and the state they were folded at. */
    private record Stacks(long next, Vector<Pane> front, Vector<Pane> back, Object backAgg, Object total, StreamState foldedAt,
                          long lineage) {
        long oldest() {
            return front.headOption().orElse(back.headOption()).map(Pane::start).getOrElse(next);
        }
    }

    private final FoldCache panes;
    private final ReaderMetrics metrics;
    private final Lru<SlotKey, Stacks> stacks = new Lru<>(64);

    /**
     * @param panes   folds each sealed pane (a fixed window, kept there like any other)
     * @param metrics counts the combines
     */
    PaneStacks(FoldCache panes, ReaderMetrics metrics) {
        this.panes = Objects.requireNonNull(panes, "panes");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    /** The combined folds of the sealed panes {@code [firstFull, sealedEnd)} of {@code window}. */
    @SuppressWarnings("unchecked")
    <A> A fold(StreamKey key, Window.Sliding window, long firstFull, long sealedEnd, CombinableFold<A> fold, Seen seen) {
        StreamState now = seen.state().get();
        long paneMs = window.pane().toMillis();
        // one aggregator per window length and pane: a shorter window pops panes a longer one still needs
        SlotKey slot = SlotKey.of(key, Window.last(window.length()).inPanesOf(Duration.ofMillis(paneMs)), fold);
        Option<Stacks> kept = stacks.get(slot);
        // the stacks hold the panes from their oldest on: a window that starts before it (the clock went back) is built again
        boolean valid = kept.exists(held -> held.lineage() == seen.lineage() && held.next() <= sealedEnd
                && (held.oldest() <= firstFull || held.next() <= firstFull)
                && !Proof.deletedInside(held.foldedAt(), now, Window.since(Instant.ofEpochMilli(held.oldest()))));
        Vector<Pane> front = valid ? kept.get().front() : Vector.empty();
        Vector<Pane> back = valid ? kept.get().back() : Vector.empty();
        A backAgg = valid ? (A) kept.get().backAgg() : fold.initial();
        long next = valid ? Math.max(kept.get().next(), firstFull) : firstFull;
        boolean changed = !valid;
        if (valid && kept.get().next() < firstFull) {
            // the window moved past every pane held: none of them is needed
            front = Vector.empty();
            back = Vector.empty();
            backAgg = fold.initial();
            changed = true;
        }
        int held = front.size();
        front = front.dropWhile(p -> p.start() < firstFull);
        changed |= front.size() != held;
        for (long p = next; p < sealedEnd; p += paneMs) {
            A pane = panes.fold(key, Window.closed(Instant.ofEpochMilli(p), Instant.ofEpochMilli(p + paneMs - 1)), fold, seen,
                    Option.some(window.length()));
            back = back.append(new Pane(p, pane));
            backAgg = combine(fold, backAgg, pane);
            changed = true;
        }
        if (front.isEmpty() && !back.isEmpty()) {
            // flip: the back's panes become the front's suffix aggregates, right to left
            Vector<Pane> live = back.dropWhile(p -> p.start() < firstFull);
            Object[] suffixes = new Object[live.size()];
            A suffix = fold.initial();
            for (int i = live.size() - 1; i >= 0; i--) {
                suffix = combine(fold, (A) live.get(i).agg(), suffix);
                suffixes[i] = suffix;
            }
            Vector<Pane> flipped = Vector.empty();
            for (int i = 0; i < suffixes.length; i++) {
                flipped = flipped.append(new Pane(live.get(i).start(), suffixes[i]));
            }
            front = flipped;
            back = Vector.empty();
            backAgg = fold.initial();
            changed = true;
        }
        // the same panes as the read before: the same total, the same object (StandingAnswers keeps what it is combined into)
        A total = changed ? combine(fold, front.isEmpty() ? fold.initial() : (A) front.head().agg(), backAgg) : (A) kept.get().total();
        stacks.put(slot, new Stacks(Math.max(next, sealedEnd), front, back, backAgg, total, now, seen.lineage()));
        return total;
    }

    private <A> A combine(CombinableFold<A> fold, A earlier, A later) {
        if (later == fold.initial()) {
            return earlier; // the identity: nothing to combine
        }
        if (earlier == fold.initial()) {
            return later;
        }
        metrics.combined();
        return fold.combine(earlier, later);
    }
}
