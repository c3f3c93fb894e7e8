/**
 * Metrics for EchoMQ-J on Micrometer: {@link echomq.micrometer.MicrometerEchoListener} is an
 * {@link echomq.domain.observe.EchoListener} that turns the library's events (folds and their cache,
 * state reads, appends and refusals, retention, consumer groups, subscriptions) into counters, timers
 * and gauges on a {@link io.micrometer.core.instrument.MeterRegistry}. Hand the same listener to each
 * part's {@code observedBy}; nothing here runs a thread. The same work as Micrometer
 * {@link io.micrometer.observation.Observation}s (a timer, or a span under a tracer):
 * {@link echomq.micrometer.MicrometerObservations} for folds, and the port wrappers
 * {@link echomq.micrometer.ObservedStreamRange}, {@link echomq.micrometer.ObservedStreamAppend},
 * {@link echomq.micrometer.ObservedConsumerGroup}.
 * <pre>{@code
 * MicrometerEchoListener metrics = new MicrometerEchoListener(registry);
 * reader.observedBy(metrics);
 * followers.observedBy(metrics);
 * }</pre>
 */
package echomq.micrometer;
