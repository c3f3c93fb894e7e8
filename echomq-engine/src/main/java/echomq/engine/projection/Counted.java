package echomq.engine.projection;

import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Fold;
import echomq.domain.fold.InvertibleFold;
import echomq.domain.stream.StreamEntry;

import java.util.Objects;

/**
 * A fold's value with the number of entries folded into it: what a bucket of a series holds. The
 * counted fold combines when the fold does and retracts when it does, so every part of the reader
 * (kept folds, trailing suffixes) can hold it as it holds the fold itself.
 *
 * @param entries how many entries were folded
 * @param value   their fold
 * @param <A>     the fold's accumulator
 */
record Counted<A>(long entries, A value) {

    /** The fold of {@code fold} and a count, named apart from {@code fold} so that neither's kept values serve the other. */
    static <A> Fold<Counted<A>> of(Fold<A> fold) {
        Objects.requireNonNull(fold, "fold");
        String name = "entries and " + fold.name();
        Counted<A> zero = new Counted<>(0, fold.initial());
        if (fold instanceof InvertibleFold<A> inv) {
            return InvertibleFold.of(name, fold.version(), zero, (c, e) -> c.step(fold, e),
                    (x, y) -> x.combine(inv, y), (c, e) -> new Counted<>(c.entries - 1, inv.retract(c.value, e)));
        }
        if (fold instanceof CombinableFold<A> comb) {
            return CombinableFold.of(name, fold.version(), zero, (c, e) -> c.step(fold, e), (x, y) -> x.combine(comb, y));
        }
        return Fold.of(name, fold.version(), zero, (c, e) -> c.step(fold, e));
    }

    private Counted<A> step(Fold<A> fold, StreamEntry e) {
        return new Counted<>(entries + 1, fold.step(value, e));
    }

    private Counted<A> combine(CombinableFold<A> fold, Counted<A> later) {
        return new Counted<>(entries + later.entries, fold.combine(value, later.value));
    }
}
