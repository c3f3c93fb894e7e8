package codemojex.app.http;

/** A request for an event stream that does not accept one. */
final class NotAcceptable extends RuntimeException {
    NotAcceptable(String message) {
        super(message, null, false, false);
    }
}
