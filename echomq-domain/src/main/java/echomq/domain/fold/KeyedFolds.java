package echomq.domain.fold;

import echomq.domain.stream.StreamEntry;

import io.vavr.collection.HashMap;
import io.vavr.collection.Map;
import io.vavr.control.Option;

import java.util.Objects;
import java.util.function.Function;

/**
 * Folds by key: one accumulator per key, in a map, so "the best score of each player" is one fold
 * and "the top players of each hour" a series of one fold. The keyed fold keeps what the inner
 * fold can do: it combines when the inner fold combines (maps merged key by key) and retracts when
 * the inner fold retracts (a key whose value goes back to the initial one leaves the map), so the
 * caching reader folds its sliding windows in panes or running, as it does the inner fold's.
 * <pre>{@code
 * InvertibleFold<Long> count = InvertibleFold.of("count", 1, 0L, (n, e) -> n + 1, Long::sum, (n, e) -> n - 1);
 * InvertibleFold<Map<String, Long>> perPlayer = KeyedFolds.groupBy("player", e -> e.field("player"), count);
 * }</pre>
 * An entry whose key function answers none is not folded.
 */
public final class KeyedFolds {

    private KeyedFolds() {
    }

    /**
     * A fold of {@code fold} per key.
     *
     * @param keyName the key's name: part of the fold's name, which keys cached results, so two
     *                different key functions must have different names
     * @param key     the key of an entry, none to leave the entry out
     * @param fold    the fold of each key's entries
     * @param <K>     the key
     * @param <A>     the inner accumulator
     * @return the keyed fold, named {@code "<fold> by <keyName>"}, of the inner fold's version;
     *         combinable or invertible when {@code fold} is, whatever its static type
     */
    public static <K, A> Fold<Map<K, A>> groupBy(String keyName, Function<StreamEntry, Option<K>> key, Fold<A> fold) {
        if (fold instanceof CombinableFold<A> combinable) {
            return groupBy(keyName, key, combinable);
        }
        Keyed<K, A> k = new Keyed<>(keyName, key, fold);
        return Fold.of(k.name(), fold.version(), HashMap.empty(), (acc, e) -> k.step(acc, e, false));
    }

    /**
     * A combinable fold of {@code fold} per key: two maps combine key by key with the inner combine.
     *
     * @param keyName the key's name (see {@link #groupBy(String, Function, Fold)})
     * @param key     the key of an entry, none to leave the entry out
     * @param fold    the combinable fold of each key's entries
     * @param <K>     the key
     * @param <A>     the inner accumulator
     * @return the keyed fold, invertible when {@code fold} is, whatever its static type
     */
    public static <K, A> CombinableFold<Map<K, A>> groupBy(String keyName, Function<StreamEntry, Option<K>> key,
                                                          CombinableFold<A> fold) {
        if (fold instanceof InvertibleFold<A> invertible) {
            return groupBy(keyName, key, invertible);
        }
        Keyed<K, A> k = new Keyed<>(keyName, key, fold);
        return CombinableFold.of(k.name(), fold.version(), HashMap.empty(), (acc, e) -> k.step(acc, e, false),
                (a, b) -> k.combine(a, b, fold));
    }

    /**
     * An invertible fold of {@code fold} per key: an entry is retracted from its key's value. Its
     * maps hold no key at the inner fold's initial value (a count or a sum with nothing counted):
     * such a key leaves the map, by a step, a combine or a retraction, so that equal windows give
     * equal maps however they were reached.
     *
     * @param keyName the key's name (see {@link #groupBy(String, Function, Fold)})
     * @param key     the key of an entry, none to leave the entry out; it must answer the same for
     *                the same entry, or a retraction would miss
     * @param fold    the invertible fold of each key's entries
     * @param <K>     the key
     * @param <A>     the inner accumulator
     * @return the keyed fold
     */
    public static <K, A> InvertibleFold<Map<K, A>> groupBy(String keyName, Function<StreamEntry, Option<K>> key,
                                                          InvertibleFold<A> fold) {
        Keyed<K, A> k = new Keyed<>(keyName, key, fold);
        // canonical maps: a key at the initial value is absent, whether it got there by steps,
        // combines or retractions, so that retract(step(a, e), e) equals a as a map
        return InvertibleFold.of(k.name(), fold.version(), HashMap.empty(), (acc, e) -> k.step(acc, e, true),
                (a, b) -> k.combine(a, b, fold).filterValues(v -> !v.equals(fold.initial())),
                (acc, e) -> k.retract(acc, e, fold));
    }

    /** The one definition of the keyed step, combine and retract, whatever the inner fold can do. */
    private record Keyed<K, A>(String keyName, Function<StreamEntry, Option<K>> key, Fold<A> fold) {
        Keyed {
            Objects.requireNonNull(keyName, "keyName");
            if (keyName.isBlank()) {
                throw new IllegalArgumentException("key name '" + keyName + "' is blank");
            }
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(fold, "fold");
        }

        String name() {
            return fold.name() + " by " + keyName;
        }

        /** {@code acc} with {@code e} folded into its key's value; canonical: a key left at the initial value is removed. */
        Map<K, A> step(Map<K, A> acc, StreamEntry e, boolean canonical) {
            Option<K> k = Objects.requireNonNull(key.apply(e), "the key function answered null");
            return k.isEmpty() ? acc : keep(acc, k.get(), fold.step(acc.get(k.get()).getOrElse(fold::initial), e), canonical);
        }

        private Map<K, A> keep(Map<K, A> acc, K k, A value, boolean canonical) {
            return canonical && value.equals(fold.initial()) ? acc.remove(k) : acc.put(k, value);
        }

        Map<K, A> combine(Map<K, A> earlier, Map<K, A> later, CombinableFold<A> f) {
            return earlier.merge(later, f::combine);
        }

        Map<K, A> retract(Map<K, A> acc, StreamEntry e, InvertibleFold<A> f) {
            Option<K> k = Objects.requireNonNull(key.apply(e), "the key function answered null");
            if (k.isEmpty()) {
                return acc;
            }
            // an absent key is at the initial value (the maps are canonical): retract from that, so a
            // sum that went back to 0 goes on below it, and an entry the inner fold cannot read fails
            // its retraction as it failed its step
            return keep(acc, k.get(), f.retract(acc.get(k.get()).getOrElse(f::initial), e), true);
        }
    }
}
