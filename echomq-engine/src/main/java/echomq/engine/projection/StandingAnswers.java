package echomq.engine.projection;

import echomq.domain.fold.CombinableFold;

import io.vavr.control.Option;

import java.util.Objects;

/**
 * The answer of each sliding window of a {@link CombinableFold} as it stands, made of three parts:
 * the edge (the trailing pane from the window's start on), the sealed total (the sealed panes
 * combined) and the open part (the panes no longer sealed, folded as they grow). The head, edge
 * and sealed total combined, is kept; so is the answer, head and open part combined. A read that
 * hands over the same three parts as the read before is answered as it stood, without a combine; one
 * whose open part alone changed costs one combine, the head with the open part; a combine of the edge
 * with the sealed total is paid only when one of them changed (the edge passed an entry, a pane
 * sealed or slid out).
 *
 * <p>"The same" is the same object. Accumulators are immutable and {@link CombinableFold#combine}
 * is a pure function, so the same parts give an equal answer: what is kept here needs no proof of
 * its own, the parts bring theirs ({@link TrailingSuffixes}, {@link PaneStacks}, {@link FoldCache}
 * hand a kept part out again as the same object only while it provably holds). A part that is the
 * fold's {@link CombinableFold#initial() initial} value, the identity of {@code combine}, is left
 * out rather than combined.
 */
final class StandingAnswers {

    /** One window's parts as last handed over, its head and its answer. */
    private record Standing(Object edge, Object sealed, Object head, Object open, Object answer) {
    }

    private final ReaderMetrics metrics;
    private final Lru<SlotKey, Standing> standing = new Lru<>(64);

    /** @param metrics counts the combines and the answers served as they stood */
    StandingAnswers(ReaderMetrics metrics) {
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    /** The answer of the window kept under {@code slot} from its parts: {@code edge ⊕ sealed ⊕ open}, in that order. */
    @SuppressWarnings("unchecked")
    <A> A answer(SlotKey slot, A edge, A sealed, A open, CombinableFold<A> fold) {
        Option<Standing> kept = standing.get(slot);
        if (kept.isDefined() && kept.get().edge() == edge && kept.get().sealed() == sealed && kept.get().open() == open) {
            metrics.stood();
            return (A) kept.get().answer();
        }
        A head = kept.isDefined() && kept.get().edge() == edge && kept.get().sealed() == sealed
                ? (A) kept.get().head() : combine(fold, edge, sealed);
        A answer = combine(fold, head, open);
        standing.put(slot, new Standing(edge, sealed, head, open, answer));
        return answer;
    }

    private <A> A combine(CombinableFold<A> fold, A earlier, A later) {
        A identity = fold.initial();
        if (later == identity) {
            return earlier;
        }
        if (earlier == identity) {
            return later;
        }
        metrics.combined();
        return fold.combine(earlier, later);
    }
}
