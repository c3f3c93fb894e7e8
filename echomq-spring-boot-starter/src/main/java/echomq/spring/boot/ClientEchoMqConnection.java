package echomq.spring.boot;

import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.Snowflake;
import echomq.domain.observe.EchoListener;
import echomq.domain.ports.EchoPorts;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.tail.StreamTailPort;

import java.util.Objects;

/**
 * The starter's connection over one client: every port from the adapter's factory
 * ({@code RedisPorts.over}, {@code LettucePorts.over}); a subclass runs scripts and closes its client.
 */
abstract class ClientEchoMqConnection implements EchoMqConnection {

    private final EchoPorts ports;
    private final String description;

    ClientEchoMqConnection(EchoPorts ports, String description) {
        this.ports = Objects.requireNonNull(ports, "ports");
        this.description = description;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final StreamRangePort range() {
        return ports.range();
    }

    @Override
    public final StreamAppendPort appender(Snowflake minter, EchoListener listener, echomq.domain.stream.Durability durability) {
        return ports.append(minter, echomq.domain.stream.ClockBound.DEFAULT, listener, durability);
    }

    @Override
    public final StreamRetentionPort retention() {
        return ports.retention();
    }

    @Override
    public final StreamStatePort states() {
        return ports.states();
    }

    @Override
    public final StreamReadersPort readers(EchoListener listener) {
        return ports.readers(listener);
    }

    @Override
    public final CheckpointPort checkpoints() {
        return ports.checkpoints();
    }

    @Override
    public final StreamTailPort tail() {
        return ports.tail();
    }

    @Override
    public final ConsumerGroupPort consumerGroup(Consumer consumer) {
        return ports.group(consumer);
    }

    @Override
    public final ServerClockPort serverClock() {
        return ports.serverClock();
    }

    @Override
    public final BucketMarkPort bucketMarks() {
        return ports.bucketMarks();
    }

    @Override
    public final echomq.domain.rollup.RollupAppendPort rollupAppends() {
        return ports.rollupAppends();
    }

    @Override
    public final String toString() {
        return description;
    }
}
