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
