package codemojex.app.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.NanoTime;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Objects;

/**
 * Jetty answers some requests before Javalin sees them (a URI it cannot parse, say): make those
 * answers the API's JSON error too, never an HTML page or a stack.
 */
final class JsonErrorHandler extends ErrorHandler {

    private final ObjectMapper json;
    private final RequestMetrics metrics;

    /**
     * Writes the error body with {@code json}, which escapes whatever Jetty's message holds (it may quote the request);
     * a request cut under the read floor before the app saw it (its head) is recorded in {@code metrics}, as the app's
     * own answers are.
     */
    JsonErrorHandler(ObjectMapper json, RequestMetrics metrics) {
        this.json = Objects.requireNonNull(json, "json");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        setShowStacks(false);
    }

    @Override
    protected boolean generateAcceptableResponse(Request request, Response response, Callback callback, String contentType,
                                                 List<Charset> charsets, int code, String message, Throwable cause) throws IOException {
        return super.generateAcceptableResponse(request, response, callback, "application/json", charsets, code, message, cause);
    }

    @Override
    protected void writeErrorJson(Request request, PrintWriter writer, int code, String message, Throwable cause) {
        TooSlow slow = TooSlow.in(cause);
        if (slow != null) {
            metrics.recordUnrouted(request.getMethod(), request.getHttpURI() == null ? null : request.getHttpURI().getPath(), code,
                    NanoTime.since(request.getBeginNanoTime()));
        }
        writer.print(body(code, message, slow == null ? null : slow.field));
    }

    /** The JSON body of error {@code code} with Jetty's {@code message}, if it has one, naming {@code field} if not null. */
    String body(int code, String message, String field) {
        String error = message == null || message.isBlank() ? "HTTP " + code : message;
        try {
            return json.writeValueAsString(field == null ? ErrorWeb.of(error) : ErrorWeb.of(field, error));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e); // a record of one string: never, short of a broken mapper
        }
    }
}
