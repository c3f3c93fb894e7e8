package echomq.testkit;

import echomq.domain.checkpoint.Checkpoint;
import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.stream.EntryMark;
import echomq.domain.group.Consumer;
import echomq.domain.group.ConsumerGroup;
import echomq.domain.id.StreamId;
import echomq.domain.ports.EchoPorts;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamState;
import echomq.domain.stream.StreamStoreException;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The contract of an adapter against a Redis that is up and refuses writes, out of memory
 * ({@code OOM}) or unable to persist ({@code MISCONF}), on a private server of its own: every write
 * is a typed {@link StreamStoreException.WritesRefused} naming the key (never an
 * {@code Unavailable}: the server answers), reads are served, a refused checkpoint save leaves the
 * stored one as it was (its script is refused before it runs), and writes are accepted again once
 * the server is. Extend it once per adapter, saying how to build its ports on a server's URI.
 */
public abstract class WriteRefusalContract {

    /**
     * For a subclass that names the adapter under test.
     */
    public WriteRefusalContract() {
    }

    /** The adapter's ports on one connection to a server, closed together. */
    public interface Ports extends AutoCloseable {
        /**
         * The appender.
         *
         * @return an appender minting with node 1
         */
        StreamAppendPort append();

        /**
         * The range port.
         *
         * @return the range port
         */
        StreamRangePort range();

        /**
         * The state port.
         *
         * @return the state port
         */
        StreamStatePort states();

        /**
         * The checkpoint port.
         *
         * @return the checkpoint port
         */
        CheckpointPort checkpoints();

        /**
         * A consumer's group port.
         *
         * @param consumer the consumer
         * @return its group port
         */
        ConsumerGroupPort group(Consumer consumer);

        /** Closes the connection. */
        @Override
        void close();

        /**
         * The ports a factory gives over one client, its appender minting with node 1.
         * <pre>{@code
         * UnifiedJedis jedis = RedisConnections.connect(uri, Duration.ofSeconds(2), Duration.ofSeconds(2));
         * return Ports.of(RedisPorts.over(jedis), jedis::close);
         * }</pre>
         *
         * @param ports the ports over the client
         * @param close closes the client
         * @return the ports, the appender built once
         */
        static Ports of(EchoPorts ports, Runnable close) {
            return new OneClientPorts(ports, close);
        }
    }

    /**
     * The adapter's ports on a connection to {@code uri}, with short timeouts.
     *
     * @param uri the server
     * @return the ports
     */
    protected abstract Ports connect(String uri);

    /** The two ways a Redis refuses writes, with the typed failure each one is. */
    enum Fault {
        OUT_OF_MEMORY(StreamStoreException.OutOfMemory.class, "OOM") {
            @Override
            void inject(RedisServerProcess r) {
                r.fillMemory();
            }

            @Override
            void clear(RedisServerProcess r) {
                r.freeMemory();
            }
        },
        PERSISTENCE_FAILURE(StreamStoreException.PersistenceFailure.class, "MISCONF") {
            @Override
            void inject(RedisServerProcess r) {
                r.failPersistence();
            }

            @Override
            void clear(RedisServerProcess r) {
                r.restorePersistence();
            }
        };

        final Class<? extends StreamStoreException.WritesRefused> type;
        final String code;

        Fault(Class<? extends StreamStoreException.WritesRefused> type, String code) {
            this.type = type;
            this.code = code;
        }

        abstract void inject(RedisServerProcess r);

        abstract void clear(RedisServerProcess r);
    }

