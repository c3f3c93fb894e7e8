package codemojex.app.http;

/**
 * One client's open event stream, as the pings see it ({@link Traffic#ping()}): it may have left,
 * it takes a comment, and it can be let go of with everything it holds.
 */
interface EventStream {

    /** Whether the client left (its connection closed) or the stream was released. */
    boolean terminated();

    /** Sends the stream a comment; throws when the client cannot be written to. */
    void ping();

    /** Closes the stream and stops everything feeding it; safe to call more than once, from any thread. */
    void release();
}
