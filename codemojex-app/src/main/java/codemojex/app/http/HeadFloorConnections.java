package codemojex.app.http;

import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.NanoTime;

import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.concurrent.TimeoutException;

/**
 * HTTP/1.1 connections whose header blocks are held to the {@link ReadFloor}: Jetty has no timeout
 * for a request's head (its idle timeout restarts at every byte, so a head sent a byte a second was
 * never cut, and it holds a connection, and Jetty's buffers, as long as the client likes). Jetty's own
 * parser and connection, each with one hook: once a head has begun and the parser is about to wait
 * for more, a head under the floor's rate is a {@link TooSlow} (Jetty's bad-message path answers it:
 * a 408 with the API's JSON error, the connection closed); and while a head is read the connection's
 * idle timeout is the floor's pause, so a head that stops is answered the same way when it expires.
 * Between requests the connector's idle timeout applies, as before.
 */
final class HeadFloorConnections extends HttpConnectionFactory {

    private final ReadFloor floor;

    /** Connections of {@code config} whose heads are held to {@code floor}. */
    HeadFloorConnections(HttpConfiguration config, ReadFloor floor) {
        super(config);
        this.floor = Objects.requireNonNull(floor, "floor");
    }

    @Override
    public Connection newConnection(Connector connector, EndPoint endPoint) {
        Floored c = new Floored(getHttpConfiguration(), connector, endPoint, floor);
        c.setTransferEncodingChunkMaxLength(getTransferEncodingChunkMaxLength());
        return configure(c, connector, endPoint);
    }

    /** Jetty's connection, its parser and its request handler each with the floor's hook. */
    private static final class Floored extends HttpConnection {
        private final ReadFloor floor;
        /** Set by {@link #newRequestHandler} for {@link #newHttpParser}, both called by Jetty's constructor: no initializer. */
        private Heads heads;

        Floored(HttpConfiguration config, Connector connector, EndPoint endPoint, ReadFloor floor) {
            super(config, connector, endPoint);
            this.floor = floor;
        }

        @Override
        protected RequestHandler newRequestHandler() {
            heads = new Heads();
            return heads;
        }

        @Override
        protected HttpParser newHttpParser(HttpCompliance compliance) {
            HeadParser parser = new HeadParser(heads, getHttpConfiguration().getRequestHeaderSize(), compliance);
            parser.setHeaderCacheSize(getHttpConfiguration().getHeaderCacheSize());
            parser.setHeaderCacheCaseSensitive(getHttpConfiguration().isHeaderCacheCaseSensitive());
            return parser;
        }

        @Override
        public void onFillInterestedFailed(Throwable cause) {
            // the idle timeout while a head was read (Jetty hands it to the pending read, here, alone): answer
            // it as a head under the floor, rather than closing the connection without a word
            if (cause instanceof TimeoutException && getParser() instanceof HeadParser p && p.inHead()) {
                p.cut();
                return;
            }
            super.onFillInterestedFailed(cause);
        }

        /** The connector's idle timeout back, once a head is complete (before Jetty reads it for the request's own). */
        private void endOfHead() {
            long idle = getConnector().getIdleTimeout();
            if (getEndPoint().getIdleTimeout() != idle) {
                getEndPoint().setIdleTimeout(idle);
            }
        }

        private final class Heads extends RequestHandler {
            @Override
            public boolean headerComplete() {
                endOfHead();
                return super.headerComplete();
            }
        }

        private final class HeadParser extends HttpParser {
            private long headBytes;

            HeadParser(RequestHandler handler, int maxHeaderBytes, HttpCompliance compliance) {
                super(handler, maxHeaderBytes, compliance);
            }

            /** A head has begun and is not complete. */
            boolean inHead() {
                return inHeaderState() && !isStart();
            }

            @Override
            public boolean parseNext(ByteBuffer buffer) {
                boolean starting = isStart();
                int before = buffer.remaining();
                boolean handle = super.parseNext(buffer);
                if (starting) {
                    headBytes = 0;
                }
                if (!inHead()) {
                    return handle;
                }
                headBytes += before - buffer.remaining();
                if (starting) {
                    getEndPoint().setIdleTimeout(floor.pause().toMillis()); // a head that stops is cut after the pause
                }
                if (!buffer.hasRemaining() && floor.under(headBytes, NanoTime.since(getBeginNanoTime()))) {
                    cut(); // about to wait for more of a head under the floor
                }
                return handle;
            }

            /** Ends the head as Jetty ends a bad one: the request handler answers the 408, the connection closes. */
            void cut() {
                badMessage(new TooSlow("headers", floor));
            }
        }
    }
}