    @ParameterizedTest
    @EnumSource(Fault.class)
    void writesAreRefusedTypedReadsServedAndWritesAcceptedAgainAfter(Fault fault) {
        try (RedisServerProcess server = TestRedis.privateServer();
             Ports ports = connect(server.uri())) {
            StreamKey key = StreamKey.of("q", "refused");
            StreamAppendPort append = ports.append();
            StreamRangePort range = ports.range();
            StreamStatePort states = ports.states();
            CheckpointPort checkpoints = ports.checkpoints();
            ConsumerGroupPort group = ports.group(new Consumer(ConsumerGroup.of(key, "g"), "c"));
            append.append(key, LinkedHashMap.of("n", "1"));
            group.ensure();
            Checkpoint first = checkpoint(key, range.rangeFrom(key, StreamId.MIN, 10).get(0), states.state(key).get(), "1");
            assertThat(checkpoints.save(first, Option.none())).isTrue();
            append.append(key, LinkedHashMap.of("n", "2"));

            fault.inject(server);

            assertThatThrownBy(() -> append.append(key, LinkedHashMap.of("n", "3")))
                    .isInstanceOf(fault.type).isNotInstanceOf(StreamStoreException.Unavailable.class)
                    .hasMessageContaining(fault.code).hasMessageContaining(key.toString());
            assertThatThrownBy(() -> append.appendAsync(key, LinkedHashMap.of("n", "3")).join())
                    .hasCauseInstanceOf(fault.type);
            assertThatThrownBy(() -> append.appendBatch(key, List.of(LinkedHashMap.of("n", "3"), LinkedHashMap.of("n", "4"))))
                    .satisfies(e -> assertThat(refusal(e)).isInstanceOf(fault.type));
            // the checkpoint script declares its writes: refused whole, the stored checkpoint as it was
            List<StreamEntry> both = range.rangeFrom(key, StreamId.MIN, 10);
            Checkpoint second = checkpoint(key, both.get(1), states.state(key).get(), "2");
            assertThatThrownBy(() -> checkpoints.save(second, Option.none())).isInstanceOf(fault.type);
            assertThat(checkpoints.load(key, "count", Checkpoint.WHOLE_LOG).map(Checkpoint::state)).contains("1");
            // reads are served
            assertThat(both).hasSize(2);
            assertThat(states.state(key).get().length()).isEqualTo(2);

            fault.clear(server);

            append.append(key, LinkedHashMap.of("n", "3"));
            assertThat(checkpoints.save(checkpoint(key, both.get(1), states.state(key).get(), "2"), Option.none())).isTrue();
            assertThat(group.read(10, Duration.ZERO)).hasSize(3);
            assertThat(range.rangeFrom(key, StreamId.MIN, 10)).hasSize(3);
        }
    }

    @ParameterizedTest
    @EnumSource(Fault.class)
    void aScriptThatDeclaresWritesIsRefusedBeforeItRuns(Fault fault) {
        try (RedisServerProcess server = TestRedis.privateServer();
             Ports ports = connect(server.uri())) {
            StreamKey key = StreamKey.of("q", "script");
            StreamAppendPort append = ports.append();
            StreamRangePort range = ports.range();
            StreamStatePort states = ports.states();
            append.append(key, LinkedHashMap.of("n", "1"));
            Checkpoint c = checkpoint(key, range.rangeFrom(key, StreamId.MIN, 10).get(0), states.state(key).get(), "1");
            fault.inject(server);
            server.command("CONFIG", "RESETSTAT");
            assertThatThrownBy(() -> ports.checkpoints().save(c, Option.none())).isInstanceOf(fault.type);
            // refused as the command came in: the script ran none of its commands, not even its reads
            String stats = server.command("INFO", "commandstats");
            assertThat(stats).doesNotContain("cmdstat_hget:").doesNotContain("cmdstat_del:");
            fault.clear(server);
        }
    }

    /** The write refusal inside a batch failure (the whole batch failed, or a part of it). */
    private static Throwable refusal(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StreamStoreException.WritesRefused) {
                return t;
            }
        }
        return e;
    }

    private static Checkpoint checkpoint(StreamKey key, StreamEntry upTo, StreamState seen, String state) {
        return new Checkpoint(key, "count", 1, Checkpoint.WHOLE_LOG, state, EntryMark.of(upTo), seen, Instant.now());
    }
}
