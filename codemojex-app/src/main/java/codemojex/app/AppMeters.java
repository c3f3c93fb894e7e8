package codemojex.app;

import codemojex.app.redis.RedisGuessInbox;
import codemojex.app.worker.ScoreWorkers;
import codemojex.projections.Channels;
import codemojex.projections.GamePartitions;
import echomq.domain.observe.EchoListener;
import echomq.domain.retention.GroupPosition;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.stream.StreamKey;
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

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongSupplier;

/**
 * The app's meters, in Prometheus' registry: the JVM's, the library's (through
 * {@link MicrometerEchoListener}), the score workers' and, bound by the server, the HTTP server's.
 * {@link #scrape()} is what {@code GET /metrics} answers.
 */
public final class AppMeters implements AutoCloseable {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final MicrometerEchoListener library = new MicrometerEchoListener(registry);
    private final JvmGcMetrics gc = new JvmGcMetrics();
    /** The score workers' groups, read once per scrape. */
    private final List<WorkerGroup> groups = new CopyOnWriteArrayList<>();

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
        groups.forEach(WorkerGroup::read);
        return registry.scrape();
    }

    /** Counts the commit script's {@code BEHIND} answers ({@code behind}): commits sent again above another writer's ids. */
    void bindBehind(LongSupplier behind) {
        FunctionCounter.builder("codemojex.worker.behind", behind, LongSupplier::getAsLong)
                .description("commits answered BEHIND (another writer appended above the ids minted here; sent again)").register(registry);
    }

    /**
     * The score workers' meters: {@code codemojex.guesses.scored} and {@code .rejected} (counters),
     * and per partition, read from Redis once at each {@link #scrape()}, {@code codemojex.worker.pending} (delivered,
     * not acknowledged) and {@code codemojex.worker.lag} (not delivered yet; -1 when Redis cannot say); {@code codemojex.worker.owned} and {@code .epoch}
     * per partition (the lease), and {@code codemojex.worker.fenced}.
     */
    void bindWorkers(ScoreWorkers workers, StreamReadersPort readers, GamePartitions partitions) {
        FunctionCounter.builder("codemojex.guesses.scored", workers, ScoreWorkers::scored)
                .description("guesses scored by this instance's workers").register(registry);
        FunctionCounter.builder("codemojex.guesses.rejected", workers, ScoreWorkers::rejected)
                .description("guesses rejected by this instance's workers (game settled, malformed)").register(registry);
        for (int p : partitions.all()) {
            WorkerGroup g = new WorkerGroup(readers, partitions.stream(p, Channels.GUESSES));
            groups.add(g);
            Tags tags = Tags.of("partition", Integer.toString(p));
            Gauge.builder("codemojex.worker.pending", g, WorkerGroup::pending).tags(tags).register(registry);
            Gauge.builder("codemojex.worker.lag", g, WorkerGroup::lag).tags(tags).register(registry);
            Gauge.builder("codemojex.worker.owned", workers, w -> w.partition(p).owned() ? 1 : 0).tags(tags)
                    .description("1 while this instance holds the partition's lease (its worker scores), else 0").register(registry);
            Gauge.builder("codemojex.worker.epoch", workers, w -> w.epoch(p)).tags(tags)
                    .description("the fencing epoch of the partition's lease as this instance last gained it (0: never)").register(registry);
        }
        FunctionCounter.builder("codemojex.worker.fenced", workers, ScoreWorkers::fenced)
                .description("commits refused as fenced: this instance had lost the partition's lease").register(registry);
    }

    /** A partition's score worker group as last read: one read per scrape serves both its gauges. */
    private static final class WorkerGroup {
        final StreamReadersPort readers;
        final StreamKey stream;
        volatile double pending = Double.NaN;
        volatile double lag = Double.NaN;

        WorkerGroup(StreamReadersPort readers, StreamKey stream) {
            this.readers = readers;
            this.stream = stream;
        }

        void read() {
            try {
                GroupPosition g = readers.groups(stream).stream().filter(p -> p.group().equals(RedisGuessInbox.GROUP)).findFirst()
                        .orElse(null);
                pending = g == null ? 0 : g.pending();
                lag = g == null ? 0 : g.lag();
            } catch (RuntimeException unavailable) {
                pending = Double.NaN; // Redis did not answer: no value, not a wrong one
                lag = Double.NaN;
            }
        }

        double pending() {
            return pending;
        }

        double lag() {
            return lag;
        }
    }

    @Override
    public void close() {
        gc.close();
        registry.close();
    }
}
