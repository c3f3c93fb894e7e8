package echomq.engine.projection;

import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Fold;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;
import echomq.domain.window.Bucket;
import echomq.domain.window.Bucketed;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.Window;

import io.vavr.collection.List;
import io.vavr.collection.Vector;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Series from what the reader keeps: every bucket is a fixed window folded through the
 * {@link FoldCache}, so a bucket wholly in the past is folded once and then served while the
 * stream's proof holds, and after appends only the buckets they fall in are folded again (with
 * just the new entries). All buckets are checked against one state read.
 *
 * <p>A sealed bucket (the stream's last generated id past its end: no entry can enter it any more)
 * is kept as it was served, the same {@link Bucket}: the next read of the series serves it again
 * while the stream continues the same history and nothing was deleted inside it since, without a
 * look-up or a combine of its own. So a read costs the buckets that are not sealed (the open one, a
 * sliding range's clipped ends) and the list of them all, whatever the entries in the sealed ones;
 * and a caller that keeps something derived from a sealed bucket (its encoding, {@link SeriesEncodings})
 * finds the same bucket again.
 *
 * <p>A sliding range ({@code [now - d, now]}) moves at every read, and with it its clipped first
 * and last buckets, which would never be hit again. So for a sliding range:
 * <ul>
 *   <li>the first bucket, clipped at {@code now - d}, is its whole tumbling or hopping bucket from
 *       {@code now - d} on, taken from the {@link TrailingSuffixes} for a combinable fold (what slid
 *       out costs nothing); otherwise it is folded afresh and not kept;</li>
 *   <li>the last bucket, clipped at {@code now}, is its whole bucket, kept and extended with what is
 *       appended, when the state read saw no entry after {@code now} (so the whole bucket holds
 *       exactly the clipped one's entries, but for entries appended between the state read and the
 *       range read, which count in the bucket they were minted for); otherwise it is folded afresh.</li>
 * </ul>
 * Calendar buckets clipped by a sliding range are folded afresh.
 */
final class SeriesFolds {

    /** A series as asked for: the stream, the bucketed range and the fold. */
    private record Slot(StreamKey stream, Bucketed window, FoldId fold) {
    }

    /** The sealed buckets of a series' last answer, by window, the state they were served at and its lineage. */
    private record Kept(Map<Window.Closed, Bucket<?>> sealed, StreamState at, long lineage) {
    }

    private final FoldCache cache;
    private final TrailingSuffixes trailing;
    private final ReaderMetrics metrics;
    private final Lru<Slot, Kept> kept = new Lru<>(64);

    /**
     * @param cache    where each bucket's fold is kept
     * @param trailing the suffixes of a sliding range's first bucket
     * @param metrics  counts the sealed buckets served as kept and the combines of hopping buckets
     */
    SeriesFolds(FoldCache cache, TrailingSuffixes trailing, ReaderMetrics metrics) {
        this.cache = Objects.requireNonNull(cache, "cache");
        this.trailing = Objects.requireNonNull(trailing, "trailing");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    /** The series of {@code buckets} (clipped to {@code range}, {@code window} at the read's instant) as {@code seen} proves it. */
    @SuppressWarnings("unchecked")
    <A> Series<A> fold(StreamKey key, Bucketed window, Window.Closed range, List<Window.Closed> buckets, Fold<A> fold, Seen seen) {
        Slot slot = new Slot(key, window, FoldId.of(fold));
        if (seen.state().isEmpty()) {
            kept.remove(slot);
        }
        Option<StreamState> now = seen.state();
        Option<Kept> held = kept.get(slot).filter(k -> now.isDefined() && k.lineage() == seen.lineage());
        Vector<Window.Closed> windows = buckets.toVector();
        Bucket<A>[] out = new Bucket[windows.size()];
        int reused = 0;
        if (held.isDefined()) {
            for (int i = 0; i < out.length; i++) {
                Window.Closed w = windows.get(i);
                Bucket<A> b = (Bucket<A>) held.get().sealed().get(w);
                // sealed when kept, so nothing entered it since; nothing deleted inside it since: the same bucket
                if (b != null && !Proof.deletedInside(held.get().at(), now.get(), w)) {
                    out[i] = b;
                    reused++;
                }
            }
        }
        metrics.bucketsKept(reused);
        if (reused < out.length) {
            foldMissing(key, window, range, windows, out, fold, seen);
        }
        if (now.isDefined()) {
            // a sliding range's buckets clipped at its start move with it: never asked for again, not kept
            Option<Instant> moving = window.range().slides() ? Option.some(range.t0()) : Option.none();
            keep(slot, held, out, reused, moving, now.get(), seen.lineage());
        }
        return new Series<>(List.of(out));
    }

    /**
     * Keeps the sealed buckets of an answer, but for those starting at {@code moving}: the map kept
     * before when they are the same buckets.
     */
    private void keep(Slot slot, Option<Kept> held, Bucket<?>[] out, int reused, Option<Instant> moving, StreamState now, long lineage) {
        int sealed = 0;
        for (Bucket<?> b : out) {
            if (keepable(b, moving, now)) {
                sealed++;
            }
        }
        if (held.isDefined() && sealed == reused && held.get().sealed().size() == reused) {
            kept.put(slot, new Kept(held.get().sealed(), now, lineage)); // the same sealed buckets, proved at this state
            return;
        }
        Map<Window.Closed, Bucket<?>> map = new HashMap<>(sealed * 2);
        for (Bucket<?> b : out) {
            if (keepable(b, moving, now)) {
                map.put(b.window(), b);
            }
        }
        kept.put(slot, new Kept(Collections.unmodifiableMap(map), now, lineage));
    }

    private static boolean keepable(Bucket<?> b, Option<Instant> moving, StreamState now) {
        return Proof.sealed(b.window(), now) && !moving.contains(b.window().t0());
    }

    /** Folds every bucket of {@code out} not served as kept. */
    private <A> void foldMissing(StreamKey key, Bucketed window, Window.Closed range, Vector<Window.Closed> windows,
                                 Bucket<A>[] out, Fold<A> fold, Seen seen) {
        Fold<Counted<A>> counted = Counted.of(fold);
        boolean sliding = window.range().slides();
        Buckets kind = window.buckets();
        long a = range.t0().toEpochMilli();
        long b = range.t1().toEpochMilli();
        Option<Long> size = kind.length().map(Duration::toMillis); // calendar buckets have no one length
        boolean nothingAfterEnd = seen.state().forAll(s -> s.lastGenerated().ms() <= b);
        Option<Buckets.Tumbling> panes = kind.panes();
        if (panes.isDefined() && counted instanceof CombinableFold<Counted<A>> comb) {
            long g = panes.get().size().toMillis();
            if ((b - a) / g < Buckets.MAX_BUCKETS) { // else too many panes: each bucket on its own
                hoppingInPanes(key, panes.get(), range, sliding, windows, out, comb, nothingAfterEnd, seen);
                return;
            }
        }
        // a sliding range reads a bucket until it has slid past it: its checkpoint lives that long
        Option<Duration> readFor = sliding ? Option.some(Duration.ofMillis(b - a)) : Option.none();
        for (int i = 0; i < out.length; i++) {
            if (out[i] == null) {
                Window.Closed w = windows.get(i);
                Counted<A> c = sliding ? slidingBucket(key, w, a, b, size, nothingAfterEnd, counted, seen, readFor)
                        : cache.fold(key, w, counted, seen);
                out[i] = new Bucket<>(w, c.entries(), c.value());
            }
        }
    }

    /**
     * Hopping buckets of a combinable fold, from panes of {@code gcd(size, advance)}: every bucket's
     * bounds are pane bounds (or the range's ends, where the panes are clipped too), so each pane is
     * folded once, kept as a tumbling bucket is, and each bucket is its panes combined in order,
     * instead of reading every overlapping bucket's entries again. Only the panes of buckets not
     * served as kept are looked up.
     */
    @SuppressWarnings("unchecked")
    private <A> void hoppingInPanes(StreamKey key, Buckets.Tumbling paneKind, Window.Closed range, boolean sliding,
                                    Vector<Window.Closed> windows, Bucket<A>[] out, CombinableFold<Counted<A>> comb,
                                    boolean nothingAfterEnd, Seen seen) {
        long a = range.t0().toEpochMilli();
        long b = range.t1().toEpochMilli();
        long g = paneKind.size().toMillis();
        Vector<Window.Closed> panes = paneKind.over(range).toVector();
        Counted<A>[] values = new Counted[panes.size()];
        int first = 0;
        for (int k = 0; k < out.length; k++) {
            Window.Closed w = windows.get(k);
            while (panes.get(first).t0().isBefore(w.t0())) {
                first++; // bucket starts only move forward
            }
            if (out[k] != null) {
                continue;
            }
            Counted<A> c = comb.initial();
            for (int i = first; i < panes.size() && !panes.get(i).t1().isAfter(w.t1()); i++) {
                if (values[i] == null) {
                    Window.Closed p = panes.get(i);
                    values[i] = sliding
                            ? slidingBucket(key, p, a, b, Option.some(g), nothingAfterEnd, comb, seen, Option.some(Duration.ofMillis(b - a)))
                            : cache.fold(key, p, comb, seen);
                }
                if (i == first) {
                    c = values[i];
                } else {
                    metrics.combined();
                    c = comb.combine(c, values[i]);
                }
            }
            out[k] = new Bucket<>(w, c.entries(), c.value());
        }
    }
    private <A> Counted<A> slidingBucket(StreamKey key, Window.Closed w, long a, long b, Option<Long> size,
                                         boolean nothingAfterEnd, Fold<Counted<A>> counted, Seen seen,
                                         Option<Duration> readFor) {
        long s = w.t0().toEpochMilli();
        long e = w.t1().toEpochMilli();
        boolean atStart = s == a;
        boolean atEnd = e == b;
        if (!atStart && !atEnd) {
            return cache.fold(key, w, counted, seen, readFor); // a whole bucket: kept
        }
        if (size.isEmpty()) {
            return cache.foldUnkept(key, w, counted, seen);
        }
        long n = size.get();
        boolean wholeEnd = !atEnd || (s <= Long.MAX_VALUE - (n - 1) && s + n - 1 == e);
        boolean wholeStart = !atStart || e - n + 1 == s;
        if (wholeStart && wholeEnd) {
            return cache.fold(key, w, counted, seen, readFor);
        }
        if (!wholeStart && wholeEnd && e - n + 1 >= 0 && counted instanceof CombinableFold<Counted<A>> comb) {
            return trailing.fold(key, e - n + 1, n, w.t0(), comb, seen);
        }
        if (wholeStart && !wholeEnd && nothingAfterEnd && s <= Long.MAX_VALUE - (n - 1)) {
            return cache.fold(key, Window.closed(w.t0(), Instant.ofEpochMilli(s + n - 1)), counted, seen, readFor);
        }
        if (!atStart && atEnd) {
            // the last bucket, clipped at the range's end while entries lie after it (a writer's clock ahead of
            // this reader's): its start stays and its end moves on, so it is folded on, not read whole each time
            return cache.foldGrowing(key, w, counted, seen);
        }
        return cache.foldUnkept(key, w, counted, seen);
    }
}
