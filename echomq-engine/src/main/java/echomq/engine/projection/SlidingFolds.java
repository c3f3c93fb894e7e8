package echomq.engine.projection;

import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Fold;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Window;

import java.time.Instant;
import java.util.Objects;

/**
 * Folds of sliding windows at an instant, costing what entered and left the window since the
 * last read:
 * <ul>
 *   <li>an {@link InvertibleFold} is kept running ({@link RunningFolds});</li>
 *   <li>a {@link CombinableFold} is cut into panes aligned to the pane length: the trailing pane
 *       from the edge on ({@link TrailingSuffixes}), the sealed panes ({@link PaneStacks}), and the
 *       open pane, incrementally ({@link FoldCache}), combined in order;</li>
 *   <li>any other fold is folded whole on every read, and not kept.</li>
 * </ul>
 * A pane is sealed once the stream's last generated id is past it: no entry can enter it any more.
 */
final class SlidingFolds {

    private final FoldCache cache;
    private final RunningFolds running;
    private final PaneStacks stacks;
    private final TrailingSuffixes trailing;
    private final ReaderMetrics metrics;

    /** The parts a sliding read is made of, sharing one {@link ReaderMetrics}. */
    SlidingFolds(FoldCache cache, RunningFolds running, PaneStacks stacks, TrailingSuffixes trailing, ReaderMetrics metrics) {
        this.cache = Objects.requireNonNull(cache, "cache");
        this.running = Objects.requireNonNull(running, "running");
        this.stacks = Objects.requireNonNull(stacks, "stacks");
        this.trailing = Objects.requireNonNull(trailing, "trailing");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    /** The fold of {@code window} as it stands at {@code now}, as {@code seen} proves the stream. */
    <A> A fold(StreamKey key, Window.Sliding window, Instant now, Fold<A> fold, Seen seen) {
        Window.Since since = window.at(now);
        Instant start = since.t0();
        if (seen.state().isEmpty()) {
            metrics.absent();
            return fold.initial();
        }
        if (fold instanceof InvertibleFold<A> invertible) {
            return running.fold(key, window, start, invertible, seen);
        }
        if (!(fold instanceof CombinableFold<A> combinable)) {
            // cannot combine panes: the whole window, afresh. Not kept: its start moves with every
            // read, so it would never be hit again and would only push out panes that are
            return cache.foldUnkept(key, since, fold, seen);
        }
        long paneMs = window.pane().toMillis();
        long startMs = StreamId.epochMilli(start);
        long firstFull = Math.floorDiv(startMs + paneMs - 1, paneMs) * paneMs; // first pane boundary at or after start
        long leading = Math.floorDiv(StreamId.epochMilli(now), paneMs) * paneMs;
        if (leading < firstFull) {
            // the whole window lies in the leading pane, which it only partly covers
            return cache.foldUnkept(key, since, fold, seen);
        }
        // panes before the one holding the stream's last generated id are sealed: no entry can enter them any more
        long lastGenerated = seen.state().get().lastGenerated().ms();
        long sealedEnd = Math.max(firstFull, Math.min(leading, Math.floorDiv(lastGenerated, paneMs) * paneMs));
        A acc = combinable.initial();
        if (firstFull > startMs) {
            // the trailing edge falls inside a pane: the suffix of that pane from the edge on
            acc = trailing.fold(key, firstFull - paneMs, paneMs, start, combinable, seen);
        }
        if (sealedEnd > firstFull) {
            acc = combine(combinable, acc, stacks.fold(key, window, firstFull, sealedEnd, combinable, seen));
        }
        A open = cache.fold(key, Window.since(Instant.ofEpochMilli(sealedEnd)), fold, seen);
        return combine(combinable, acc, open);
    }

    private <A> A combine(CombinableFold<A> fold, A earlier, A later) {
        metrics.combined();
        return fold.combine(earlier, later);
    }
}
