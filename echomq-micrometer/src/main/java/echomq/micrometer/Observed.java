package echomq.micrometer;

import echomq.domain.stream.StreamKey;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import java.util.function.Supplier;

/** One way to observe a port's call: named, tagged with its stream, an error recorded, stopped. */
final class Observed {

    private Observed() {
    }

    /** An observation of {@code name} over {@code stream}, not started. */
    static Observation of(ObservationRegistry registry, String name, StreamKey stream) {
        return Observation.createNotStarted(name, registry)
                .contextualName(name.replace('.', ' ') + " " + stream.queue() + ":" + stream.name())
                .lowCardinalityKeyValue("queue", stream.queue())
                .lowCardinalityKeyValue("stream", stream.name());
    }

    /** {@code call} observed as {@code name} over {@code stream}. */
    static <T> T call(ObservationRegistry registry, String name, StreamKey stream, Supplier<T> call) {
        return of(registry, name, stream).observe(call);
    }
}
