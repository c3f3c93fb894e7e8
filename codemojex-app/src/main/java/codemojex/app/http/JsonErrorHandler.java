package codemojex.app.http;

import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.List;

/**
 * Jetty answers some requests before Javalin sees them (a URI it cannot parse, say): make those
 * answers the API's JSON error too, never an HTML page or a stack.
 */
final class JsonErrorHandler extends ErrorHandler {

    JsonErrorHandler() {
        setShowStacks(false);
    }

    @Override
    protected boolean generateAcceptableResponse(Request request, Response response, Callback callback, String contentType,
                                                 List<Charset> charsets, int code, String message, Throwable cause) throws IOException {
        return super.generateAcceptableResponse(request, response, callback, "application/json", charsets, code, message, cause);
    }

    @Override
    protected void writeErrorJson(Request request, PrintWriter writer, int code, String message, Throwable cause) {
        String text = message == null || message.isBlank() ? "HTTP " + code : message;
        writer.print("{\"error\":\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replaceAll("[\\x00-\\x1f]", " ") + "\"}");
    }
}
