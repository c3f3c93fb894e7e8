package echomq.domain.observe;

/**
 * A piece of the library's work that is under way, opened by {@link EchoListener#begin} and closed
 * when the work is done, on the thread that did it: what a tracing adapter turns into a span (and a
 * timer), so that the commands sent while it is open are its children.
 * <pre>{@code
 * try (EchoSpan span = EchoListener.open(listener, EchoSpan.Operation.FOLD, "leaderboard", key)) {
 *     try { return work(); } catch (RuntimeException e) { span.failed(e); throw e; }
 * }
 * }</pre>
 */
public interface EchoSpan extends AutoCloseable {

    /** A span that records nothing: what a listener without tracing opens. */
    EchoSpan NONE = new EchoSpan() {
        @Override
        public void failed(Throwable error) {
        }

        @Override
        public void close() {
        }
    };

    /** The kinds of work a span is opened for; each names its observation. */
    enum Operation {
        /** A projection read of one stream's window or series (the reader's fold). */
        FOLD
    }

    /**
     * The work failed with {@code error} (told before {@link #close()}).
     *
     * @param error what it failed with
     */
    void failed(Throwable error);

    /** The work is done: closes the span on the thread that opened it. Never throws. */
    @Override
    void close();
}
