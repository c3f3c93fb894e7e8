package echomq.engine.projection;

import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.Fold;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Bucket;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.Window;

import io.vavr.collection.List;
import io.vavr.control.Option;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Series from what the reader keeps: every bucket is a fixed window folded through the
 * {@link FoldCache}, so a bucket wholly in the past is folded once and then served while the
 * stream's proof holds, and after appends only the buckets they fall in are folded again (with
 * just the new entries). All buckets are checked against one state read.
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

    private final FoldCache cache;
    private final TrailingSuffixes trailing;

    /**
     * @param cache    where each bucket's fold is kept
     * @param trailing the suffixes of a sliding range's first bucket
     */
    SeriesFolds(FoldCache cache, TrailingSuffixes trailing) {
        this.cache = Objects.requireNonNull(cache, "cache");
        this.trailing = Objects.requireNonNull(trailing, "trailing");
    }

    /** The series of {@code buckets} (clipped to {@code range}) as {@code seen} proves it. */
    <A> Series<A> fold(StreamKey key, Buckets kind, Window.Closed range, boolean sliding, List<Window.Closed> buckets,
                       Fold<A> fold, Seen seen) {
        Fold<Counted<A>> counted = Counted.of(fold);
        long a = range.t0().toEpochMilli();
        long b = range.t1().toEpochMilli();
        Option<Long> size = kind.length().map(Duration::toMillis); // calendar buckets have no one length
        boolean nothingAfterEnd = seen.state().forAll(s -> s.lastGenerated().ms() <= b);
        Option<Buckets.Tumbling> panes = kind.panes();
        if (panes.isDefined() && counted instanceof CombinableFold<Counted<A>> comb) {
            long g = panes.get().size().toMillis();
            if ((b - a) / g < Buckets.MAX_BUCKETS) { // else too many panes: each bucket on its own
                return hoppingInPanes(key, panes.get(), range, sliding, buckets, comb, nothingAfterEnd, seen);
            }
        }
        // a sliding range reads a bucket until it has slid past it: its checkpoint lives that long
        Option<Duration> readFor = sliding ? Option.some(Duration.ofMillis(b - a)) : Option.none();
        return new Series<>(buckets.map(w -> {
            Counted<A> c = sliding ? slidingBucket(key, w, a, b, size, nothingAfterEnd, counted, seen, readFor)
                    : cache.fold(key, w, counted, seen);
            return new Bucket<>(w, c.entries(), c.value());
        }));
    }

    /**
     * Hopping buckets of a combinable fold, from panes of {@code gcd(size, advance)}: every bucket's
     * bounds are pane bounds (or the range's ends, where the panes are clipped too), so each pane is
     * folded once, kept as a tumbling bucket is, and each bucket is its panes combined in order,
     * instead of reading every overlapping bucket's entries again.
     */
    private <A> Series<A> hoppingInPanes(StreamKey key, Buckets.Tumbling paneKind, Window.Closed range, boolean sliding,
                                         List<Window.Closed> buckets, CombinableFold<Counted<A>> comb,
                                         boolean nothingAfterEnd, Seen seen) {
        long a = range.t0().toEpochMilli();
        long b = range.t1().toEpochMilli();
        long g = paneKind.size().toMillis();
        io.vavr.collection.Vector<Window.Closed> panes = paneKind.over(range).toVector();
        io.vavr.collection.Vector<Counted<A>> values = panes.map(p -> sliding
                ? slidingBucket(key, p, a, b, Option.some(g), nothingAfterEnd, comb, seen, Option.some(Duration.ofMillis(b - a)))
                : cache.fold(key, p, comb, seen));
        int first = 0;
        java.util.List<Bucket<A>> out = new java.util.ArrayList<>(buckets.size());
        for (Window.Closed w : buckets) {
            while (panes.get(first).t0().isBefore(w.t0())) {
                first++; // bucket starts only move forward
            }
            Counted<A> c = comb.initial();
            for (int i = first; i < panes.size() && !panes.get(i).t1().isAfter(w.t1()); i++) {
                c = comb.combine(c, values.get(i));
            }
            out.add(new Bucket<>(w, c.entries(), c.value()));
        }
        return new Series<>(List.ofAll(out));
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
