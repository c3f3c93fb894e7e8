package echomq.domain.window;

import java.util.Objects;

/**
 * A read of sessions refused because it passed one of its bounds: a session longer than
 * {@link Sessions#longest} (a read reaches back only that far, so it cannot see where such a session
 * starts) or more sessions than {@link Sessions#most}. Typed, so that a caller that spells the bounds
 * otherwise (a command line's {@code --longest}, {@code --most}) names them its own way.
 * <pre>{@code
 * try {
 *     windows.foldSessions(key, sessions, range, fold);
 * } catch (SessionsBoundException e) {
 *     e.bound();   // LONGEST or MOST
 *     e.found();   // "a session of user=u7 from … (or before) to …", or "more than 10000 sessions"
 * }
 * }</pre>
 */
public final class SessionsBoundException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** The bound a read passed. */
    public enum Bound {
        /** {@link Sessions#longest}: a session was longer. */
        LONGEST,
        /** {@link Sessions#most}: a read found more sessions. */
        MOST
    }

    /** The bound passed. */
    private final Bound bound;
    /** What passed it, as a phrase. */
    private final String found;

    /**
     * @param bound   the bound passed
     * @param found   what passed it, as a phrase ({@code a session of user=u7 from … to …})
     * @param message the whole message, naming the bound as the library spells it
     */
    SessionsBoundException(Bound bound, String found, String message) {
        super(message);
        this.bound = Objects.requireNonNull(bound, "bound");
        this.found = Objects.requireNonNull(found, "found");
    }

    /**
     * The bound the read passed.
     *
     * @return {@link Bound#LONGEST} or {@link Bound#MOST}
     */
    public Bound bound() {
        return bound;
    }

    /**
     * What passed it, as a phrase a caller can put before its own name of the bound.
     *
     * @return e.g. {@code a session of user=u7 from 2026-12-07T10:00:00Z (or before) to 2026-12-08T11:00:00Z}
     */
    public String found() {
        return found;
    }
}
