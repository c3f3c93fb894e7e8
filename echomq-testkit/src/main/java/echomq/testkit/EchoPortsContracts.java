package echomq.testkit;

import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroup;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.BrandedId;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.observe.EchoEvent;
import echomq.domain.observe.EchoListener;
import echomq.domain.ports.EchoPorts;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.ClockBound;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.stream.StreamStoreException;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every port contract on the ports an adapter's factory gives ({@link EchoPorts}): each port
 * {@link AdapterContracts} runs comes from {@link #ports()}, and the tests here cover what only the
 * factory decides: the tail, the listeners it hands the appender and the readers, the appender's
 * clock bound. Extend it once per Redis, saying which ports and how to write beside them.
 * <pre>{@code
 * class MyPortsContracts extends EchoPortsContracts {
 *     protected EchoPorts ports() { return MyPorts.over(client); }
 *     // xadd, delete, deleteEntry
 * }
 * }</pre>
 */
public abstract class EchoPortsContracts extends AdapterContracts {

    /**
     * For a subclass: one per Redis the adapter runs against.
     */
    public EchoPortsContracts() {
    }

    /**
     * The ports under test.
     *
     * @return the adapter's factory's ports, over the Redis the contracts run against
     */
    protected abstract EchoPorts ports();

    @Override
    protected StreamRangePort range() {
        return ports().range();
    }

    @Override
    protected StreamAppendPort newAppender(int node) {
        return newAppender(new Snowflake(node, Clock.systemUTC()));
    }

    @Override
    protected StreamAppendPort newAppender(Snowflake minter) {
        return ports().append(minter, EchoListener.NONE);
    }

    @Override
    protected StreamRetentionPort retention() {
        return ports().retention();
    }

    @Override
    protected StreamStatePort states() {
        return ports().states();
    }

    @Override
    protected StreamReadersPort readers() {
        return ports().readers(EchoListener.NONE);
    }

    @Override
    protected CheckpointPort checkpoints() {
        return ports().checkpoints();
    }

    @Override
    protected ConsumerGroupPort consumerGroup(Consumer consumer) {
        return ports().group(consumer);
    }

    @Override
    protected BucketMarkPort bucketMarks() {
        return ports().bucketMarks();
    }

    @Override
    protected ServerClockPort serverClock() {
        return ports().serverClock();
    }

    @org.junit.jupiter.api.Nested
    class Leases extends PartitionLeasePortContract {
        @Override
        protected echomq.domain.lease.PartitionLeasePort leases() {
            return ports().leases();
        }
    }

    @org.junit.jupiter.api.Nested
    class RollupAppends extends RollupAppendPortContract {
        @Override
        protected echomq.domain.rollup.RollupAppendPort appends() {
            return ports().rollupAppends();
        }

        @Override
        protected StreamRangePort reader() {
            return ports().range();
        }
    }

    private static StreamKey fresh() {
        return StreamKey.of("contract", "ports-" + UUID.randomUUID());
    }

    @Test
    void theTailFollowsWhatTheAppenderWrites() {
        StreamKey key = fresh();
        assertThat(ports().tail().readAfter(key, StreamId.MIN, 10, Duration.ofMillis(20))).isEmpty();
        BrandedId id = ports().append(new Snowflake(11, Clock.systemUTC()), EchoListener.NONE).append(key, LinkedHashMap.of("n", "1"));
        List<StreamEntry> read = ports().tail().readAfter(key, StreamId.MIN, 10, Duration.ofSeconds(1));
        assertThat(read).extracting(StreamEntry::id).containsExactly(id.streamId());
        assertThat(ports().tail().readAfter(key, id.streamId(), 10, Duration.ofMillis(20))).isEmpty();
    }

    @Test
    void theAppenderAndTheReadersTellTheirListeners() {
        StreamKey key = fresh();
        List<EchoEvent> heard = new CopyOnWriteArrayList<>();
        ports().append(new Snowflake(12, Clock.systemUTC()), heard::add).append(key, LinkedHashMap.of("n", "1"));
        awaitHeard(heard, e -> e instanceof EchoEvent.Appended a && a.stream().equals(key));

        ports().group(ConsumerGroup.of(key, "g").consumer("c")).ensure();
        assertThat(ports().readers(heard::add).groups(key)).hasSize(1);
        awaitHeard(heard, e -> e instanceof EchoEvent.GroupObserved g && g.stream().equals(key) && g.group().equals("g"));
    }

    @Test
    void theAppenderKeepsToTheClockBoundItIsGiven() {
        StreamKey key = fresh();
        long aMinuteAhead = System.currentTimeMillis() + 60_000;
        Snowflake ahead = new Snowflake(13, () -> aMinuteAhead);
        assertThatThrownBy(() -> ports().append(ahead, new ClockBound(Duration.ofSeconds(1)), EchoListener.NONE)
                .append(key, LinkedHashMap.of("n", "1")))
                .isInstanceOf(StreamStoreException.ClockAhead.class);
        assertThat(range().rangeFrom(key, StreamId.MIN, 10)).isEmpty();
        assertThat(ports().append(new Snowflake(14, () -> aMinuteAhead), EchoListener.NONE).append(key, LinkedHashMap.of("n", "2")))
                .as("the default bound, 10 minutes, lets a minute ahead through").isNotNull();
        assertThat(range().rangeFrom(key, StreamId.MIN, 10)).hasSize(1);
    }

    /** Waits (up to 5 s) for {@code heard} to hold an event {@code wanted} matches. */
    private static void awaitHeard(List<EchoEvent> heard, Predicate<EchoEvent> wanted) {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (heard.stream().noneMatch(wanted) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        assertThat(heard).as("what the listener heard").anyMatch(wanted);
    }
}
