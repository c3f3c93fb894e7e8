package echomq.domain.window;

import io.vavr.Tuple2;
import io.vavr.collection.List;
import io.vavr.collection.Map;

import java.util.Comparator;
import java.util.Objects;

/**
 * Window top-N as a value: the first {@code n} keys of each bucket of a keyed series, ranked by their
 * fold's value (keys whose values tie, by key). What Flink writes as {@code ROW_NUMBER() OVER
 * (PARTITION BY window_start, window_end ORDER BY … DESC) <= N} over a windowed aggregate, here over
 * a {@link Series} of {@code KeyedFolds.groupBy}.
 * <pre>{@code
 * Series<Map<String, Long>> perUser = windows.foldSeries(key, minutes, range, KeyedFolds.groupBy("user", e -> e.field("user"), count));
 * Series<List<Tuple2<String, Long>>> top3 = TopKeys.<String, Long>of(3, Comparator.reverseOrder()).of(perUser);
 * }</pre>
 *
 * @param n  how many keys a bucket keeps, at least 1
 * @param by the order of the values, the first first ({@code Comparator.reverseOrder()} for the largest)
 * @param <K> the key, ordered where values tie
 * @param <A> the fold's value
 */
public record TopKeys<K extends Comparable<? super K>, A>(int n, Comparator<? super A> by) {

    /**
     * Checks the parts.
     *
     * @param n  at least 1
     * @param by the order of the values
     * @throws IllegalArgumentException when {@code n} is below 1
     */
    public TopKeys {
        Objects.requireNonNull(by, "by");
        if (n < 1) {
            throw new IllegalArgumentException("a top-N keeps at least 1 key, not " + n);
        }
    }

    /**
     * The first {@code n} keys by {@code by}.
     *
     * @param n   how many keys a bucket keeps, at least 1
     * @param by  the order of the values
     * @param <K> the key
     * @param <A> the value
     * @return the top-N
     * @throws IllegalArgumentException when {@code n} is below 1
     */
    public static <K extends Comparable<? super K>, A> TopKeys<K, A> of(int n, Comparator<? super A> by) {
        return new TopKeys<>(n, by);
    }

    /**
     * Every key, ranked by {@code by}: a top-N with no cut.
     *
     * @param by  the order of the values
     * @param <K> the key
     * @param <A> the value
     * @return the ranking
     */
    public static <K extends Comparable<? super K>, A> TopKeys<K, A> all(Comparator<? super A> by) {
        return new TopKeys<>(Integer.MAX_VALUE, by);
    }

    /**
     * The first keys of one bucket, in rank order.
     *
     * @param keyed a bucket's value per key
     * @return at most {@code n} keys with their values, the first first
     */
    public List<Tuple2<K, A>> first(Map<K, A> keyed) {
        Objects.requireNonNull(keyed, "keyed");
        Comparator<Tuple2<K, A>> rank = Comparator.<Tuple2<K, A>, A>comparing(Tuple2::_2, by).thenComparing(Tuple2::_1);
        return keyed.toList().sorted(rank).take(n);
    }

    /**
     * The first keys of every bucket of a keyed series: the same buckets (windows and entry counts), each
     * holding its ranked keys.
     *
     * @param series a keyed series
     * @return the series of each bucket's first keys
     */
    public Series<List<Tuple2<K, A>>> of(Series<Map<K, A>> series) {
        Objects.requireNonNull(series, "series");
        return new Series<>(series.buckets().map(b -> new Bucket<>(b.window(), b.entries(), first(b.value()))));
    }
}
