package echomq.domain.fold;

import echomq.domain.stream.StreamEntry;

import java.util.function.BiFunction;

/**
 * A named, deterministic fold of stream entries: an initial accumulator and a pure step. A
 * projection is a fold; it is recomputed from the log, never stored as a separate table.
 * <pre>{@code
 * Fold<Long> count = Fold.of("count", 0L, (n, e) -> n + 1);
 * long n = count.foldAll(entries);
 * }</pre>
 *
 * @param <A> the accumulator, preferably immutable (Vavr's persistent collections)
 */
public interface Fold<A> {

    /**
     * The projection's name: part of every cache key and checkpoint key.
     *
     * @return the name
     */
    String name();

    /**
     * The version of the step: bump it when the step changes, so no cached result or checkpoint of
     * the old one is served.
     *
     * @return the version; 1 unless overridden
     */
    default int version() {
        return 1;
    }

    /**
     * The accumulator of an empty window.
     *
     * @return the initial accumulator
     */
    A initial();

    /**
     * The accumulator after one more entry. Pure: the same inputs always give the same result, so a
     * fold recomputed from the log always agrees with a cached one.
     *
     * @param accumulator the accumulator so far
     * @param entry       the next entry in stream order
     * @return the accumulator with {@code entry} folded in
     * @throws UnreadableEntryException when {@code entry} cannot be read (see {@link Tally#counting})
     */
    A step(A accumulator, StreamEntry entry);

    /**
     * Folds {@code entries} left to right from {@link #initial()}.
     *
     * @param entries the entries, in stream order
     * @return the accumulator after all of them
     */
    default A foldAll(Iterable<StreamEntry> entries) {
        return foldFrom(initial(), entries);
    }

    /**
     * Folds {@code entries} left to right from {@code start}.
     *
     * @param start   the accumulator to start from
     * @param entries the entries, in stream order
     * @return the accumulator after all of them
     */
    default A foldFrom(A start, Iterable<StreamEntry> entries) {
        A acc = start;
        for (StreamEntry e : entries) {
            acc = step(acc, e);
        }
        return acc;
    }

    /**
     * A fold of version 1 from its parts.
     *
     * @param name    the projection's name, part of every cache key
     * @param initial the accumulator of an empty window
     * @param step    the pure step
     * @param <A>     the accumulator
     * @return the fold
     * @throws NullPointerException naming a missing part
     */
    static <A> Fold<A> of(String name, A initial, BiFunction<A, StreamEntry, A> step) {
        return of(name, 1, initial, step);
    }

    /**
     * A fold from its parts.
     * <pre>{@code
     * Fold<Long> count = Fold.of("count", 2, 0L, (n, e) -> n + 1);   // version 2: older caches are not served
     * }</pre>
     *
     * @param name    the projection's name, part of every cache key
     * @param version the step's version: bump it when the step changes
     * @param initial the accumulator of an empty window
     * @param step    the pure step
     * @param <A>     the accumulator
     * @return the fold
     * @throws NullPointerException naming a missing part
     */
    static <A> Fold<A> of(String name, int version, A initial, BiFunction<A, StreamEntry, A> step) {
        return new FoldParts.Plain<>(name, version, initial, step);
    }
}
