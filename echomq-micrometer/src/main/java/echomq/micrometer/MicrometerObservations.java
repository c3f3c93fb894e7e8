package echomq.micrometer;

import echomq.domain.observe.EchoEvent;
import echomq.domain.observe.EchoListener;
import echomq.domain.observe.EchoSpan;
import echomq.domain.stream.StreamKey;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import java.util.Objects;

/**
 * The library's folds as Micrometer {@link Observation}s: each projection read of one stream's
 * window or series is an observation {@code echomq.fold} with the low-cardinality keys
 * {@code projection}, {@code queue} and {@code stream} (the tags of {@code echomq.projection.folds}),
 * opened on the reading thread, so the reads and commands it sends are its children in a trace.
 * What an observation becomes is the registry's affair: a timer with Micrometer's
 * {@code DefaultMeterObservationHandler}, a span with a tracing handler (Spring Boot configures
 * both). Window reads, appends and group reads are observed by wrapping their ports:
 * {@link ObservedStreamRange}, {@link ObservedStreamAppend}, {@link ObservedConsumerGroup}.
 * <pre>{@code
 * ObservationRegistry observations = ObservationRegistry.create();
 * observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
 * ProjectionReader reader = new ProjectionReader(new ObservedStreamRange(range, observations), state, clock, 10_000)
 *         .observedBy(new MicrometerEchoListener(meters).and(new MicrometerObservations(observations)));
 * }</pre>
 */
public final class MicrometerObservations implements EchoListener {

    /** The name of a fold's observation. */
    public static final String FOLD = "echomq.fold";

    private final ObservationRegistry registry;

    /**
     * Observations of folds in {@code registry}.
     *
     * @param registry where the observations go ({@link ObservationRegistry#NOOP} records none)
     */
    public MicrometerObservations(ObservationRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    /**
     * Hears events and ignores them: the meters are {@link MicrometerEchoListener}'s; this listener
     * only opens spans.
     *
     * @param event what the library did
     */
    @Override
    public void on(EchoEvent event) {
        // spans only: combine with MicrometerEchoListener through EchoListener.and for the meters
    }

    /**
     * Starts the observation of a fold and opens its scope on this thread.
     *
     * @param operation  what is about to run
     * @param projection the projection's name
     * @param stream     the stream it reads
     * @return the span, which stops the observation when closed
     */
    @Override
    public EchoSpan begin(EchoSpan.Operation operation, String projection, StreamKey stream) {
        Observation observation = Observation.createNotStarted(FOLD, registry)
                .contextualName("echomq fold " + projection)
                .lowCardinalityKeyValue("projection", projection)
                .lowCardinalityKeyValue("queue", stream.queue())
                .lowCardinalityKeyValue("stream", stream.name())
                .start();
        Observation.Scope scope = observation.openScope();
        return new EchoSpan() {
            @Override
            public void failed(Throwable error) {
                observation.error(error);
            }

            @Override
            public void close() {
                scope.close();
                observation.stop();
            }
        };
    }
}
