package echomq.domain.window;

import echomq.domain.fold.Fold;
import echomq.domain.stream.StreamEntry;

import io.vavr.collection.List;
import io.vavr.collection.Vector;

import java.util.Objects;

/**
 * The fold of a whole series in one pass over its range: each entry is stepped into every bucket
 * it lies in (one for tumbling and calendar buckets, several for hopping ones). Entries come in id
 * order, so the first bucket that can still hold an entry only moves forward: the cursor.
 *
 * @param <A> the inner fold's accumulator
 */
final class SeriesFold<A> implements Fold<SeriesFold.State<A>> {

    /**
     * The buckets so far and the first one that can still hold an entry.
     *
     * @param buckets the buckets, in time order
     * @param cursor  the index of the first bucket whose end is not before the last entry
     * @param <A>     the inner fold's accumulator
     */
    record State<A>(Vector<Bucket<A>> buckets, int cursor) {
        Series<A> series() {
            return new Series<>(List.ofAll(buckets));
        }
    }

    private final Fold<A> inner;
    private final State<A> initial;

    SeriesFold(List<Window.Closed> windows, Fold<A> inner) {
        this.inner = Objects.requireNonNull(inner, "fold");
        A zero = inner.initial();
        this.initial = new State<>(Vector.ofAll(windows.map(w -> new Bucket<>(w, 0, zero))), 0);
    }

    @Override
    public String name() {
        return "series of " + inner.name();
    }

    @Override
    public int version() {
        return inner.version();
    }

    @Override
    public State<A> initial() {
        return initial;
    }

    @Override
    public State<A> step(State<A> state, StreamEntry entry) {
        long ms = entry.id().ms();
        Vector<Bucket<A>> buckets = state.buckets();
        int cursor = state.cursor();
        while (cursor < buckets.size() && buckets.get(cursor).window().t1().toEpochMilli() < ms) {
            cursor++;
        }
        for (int i = cursor; i < buckets.size(); i++) {
            Bucket<A> b = buckets.get(i);
            if (b.window().t0().toEpochMilli() > ms) {
                break; // buckets start in order: none after this one holds the entry
            }
            buckets = buckets.update(i, new Bucket<>(b.window(), b.entries() + 1, inner.step(b.value(), entry)));
        }
        return new State<>(buckets, cursor);
    }
}
