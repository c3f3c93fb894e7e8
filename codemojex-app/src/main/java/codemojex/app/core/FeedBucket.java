package codemojex.app.core;

import codemojex.projections.GameEvent;
import codemojex.projections.Projections;
import echomq.domain.fold.CombinableFold;
import echomq.domain.fold.InvertibleFold;
import io.vavr.collection.HashMap;
import io.vavr.collection.Map;

import java.util.Iterator;
import java.util.Objects;

/**
 * One bucket of the feed's series: scored guesses per player id, and the bucket's {@link FeedStats}
 * (quantiles of the totals, distinct players).
 *
 * @param byPlayer player id -> scored guesses
 * @param stats    the totals' quantiles and the distinct players
 */
public record FeedBucket(Map<String, Long> byPlayer, FeedStats stats) {

    /** Of no scored guess. */
    public static final FeedBucket EMPTY = new FeedBucket(HashMap.empty(), FeedStats.EMPTY);

    public FeedBucket {
        Objects.requireNonNull(byPlayer, "byPlayer");
        Objects.requireNonNull(stats, "stats");
    }

    /** Scored guesses in the bucket. */
    public long guesses() {
        long n = 0;
        for (Iterator<Long> i = byPlayer.valuesIterator(); i.hasNext(); ) {
            n += i.next();
        }
        return n;
    }

    /**
     * The fold of one bucket: the guesses per player ({@link Projections#guessesByPlayer}) and the
     * stats, side by side over the same entries. Named as the count alone was, one version up: a
     * bucket kept by the count alone (version 1) is refused and folded again, never misread.
     */
    public static CombinableFold<FeedBucket> fold() {
        InvertibleFold<Map<String, Long>> byPlayer = Projections.guessesByPlayer();
        return CombinableFold.of(byPlayer.name(), byPlayer.version() + 1, EMPTY, (acc, e) -> {
            GameEvent.GuessScored scored = GameEvent.GuessScored.decode(e); // unreadable: the whole entry is skipped, in both
            return new FeedBucket(byPlayer.step(acc.byPlayer, e), acc.stats.with(e, scored));
        }, (a, b) -> new FeedBucket(byPlayer.combine(a.byPlayer, b.byPlayer), a.stats.merge(b.stats)));
    }
}
