/**
 * Folds: the projections of EchoMQ, recomputed from the log instead of stored as tables.
 *
 * <p>A {@link echomq.domain.fold.Fold} is a name, a version, an initial accumulator and a pure step;
 * a {@link echomq.domain.fold.CombinableFold} also combines the accumulators of adjacent windows
 * (so a window can be folded in panes), and an {@link echomq.domain.fold.InvertibleFold} can take an
 * entry back out (so a sliding window only folds what came in and retracts what slid out).
 * {@link echomq.domain.fold.Tally} wraps a fold so an unreadable entry is skipped and counted rather
 * than failing every read of the window.
 * <pre>{@code
 * CombinableFold<Long> count = CombinableFold.of("count", 1, 0L, (n, e) -> n + 1, Long::sum);
 * long n = count.foldAll(entries);
 * }</pre>
 */
package echomq.domain.fold;
