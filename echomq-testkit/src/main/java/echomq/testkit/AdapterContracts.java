package echomq.testkit;

import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroup;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.StreamId;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import org.junit.jupiter.api.Nested;

import java.util.List;

/**
 * Every port contract at once, for an adapter module over one client: extend it (once per Redis:
 * a server, a cluster), say how to build each port and how to write beside them, and each
 * contract runs as a nested class.
 * <pre>{@code
 * class MyRedisContracts extends AdapterContracts {
 *     protected StreamRangePort range() { return new MyStreamRange(client); }
 *     // …
 * }
 * }</pre>
 */
public abstract class AdapterContracts {

    /**
     * For a subclass: one per Redis the adapter runs against.
     */
    public AdapterContracts() {
    }

    /**
     * The range port under test.
     *
     * @return the adapter's range port, over the Redis the contracts run against
     */
    protected abstract StreamRangePort range();

    /**
     * An appender minting with node {@code node}: one per writer, as two minters of one node could mint the same id.
     *
     * @param node the snowflake node id to mint with; each nested contract asks for its own
     * @return a fresh appender of the adapter
     */
    protected abstract StreamAppendPort newAppender(int node);

    /**
     * An appender minting with {@code minter} (a clock a test moves), with the library's default
     * clock bound.
     *
     * @param minter the writer's minter
     * @return a fresh appender of the adapter
     */
    protected abstract StreamAppendPort newAppender(echomq.domain.id.Snowflake minter);

    /**
     * The retention port under test.
     *
     * @return the adapter's retention port
     */
    protected abstract StreamRetentionPort retention();

    /**
     * The state port under test.
     *
     * @return the adapter's state port
     */
    protected abstract StreamStatePort states();

    /**
     * The readers port under test.
     *
     * @return the adapter's readers port (consumer groups' positions)
     */
    protected abstract StreamReadersPort readers();

    /**
     * The checkpoint port under test.
     *
     * @return the adapter's checkpoint store
     */
    protected abstract CheckpointPort checkpoints();

    /**
     * Writes {@code e} under its own id with a plain {@code XADD}, bypassing the adapters: how the
     * contracts store entries with explicit ids.
     *
     * @param key the stream
     * @param e   the entry, stored under {@code e.id()} with its fields
     */
    protected abstract void xadd(StreamKey key, StreamEntry e);

    /**
     * Deletes the key ({@code DEL}), bypassing the adapters.
     *
     * @param key the stream
     */
    protected abstract void delete(StreamKey key);

    /**
     * Deletes one entry ({@code XDEL}), bypassing the adapters.
     *
     * @param key the stream
     * @param id  the entry's id
     */
    protected abstract void deleteEntry(StreamKey key, StreamId id);

    /**
     * The adapter's consumer-group port, reading as {@code consumer}.
     *
     * @param consumer the consumer, of its group, of its stream
     * @return the port
     */
    protected abstract ConsumerGroupPort consumerGroup(Consumer consumer);

    /**
     * The adapter's bucket marks.
     *
     * @return the port
     */
    protected abstract echomq.domain.closing.BucketMarkPort bucketMarks();

    /**
     * The adapter's server clock.
     *
     * @return the port
     */
    protected abstract echomq.domain.closing.ServerClockPort serverClock();

    @Nested
    class Marks extends BucketMarkPortContract {
        @Override
        protected echomq.domain.closing.BucketMarkPort marks() {
            return AdapterContracts.this.bucketMarks();
        }
    }

    @Nested
    class ServerClock extends ServerClockPortContract {
        @Override
        protected echomq.domain.closing.ServerClockPort clock() {
            return AdapterContracts.this.serverClock();
        }
    }

    private ConsumerGroupPort consumerGroup(StreamKey key, String group, String consumer) {
        return consumerGroup(ConsumerGroup.of(key, group).consumer(consumer));
    }

    @Nested
    class Group extends ConsumerGroupPortContract {
        private final StreamAppendPort appender = newAppender(9);

        @Override
        protected ConsumerGroupPort consumerGroup(Consumer consumer) {
            return AdapterContracts.this.consumerGroup(consumer);
        }

        @Override
        protected StreamAppendPort appender() {
            return appender;
        }

        @Override
        protected void deleteEntry(StreamKey key, StreamId id) {
            AdapterContracts.this.deleteEntry(key, id);
        }
    }

    @Nested
    class Checkpoints extends CheckpointPortContract {
        @Override
        protected CheckpointPort checkpoints() {
            return AdapterContracts.this.checkpoints();
        }

        @Override
        protected void store(StreamKey key, List<StreamEntry> entries) {
            entries.forEach(e -> xadd(key, e));
        }

        @Override
        protected void delete(StreamKey key) {
            AdapterContracts.this.delete(key);
        }
    }

    @Nested
    class Readers extends StreamReadersPortContract {
        private final StreamAppendPort appender = newAppender(8);

        @Override
        protected StreamReadersPort readers() {
            return AdapterContracts.this.readers();
        }

        @Override
        protected StreamAppendPort appender() {
            return appender;
        }

        @Override
        protected void createGroup(StreamKey key, String group) {
            consumerGroup(key, group, "creator").ensure();
        }

        @Override
        protected List<StreamId> deliver(StreamKey key, String group, String consumer, int count) {
            return consumerGroup(key, group, consumer).read(count, java.time.Duration.ZERO).stream().map(StreamEntry::id).toList();
        }

        @Override
        protected void ack(StreamKey key, String group, StreamId id) {
            consumerGroup(key, group, "acker").ack(id);
        }
    }

    @Nested
    class Range extends StreamRangePortContract {
        @Override
        protected StreamRangePort port() {
            return range();
        }

        @Override
        protected void store(StreamKey key, List<StreamEntry> entries) {
            entries.forEach(e -> xadd(key, e));
        }
    }

    @Nested
    class WriterClock extends WriterClockContract {
        @Override
        protected StreamAppendPort appender(echomq.domain.id.Snowflake minter) {
            return newAppender(minter);
        }

        @Override
        protected StreamRangePort reader() {
            return range();
        }
    }

    @Nested
    class Append extends StreamAppendPortContract {
        private final StreamAppendPort appender = newAppender(1);

        @Override
        protected StreamAppendPort appender() {
            return appender;
        }

        @Override
        protected StreamRangePort reader() {
            return range();
        }
    }

    @Nested
    class Retention extends StreamRetentionPortContract {
        private final StreamAppendPort appender = newAppender(2);

        @Override
        protected StreamRetentionPort retention() {
            return AdapterContracts.this.retention();
        }

        @Override
        protected StreamAppendPort appender() {
            return appender;
        }

        @Override
        protected StreamRangePort reader() {
            return range();
        }
    }

    @Nested
    class State extends StreamStatePortContract {
        private final StreamAppendPort appender = newAppender(3);

        @Override
        protected StreamStatePort states() {
            return AdapterContracts.this.states();
        }

        @Override
        protected StreamAppendPort appender() {
            return appender;
        }

        @Override
        protected void delete(StreamKey key, StreamId id) {
            deleteEntry(key, id);
        }
    }
}
