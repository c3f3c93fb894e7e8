package echomq.testkit;

import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.Snowflake;
import echomq.domain.observe.EchoListener;
import echomq.domain.ports.EchoPorts;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;

import java.time.Clock;
import java.util.Objects;

/**
 * The ports a factory gives over one client, its appender minting with node 1 and built once, closed
 * with the client: what both fault contracts ({@link LostReplyContract}, {@link WriteRefusalContract})
 * run against, each through its own view.
 */
final class OneClientPorts implements LostReplyContract.Ports, WriteRefusalContract.Ports {
    private final EchoPorts ports;
    private final Runnable close;
    private final StreamAppendPort append;

    OneClientPorts(EchoPorts ports, Runnable close) {
        this.ports = Objects.requireNonNull(ports, "ports");
        this.close = Objects.requireNonNull(close, "close");
        this.append = ports.append(new Snowflake(1, Clock.systemUTC()), EchoListener.NONE);
    }

    @Override
    public StreamAppendPort append() {
        return append;
    }

    @Override
    public StreamRangePort range() {
        return ports.range();
    }

    @Override
    public StreamStatePort states() {
        return ports.states();
    }

    @Override
    public CheckpointPort checkpoints() {
        return ports.checkpoints();
    }

    @Override
    public ConsumerGroupPort group(Consumer consumer) {
        return ports.group(consumer);
    }

    @Override
    public void close() {
        close.run();
    }
}
