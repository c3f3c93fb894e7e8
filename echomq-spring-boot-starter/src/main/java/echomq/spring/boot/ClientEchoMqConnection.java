package echomq.spring.boot;

import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.Snowflake;
import echomq.domain.observe.EchoListener;
import echomq.wire.EchoConnection;
import echomq.wire.LuaScript;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.tail.StreamTailPort;

import java.util.List;
import java.util.Objects;

/**
 * The starter's connection over one client: every port from the adapter's factory
 * ({@code RedisPorts.over}, {@code LettucePorts.over}); a subclass runs scripts and closes its client.
 */
abstract class ClientEchoMqConnection implements EchoMqConnection {

    private final EchoConnection ports;

    /** Over the library's connection {@code ports}, which owns (or was lent) the client: its description, scripts and close are its. */
    ClientEchoMqConnection(EchoConnection ports) {
        this.ports = Objects.requireNonNull(ports, "ports");
    }

    @Override
    public final String description() {
        return ports.description();
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
        return ports.description();
    }

    @Override
    public final Object run(LuaScript script, List<String> keys, List<String> argv) {
        return ports.run(script, keys, argv);
    }

    @Override
    public final void close() {
        ports.close();
    }
}
