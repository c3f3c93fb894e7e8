package codemojex.app.http;

import org.eclipse.jetty.http.BadMessageException;
import org.eclipse.jetty.http.HttpStatus;

import java.util.Objects;

/**
 * A request that arrived under the {@link ReadFloor}: a 408 naming the part that was slow
 * ({@code headers} or {@code body}), answered by Jetty (a header block) or by {@code ErrorRoutes} (a
 * body), its connection closed. Jetty's own 408: its error handling reads the code from it.
 */
final class TooSlow extends BadMessageException {

    /** The part that was slow: {@code headers} or {@code body}, the error's {@code field}. */
    final String field;

    TooSlow(String field, ReadFloor floor) {
        super(HttpStatus.REQUEST_TIMEOUT_408, floor.message(field));
        this.field = Objects.requireNonNull(field, "field");
    }

    /** Whether {@code t} or one of its causes is a {@code TooSlow}: the one, or null. */
    static TooSlow in(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof TooSlow s) {
                return s;
            }
        }
        return null;
    }
}
