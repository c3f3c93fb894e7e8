package codemojex.app;

import codemojex.app.redis.RedisGuessInbox;
import codemojex.app.worker.ScoreWorkers;
import codemojex.projections.Channels;
import codemojex.projections.GamePartitions;
import echomq.domain.observe.EchoListener;
import echomq.domain.retention.GroupPosition;
import echomq.domain.retention.StreamReadersPort;
import echomq.micrometer.MicrometerEchoListener;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.util.function.ToLongFunction;

/**
 * The app's meters, in Prometheus' registry: the JVM's, the library's (through
 * {@link MicrometerEchoListener}), the score workers' and, bound by the server, the HTTP server's.
 * {@link #scrape()} is what {@code GET /metrics} answers.
 */
public final class AppMeters implements AutoCloseable {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final MicrometerEchoListener library = new MicrometerEchoListener(registry);
    private final JvmGcMetrics gc = new JvmGcMetrics();

    AppMeters() {
        new JvmMemoryMetrics().bindTo(registry);
        gc.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
    }

    /** Where meters go. */
    public MeterRegistry registry() {
        return registry;
    }

    /** The listener to bind the library's readers, appenders, retention and followers to. */
    public EchoListener library() {
        return library;
    }

    /** Every meter in Prometheus' text format. */
    public String scrape() {
        return registry.scrape();
    }

    /**
     * The score workers' meters: {@code codemojex.guesses.scored} and {@code .rejected} (counters),
     * and per partition, read from Redis at each scrape, {@code codemojex.worker.pending} (delivered,
     * not acknowledged) and {@code codemojex.worker.lag} (not delivered yet; -1 when Redis cannot say).
     */
    void bindWorkers(ScoreWorkers workers, StreamReadersPort readers, GamePartitions partitions) {
        FunctionCounter.builder("codemojex.guesses.scored", workers, ScoreWorkers::scored)
                .description("guesses scored by this instance's workers").register(registry);
        FunctionCounter.builder("codemojex.guesses.rejected", workers, ScoreWorkers::rejected)
                .description("guesses rejected by this instance's workers (game settled, malformed)").register(registry);
        for (int p : partitions.all()) {
            int partition = p;
            gauge("codemojex.worker.pending", partition, readers, partitions, GroupPosition::pending);
            gauge("codemojex.worker.lag", partition, readers, partitions, GroupPosition::lag);
        }
    }

    private void gauge(String name, int partition, StreamReadersPort readers, GamePartitions partitions,
                       ToLongFunction<GroupPosition> what) {
        Gauge.builder(name, () -> {
            try {
                return readers.groups(partitions.stream(partition, Channels.GUESSES)).stream()
                        .filter(g -> g.group().equals(RedisGuessInbox.GROUP)).mapToLong(what).findFirst().orElse(0);
            } catch (RuntimeException unavailable) {
                return Double.NaN; // Redis did not answer: no value, not a wrong one
            }
        }).tags(Tags.of("partition", Integer.toString(partition))).register(registry);
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}
