package echomq.engine.projection;

import echomq.domain.fold.Fold;
import echomq.domain.window.Bucket;
import echomq.domain.window.Bucketed;
import echomq.domain.window.Series;
import echomq.domain.window.Window;

import io.vavr.collection.List;
import io.vavr.control.Option;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.BinaryOperator;
import java.util.function.Function;

/**
 * The encodings of series' buckets, and the buckets of partitions merged, kept beside the buckets
 * they were made from: while a read hands over the same buckets (a sealed bucket is handed out again
 * as the same object, {@link SeriesFolds}), the merged bucket and its encoding are the ones made
 * before. Buckets are immutable and {@code merge} and {@code encode} pure, so the same buckets give
 * equal results: what is kept here needs no proof of its own. A bucket that is not the same object
 * (an open bucket, a sliding range's clipped ends, a bucket of another state) is merged and encoded
 * again.
 */
final class SeriesEncodings {

    /** A series as asked for: the stream or channel, the bucketed range, the fold. */
    private record Slot(Object source, Bucketed window, FoldId fold) {
    }

    /** One bucket's parts (a bucket per partition), their merge and its encoding. */
    private record Made(Bucket<?>[] parts, Bucket<?> merged, Object encoding) {
        boolean madeFrom(Bucket<?>[] others) {
            if (others.length != parts.length) {
                return false;
            }
            for (int p = 0; p < parts.length; p++) {
                if (parts[p] != others[p]) {
                    return false;
                }
            }
            return true;
        }
    }

    /** What the last read of a series made, by bucket, and the encoder it made it with. */
    private record Kept(Map<Window.Closed, Made> made, Object encoder) {
    }

    private final ReaderMetrics metrics;
    private final Lru<Slot, Kept> kept = new Lru<>(64);

    /** @param metrics counts the buckets encoded */
    SeriesEncodings(ReaderMetrics metrics) {
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    /**
     * The series of {@code source} merged over its partitions' series (one for a stream), in
     * partition order, with each bucket's encoding.
     *
     * @throws IllegalArgumentException when the partitions' series are not cut alike
     */
    @SuppressWarnings("unchecked")
    <A, E> EncodedSeries<A, E> encoded(Object source, Bucketed window, Fold<A> fold, java.util.List<Series<A>> partitions,
                                       BinaryOperator<A> merge, Function<? super Bucket<A>, ? extends E> encode) {
        Slot slot = new Slot(source, window, FoldId.of(fold));
        Option<Kept> held = kept.get(slot).filter(k -> k.encoder() == encode);
        int n = partitions.get(0).buckets().size();
        java.util.List<List<Bucket<A>>> columns = new java.util.ArrayList<>(partitions.size());
        for (Series<A> s : partitions) {
            if (s.buckets().size() != n) {
                throw new IllegalArgumentException("series of " + n + " buckets cannot be merged with one of " + s.buckets().size()
                        + ": they are not cut alike");
            }
            columns.add(s.buckets());
        }
        Map<Window.Closed, Made> made = new HashMap<>(n * 2);
        Bucket<A>[] merged = new Bucket[n];
        E[] encodings = (E[]) new Object[n];
        java.util.List<java.util.Iterator<Bucket<A>>> rows = columns.stream().map(c -> (java.util.Iterator<Bucket<A>>) c.iterator()).toList();
        for (int i = 0; i < n; i++) {
            Bucket<?>[] parts = new Bucket<?>[rows.size()];
            for (int p = 0; p < parts.length; p++) {
                parts[p] = rows.get(p).next();
            }
            Window.Closed w = parts[0].window();
            Made m = held.isDefined() ? held.get().made().get(w) : null;
            if (m == null || !m.madeFrom(parts)) {
                Bucket<A> b = (Bucket<A>) parts[0];
                for (int p = 1; p < parts.length; p++) {
                    Bucket<A> q = (Bucket<A>) parts[p];
                    if (!q.window().equals(w)) {
                        throw new IllegalArgumentException("bucket " + w + " cannot be merged with bucket " + q.window()
                                + ": the series are not cut alike");
                    }
                    b = new Bucket<>(w, b.entries() + q.entries(), merge.apply(b.value(), q.value()));
                }
                E e = Objects.requireNonNull(encode.apply(b), "the encoding of a bucket");
                metrics.encoded();
                m = new Made(parts, b, e);
            }
            made.put(w, m);
            merged[i] = (Bucket<A>) m.merged();
            encodings[i] = (E) m.encoding();
        }
        kept.put(slot, new Kept(made, encode));
        return new EncodedSeries<>(new Series<>(List.of(merged)), List.of(encodings));
    }
}
