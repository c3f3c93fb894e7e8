package echomq.engine.projection;

import io.vavr.control.Option;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A bounded map, least recently used out first, safe for concurrent callers (each call holds the
 * map's monitor for its own step only: the reader never holds it across a Redis read).
 *
 * @param <K> the key
 * @param <V> the value
 */
final class Lru<K, V> {

    private final Map<K, V> map;

    /**
     * @param max     the most entries kept, at least 1
     * @param evicted told once per entry pushed out (under the map's monitor: keep it short)
     */
    Lru(int max, Runnable evicted) {
        if (max < 1) {
            throw new IllegalArgumentException("cache size must be >= 1, got " + max);
        }
        this.map = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                boolean evict = size() > max;
                if (evict) {
                    evicted.run();
                }
                return evict;
            }
        };
    }

    /** As {@link #Lru(int, Runnable)}, counting no evictions. */
    Lru(int max) {
        this(max, () -> { });
    }

    /** The value of {@code key}, none when absent; a hit makes it the most recently used. */
    synchronized Option<V> get(K key) {
        return Option.of(map.get(key));
    }

    /** Keeps {@code value} under {@code key}, pushing out the least recently used entry when full. */
    synchronized void put(K key, V value) {
        map.put(key, value);
    }

    /** Drops what {@code key} held, if anything. */
    synchronized void remove(K key) {
        map.remove(key);
    }

    /** Keeps {@code value} when {@code keep}, else drops what the key held. */
    synchronized void keepIf(boolean keep, K key, V value) {
        if (keep) {
            map.put(key, value);
        } else {
            map.remove(key);
        }
    }

    /** How many entries are kept now. */
    synchronized int size() {
        return map.size();
    }
}
