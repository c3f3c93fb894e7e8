package echomq.engine.projection;

import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Fold;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Window;

import io.vavr.control.Option;

import java.time.Instant;
import java.util.Objects;

/**
 * Folds of sliding windows at an instant, costing what entered and left the window since the
 * last read:
 * <ul>
 *   <li>an {@link InvertibleFold} is kept running ({@link RunningFolds});</li>
 *   <li>a {@link CombinableFold} is cut into panes aligned to the pane length: the edge, the
 *       trailing pane from the window's start on ({@link TrailingSuffixes}); the sealed panes, combined
 *       once each into a kept total ({@link PaneStacks}); and the open part, the panes from the first
 *       one not sealed on, each a fixed window folded on with what was appended since the last read
 *       ({@link FoldCache}), so that when it seals it is the same kept fold, not read again. The three
 *       are combined into the answer as it stands ({@link StandingAnswers}): at most the head with
 *       the open part, and nothing when no part changed;</li>
 *   <li>any other fold is folded whole on every read, and not kept.</li>
 * </ul>
 * A pane is sealed once the stream's last generated id is past it: no entry can enter it any more.
 */
final class SlidingFolds {

    private final FoldCache cache;
    private final RunningFolds running;
    private final PaneStacks stacks;
    private final TrailingSuffixes trailing;
    private final StandingAnswers answers;
    private final ReaderMetrics metrics;

    /** The parts a sliding read is made of, sharing one {@link ReaderMetrics}. */
    SlidingFolds(FoldCache cache, RunningFolds running, PaneStacks stacks, TrailingSuffixes trailing, StandingAnswers answers,
                 ReaderMetrics metrics) {
        this.cache = Objects.requireNonNull(cache, "cache");
        this.running = Objects.requireNonNull(running, "running");
        this.stacks = Objects.requireNonNull(stacks, "stacks");
        this.trailing = Objects.requireNonNull(trailing, "trailing");
        this.answers = Objects.requireNonNull(answers, "answers");
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
        long topPane = Math.floorDiv(lastGenerated, paneMs) * paneMs;
        long sealedEnd = Math.max(firstFull, Math.min(leading, topPane));
        A edge = firstFull > startMs
                // the trailing edge falls inside a pane: the suffix of that pane from the edge on
                ? trailing.fold(key, firstFull - paneMs, paneMs, start, combinable, seen)
                : combinable.initial();
        A sealed = sealedEnd > firstFull ? stacks.fold(key, window, firstFull, sealedEnd, combinable, seen) : combinable.initial();
        A open = open(key, window, sealedEnd, topPane, combinable, seen);
        return answers.answer(SlotKey.of(key, window, fold), edge, sealed, open, combinable);
    }

    /**
     * The panes from {@code sealedEnd} up to the one holding the stream's last generated id (one,
     * unless a writer's clock runs ahead of this reader's), each a fixed window kept and folded on
     * with what was appended; none when that id lies before them.
     */
    private <A> A open(StreamKey key, Window.Sliding window, long sealedEnd, long topPane, CombinableFold<A> fold, Seen seen) {
        long paneMs = window.pane().toMillis();
        A open = fold.initial();
        for (long p = sealedEnd; p <= topPane; p += paneMs) {
            A pane = cache.fold(key, Window.closed(Instant.ofEpochMilli(p), Instant.ofEpochMilli(p + paneMs - 1)), fold, seen,
                    Option.some(window.length()));
            open = p == sealedEnd ? pane : combine(fold, open, pane);
        }
        return open;
    }

    private <A> A combine(CombinableFold<A> fold, A earlier, A later) {
        metrics.combined();
        return fold.combine(earlier, later);
    }
}
