package echomq.redis;

import echomq.domain.HashSlot;
import echomq.domain.Snowflake;
import echomq.domain.StreamAppendPort;
import echomq.domain.StreamEntry;
import echomq.domain.StreamId;
import echomq.domain.StreamKey;
import echomq.domain.StreamRangePort;
import echomq.domain.StreamRetentionPort;
import echomq.domain.StreamStatePort;
import echomq.domain.testkit.StreamAppendPortContract;
import echomq.domain.testkit.StreamRangePortContract;
import echomq.domain.testkit.StreamRetentionPortContract;
import echomq.domain.testkit.StreamStatePortContract;
import echomq.redis.testkit.RawStreams;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Every port contract again, on a local three-master Redis Cluster through a {@code RedisClusterClient}. */
class ClusterContractTests {

    static RedisClusterProcess cluster;
    static UnifiedJedis jedis;

    @BeforeAll
    static void start() {
        cluster = RedisClusterProcess.start();
        jedis = RedisConnections.connect(cluster.uri());
    }

    @AfterAll
    static void stop() {
        jedis.close();
        cluster.close();
    }

    @Test
    void theClientIsAClusterClientAndTheSlotsAreTheServers() {
        assertThat(jedis).isInstanceOf(RedisClusterClient.class);
        for (String key : List.of("123456789", StreamKey.of("cm", "guesses").toString(), "emq:{cm}:board:g1",
                StreamKey.of("q-" + UUID.randomUUID(), "s").toString())) {
            Object slot = jedis.sendCommand(key, Protocol.Command.CLUSTER, "KEYSLOT", key);
            assertThat(((Long) slot).intValue()).as(key).isEqualTo(HashSlot.of(key));
        }
        assertThat(HashSlot.of("123456789")).isEqualTo(12739);
    }

    @Test
    void streamsOfManyQueuesSpreadOverAllThreeMasters() {
        java.util.Set<Integer> masters = new java.util.HashSet<>();
        for (int i = 0; i < 30; i++) {
            String queue = "spread" + i;
            new RedisStreamAppend(jedis, new Snowflake(1, Clock.systemUTC())).append(queue, "s", LinkedHashMap.of("i", "1"));
            masters.add(cluster.masters().indexOf(cluster.masterOf(HashSlot.of(StreamKey.hashTag(queue)))));
            assertThat(new RedisStreamState(jedis).state(StreamKey.of(queue, "s").toString()).get().length()).isEqualTo(1);
        }
        assertThat(masters).containsExactlyInAnyOrder(0, 1, 2);
    }

    @Nested
    class Range extends StreamRangePortContract {
        @Override
        protected StreamRangePort port() {
            return new RedisStreamRange(jedis);
        }

        @Override
        protected void store(String key, List<StreamEntry> entries) {
            entries.forEach(e -> RawStreams.xadd(jedis, key, e));
        }
    }

    @Nested
    class Append extends StreamAppendPortContract {
        private final StreamAppendPort appender = new RedisStreamAppend(jedis, new Snowflake(1, Clock.systemUTC()));

        @Override
        protected StreamAppendPort appender() {
            return appender;
        }

        @Override
        protected StreamRangePort reader() {
            return new RedisStreamRange(jedis);
        }
    }

    @Nested
    class Retention extends StreamRetentionPortContract {
        private final StreamAppendPort appender = new RedisStreamAppend(jedis, new Snowflake(2, Clock.systemUTC()));

        @Override
        protected StreamRetentionPort retention() {
            return new RedisStreamRetention(jedis);
        }

        @Override
        protected StreamAppendPort appender() {
            return appender;
        }

        @Override
        protected StreamRangePort reader() {
            return new RedisStreamRange(jedis);
        }
    }

    @Nested
    class State extends StreamStatePortContract {
        private final StreamAppendPort appender = new RedisStreamAppend(jedis, new Snowflake(3, Clock.systemUTC()));

        @Override
        protected StreamStatePort states() {
            return new RedisStreamState(jedis);
        }

        @Override
        protected StreamAppendPort appender() {
            return appender;
        }

        @Override
        protected void delete(String key, StreamId id) {
            jedis.sendCommand(key, Protocol.Command.XDEL, key, id.toString());
        }
    }
}
