package echomq.domain.observe;

/**
 * Hears what the library did ({@link EchoEvent}), to count and time it: the port a metrics adapter
 * binds (the {@code echomq-micrometer} module binds it to Micrometer). Called on the library's
 * threads, inline: keep it quick and never throw (what it throws is dropped, never the caller's
 * problem).
 * <pre>{@code
 * reader.observedBy(event -> { if (event instanceof EchoEvent.Folded f) count(f.kind()); });
 * }</pre>
 */
@FunctionalInterface
public interface EchoListener {

    /** Hears nothing: the default everywhere, at the cost of one call. */
    EchoListener NONE = event -> { };

    /**
     * Hears {@code event}: called inline on the library's thread, so it should return quickly.
     *
     * @param event what the library did
     */
    void on(EchoEvent event);

    /**
     * Opens a span for {@code operation} about to run on this thread; the library closes it when
     * the work is done. The default opens {@link EchoSpan#NONE}: only a tracing listener (such as
     * {@code echomq-micrometer}'s {@code MicrometerObservations}) records spans.
     *
     * @param operation  what is about to run
     * @param projection the projection's name (bounded)
     * @param stream     the stream it reads
     * @return the open span
     */
    default EchoSpan begin(EchoSpan.Operation operation, String projection, echomq.domain.stream.StreamKey stream) {
        return EchoSpan.NONE;
    }

    /**
     * This listener and then {@code other}: each hears every event, and each opens its span.
     * <pre>{@code
     * reader.observedBy(new MicrometerEchoListener(meters).and(new MicrometerObservations(observations)));
     * }</pre>
     *
     * @param other the second listener
     * @return a listener telling both
     */
    default EchoListener and(EchoListener other) {
        java.util.Objects.requireNonNull(other, "other");
        EchoListener first = this;
        return new EchoListener() {
            @Override
            public void on(EchoEvent event) {
                tell(first, event);
                tell(other, event);
            }

            @Override
            public EchoSpan begin(EchoSpan.Operation operation, String projection, echomq.domain.stream.StreamKey stream) {
                EchoSpan a = open(first, operation, projection, stream);
                EchoSpan b = open(other, operation, projection, stream);
                return new EchoSpan() {
                    @Override
                    public void failed(Throwable error) {
                        a.failed(error);
                        b.failed(error);
                    }

                    @Override
                    public void close() {
                        b.close(); // in the reverse order of opening, as nested scopes close
                        a.close();
                    }
                };
            }
        };
    }

    /**
     * Opens {@code listener}'s span for {@code operation}, never failing the work: a span that
     * cannot be opened, or whose {@code failed}/{@code close} throws, is dropped. The library opens
     * spans only through this.
     *
     * @param listener   the listener
     * @param operation  what is about to run
     * @param projection the projection's name
     * @param stream     the stream it reads
     * @return the open span, or {@link EchoSpan#NONE}
     */
    static EchoSpan open(EchoListener listener, EchoSpan.Operation operation, String projection,
                         echomq.domain.stream.StreamKey stream) {
        EchoSpan span;
        try {
            span = listener.begin(operation, projection, stream);
        } catch (RuntimeException ignored) {
            return EchoSpan.NONE; // observing never breaks the observed
        }
        if (span == null || span == EchoSpan.NONE) {
            return EchoSpan.NONE;
        }
        return new EchoSpan() {
            @Override
            public void failed(Throwable error) {
                try {
                    span.failed(error);
                } catch (RuntimeException ignored) {
                    // as above
                }
            }

            @Override
            public void close() {
                try {
                    span.close();
                } catch (RuntimeException ignored) {
                    // as above
                }
            }
        };
    }

    /**
     * Tells {@code listener} of {@code event}, dropping whatever it throws: observing never breaks
     * the observed. The library calls listeners only through this.
     *
     * @param listener the listener
     * @param event    the event
     */
    static void tell(EchoListener listener, EchoEvent event) {
        try {
            listener.on(event);
        } catch (RuntimeException ignored) {
            // a broken listener must not fail a fold or an append
        }
    }
}
