package codemojex.projections;

import io.vavr.control.Option;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A pure function of a text, each answer kept for the next time it is asked: parsing an emoji, a
 * keyboard or a secret, deriving a name's player id. Bounded: once {@code max} answers are kept it
 * forgets them all and starts over (forgetting costs only computing again), so a flood of distinct
 * texts cannot grow it. A text the function refuses (it throws) is never kept. Thread-safe.
 * <pre>{@code
 * Memo<Emoji> emojis = new Memo<>(4_096, Emoji::new);
 * emojis.get("🐙") == emojis.get("🐙");   // checked once
 * }</pre>
 *
 * @param <V> the answer
 */
public final class Memo<V> {

    private final ConcurrentHashMap<String, V> kept = new ConcurrentHashMap<>();
    private final int max;
    private final Function<String, V> compute;

    /**
     * A memo of {@code compute}, keeping at most {@code max} answers at a time.
     *
     * @param max     how many answers are kept at most, at least 1
     * @param compute the pure function; it may throw for a text it refuses
     * @throws IllegalArgumentException when {@code max} is below 1
     */
    public Memo(int max, Function<String, V> compute) {
        if (max < 1) {
            throw new IllegalArgumentException("a memo keeps at least 1 answer, got " + max);
        }
        this.max = max;
        this.compute = Objects.requireNonNull(compute, "compute");
    }

    /**
     * The answer for {@code text}: the kept one, or computed (and kept) now.
     *
     * @param text the text; null is handed to the function, which refuses it as it will, and never kept
     * @return the answer
     */
    public V get(String text) {
        if (text == null) {
            return compute.apply(null);
        }
        V known = kept.get(text);
        if (known != null) {
            return known;
        }
        V value = compute.apply(text); // a refused text throws here, and nothing is kept
        if (kept.size() >= max) {
            kept.clear();
        }
        kept.put(text, value);
        return value;
    }

    /**
     * The kept answer for {@code text}, without computing one.
     *
     * @param text the text
     * @return the answer, or none when it is not kept now (which says nothing of what the function would answer)
     */
    public Option<V> known(String text) {
        return text == null ? Option.none() : Option.of(kept.get(text));
    }
}
