package codemojex.app.http;

import java.time.Instant;

/**
 * The web models of the buckets answered lately, by the identity of their fold's value and their
 * bounds: a direct-mapped table, each slot the last bucket that hashed to it. The folds are
 * immutable, so the same object with the same bounds is the same answer; a sealed bucket's fold is
 * the one object the reader keeps, and a series of sixty buckets was counting and formatting all of
 * them on every request. Slots are written without a lock: each holds an immutable entry, and a
 * lost write is only a miss.
 */
final class BucketCache<W> {

    private static final int SLOTS = 1024; // a power of two, above a series' usual buckets

    private record Entry<V>(Object value, Instant t0, Instant t1, V web) {
    }

    @SuppressWarnings("unchecked") // an array of a generic record: every slot holds an Entry<W> or nothing
    private final Entry<W>[] slots = (Entry<W>[]) new Entry<?>[SLOTS];

    /** The web model kept for {@code value} over {@code [t0, t1]}, or null. */
    W get(Object value, Instant t0, Instant t1) {
        Entry<W> e = slots[slot(value, t0, t1)];
        return e != null && e.value == value && e.t0.equals(t0) && e.t1.equals(t1) ? e.web : null;
    }

    /** Keeps {@code web} as {@code value}'s over {@code [t0, t1]}. */
    void put(Object value, Instant t0, Instant t1, W web) {
        slots[slot(value, t0, t1)] = new Entry<>(value, t0, t1, web);
    }

    private static int slot(Object value, Instant t0, Instant t1) {
        int h = System.identityHashCode(value) * 31 + t0.hashCode();
        h = h * 31 + t1.hashCode();
        return (h ^ (h >>> 16)) & (SLOTS - 1);
    }
}
