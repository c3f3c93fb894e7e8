package echomq.domain.window;

import java.time.Instant;
import java.util.Objects;

/**
 * A range cut into sessions: the window a caching reader answers sessions for, as {@link Bucketed}
 * is for a series. The range is closed, or sliding ({@code [now - d, now]} at each read).
 * <pre>{@code
 * Sessioned lastHour = Sessions.of(Duration.ofMinutes(2)).perKey("player").within(Window.last(Duration.ofHours(1)));
 * List<Session<Long>> s = reader.fold(key, lastHour, count);
 * }</pre>
 *
 * @param range    the range: closed or sliding
 * @param sessions the gap, the key and the bounds
 */
public record Sessioned(Window range, Sessions sessions) {

    /**
     * Checks that the range has an end.
     *
     * @param range    closed or sliding
     * @param sessions the sessions
     * @throws IllegalArgumentException for a half-open range
     */
    public Sessioned {
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(sessions, "sessions");
        if (!range.hasEnd()) {
            throw new IllegalArgumentException("sessions need a range with an end: " + range + " has none; use Window.closed or Window.last");
        }
    }

    /**
     * The closed range at {@code now}.
     *
     * @param now the reader's instant
     * @return the range
     */
    public Window.Closed at(Instant now) {
        return range.closedAt(now).get();
    }
}
