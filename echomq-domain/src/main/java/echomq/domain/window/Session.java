package echomq.domain.window;

import io.vavr.control.Option;

import java.time.Instant;
import java.util.Objects;

/**
 * One session of a {@link Sessions} read: a burst of entries (of one key, when keyed) with less
 * than the gap between any two, and at least the gap of quiet before and after it.
 * <pre>{@code
 * Session<Long> s = sessions.head();
 * s.key();      // Some("ada") for Sessions.of(gap).perKey("player"), none when not keyed
 * s.from();     // the first entry's millisecond; s.to() the last one's
 * s.open();     // true while an entry within the gap after s.to() may still come
 * }</pre>
 *
 * @param key     the key field's value, none when the sessions are not keyed
 * @param window  from the first entry's millisecond to the last one's, both in
 * @param entries how many entries the session holds, at least 1
 * @param value   their fold
 * @param open    whether the session may still grow: the range read (or the server's clock past the
 *                skew) does not yet reach a whole gap after its last entry
 * @param <A>     the fold's accumulator
 */
public record Session<A>(Option<String> key, Window.Closed window, long entries, A value, boolean open) {

    /**
     * Checks that nothing is missing and that the session holds an entry.
     *
     * @param key     the key, none when not keyed
     * @param window  first to last entry
     * @param entries at least 1
     * @param value   the fold
     * @param open    whether it may still grow
     * @throws IllegalArgumentException when {@code entries} is less than 1
     */
    public Session {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(value, "value");
        if (entries < 1) {
            throw new IllegalArgumentException("a session holds at least one entry, got " + entries);
        }
    }

    /**
     * The first entry's instant.
     *
     * @return {@code window().t0()}
     */
    public Instant from() {
        return window.t0();
    }

    /**
     * The last entry's instant.
     *
     * @return {@code window().t1()}
     */
    public Instant to() {
        return window.t1();
    }
}
