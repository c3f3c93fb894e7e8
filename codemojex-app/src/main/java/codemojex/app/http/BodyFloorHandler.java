package codemojex.app.http;

import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.NanoTime;

import java.util.Objects;
import java.util.concurrent.TimeoutException;

/**
 * Holds every request's body to the {@link ReadFloor}: counts the bytes of this request (Jetty's
 * {@code MinimumDataRateHandler} of 12.1 counts those its handler read since the server started, so
 * after some load no request was ever under its floor) and, when the reader is about to wait for
 * more, ends a body under the rate with a {@link TooSlow}; a pause past the floor's (Jetty's idle
 * timeout, which gives a pending read a failure it may ignore) ends it too. Every later read gets
 * the same failure, so a reader that retries is not held either.
 *
 * <p>It sits before Jetty's {@code EagerContentHandler}, which reads the body without a thread
 * (demand callbacks) before the app's blocking read is dispatched: a trickling client costs a
 * connection, not a thread, and the app's read finds the body there, or this failure.
 */
final class BodyFloorHandler extends Handler.Wrapper {

    private final ReadFloor floor;

    BodyFloorHandler(ReadFloor floor) {
        this.floor = Objects.requireNonNull(floor, "floor");
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        return super.handle(new Floored(request), response, callback);
    }

    /** One request's body, counted. Reads never overlap (Jetty's contract); a demand's callback may run on another thread. */
    private final class Floored extends Request.Wrapper {
        private final long begun = NanoTime.now();
        private volatile long bytes;
        private volatile Content.Chunk failed;

        Floored(Request request) {
            super(request);
        }

        @Override
        public Content.Chunk read() {
            Content.Chunk f = failed;
            if (f != null) {
                return f;
            }
            Content.Chunk c = super.read();
            if (c == null) {
                return null;
            }
            if (Content.Chunk.isFailure(c, false) && c.getFailure() instanceof TimeoutException) {
                // the idle timeout: a transient failure a reader may ignore and wait again; here it ends the body
                return fail();
            }
            bytes += c.remaining();
            return c;
        }

        @Override
        public void demand(Runnable demandCallback) {
            if (failed == null && floor.under(bytes, NanoTime.since(begun))) {
                fail();
                demandCallback.run(); // its read finds the failure
                return;
            }
            super.demand(demandCallback);
        }

        private Content.Chunk fail() {
            Content.Chunk f = Content.Chunk.from(new TooSlow("body", floor), true);
            failed = f;
            return f;
        }
    }
}
