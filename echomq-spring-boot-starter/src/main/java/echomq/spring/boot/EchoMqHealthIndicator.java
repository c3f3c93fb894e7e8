package echomq.spring.boot;

import echomq.domain.closing.ServerClockPort;
import echomq.domain.retention.GroupPosition;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.stream.StreamKey;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The health of EchoMQ ({@code /actuator/health/echomq}): UP when Redis answers (its {@code TIME},
 * on the node of a stream of its own, through the {@link ServerClockPort}), with the client, the
 * round trip and, for each stream named, each consumer group's pending entries and lag; DOWN when
 * Redis does not answer; OUT_OF_SERVICE when {@code echomq.health.max-lag} is set and a group is
 * further behind.
 */
public class EchoMqHealthIndicator extends AbstractHealthIndicator {

    /** The key whose node answers {@code TIME} (nothing is written to it). */
    static final StreamKey PROBE = StreamKey.of("echomq", "health");

    private final ServerClockPort clock;
    private final StreamReadersPort readers;
    private final Supplier<String> client;
    private final List<StreamKey> streams;
    private final Long maxLag;

    /**
     * An indicator over these ports.
     *
     * @param clock   asks Redis its time: whether it answers
     * @param readers reads the streams' consumer groups
     * @param client  what the client is, for the details
     * @param streams the streams whose groups are shown
     * @param maxLag  the most lag that is healthy, or null for no limit
     */
    public EchoMqHealthIndicator(ServerClockPort clock, StreamReadersPort readers, Supplier<String> client, List<StreamKey> streams, Long maxLag) {
        super("EchoMQ health check failed");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.readers = Objects.requireNonNull(readers, "readers");
        this.client = Objects.requireNonNull(client, "client");
        this.streams = List.copyOf(streams);
        this.maxLag = maxLag;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        long t0 = System.nanoTime();
        Instant serverTime = clock.now(PROBE);
        Duration roundTrip = Duration.ofNanos(System.nanoTime() - t0);
        builder.up().withDetail("client", client.get()).withDetail("serverTime", serverTime.toString())
                .withDetail("roundTripMillis", roundTrip.toNanos() / 1_000_000.0);
        Map<String, Object> byStream = new LinkedHashMap<>();
        boolean behind = false;
        for (StreamKey stream : streams) {
            Map<String, Object> groups = new LinkedHashMap<>();
            for (GroupPosition g : readers.groups(stream)) {
                groups.put(g.group(), Map.of("pending", g.pending(), "lag", g.lag()));
                behind |= maxLag != null && g.lag() > maxLag;
            }
            byStream.put(stream.existing() ? stream.toString() : stream.queue() + ":" + stream.name(), groups); // as the properties name it
        }
        if (!byStream.isEmpty()) {
            builder.withDetail("groups", byStream);
        }
        if (behind) {
            builder.status(Status.OUT_OF_SERVICE).withDetail("maxLag", maxLag);
        }
    }
}
