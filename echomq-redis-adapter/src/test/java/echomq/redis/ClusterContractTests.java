package echomq.redis;

import echomq.testkit.RedisClusterProcess;
import echomq.domain.partition.HashSlot;
import echomq.domain.id.Snowflake;
import echomq.domain.stream.StreamKey;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.UnifiedJedis;

import java.time.Clock;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Every port contract again, on a local three-master Redis Cluster through a {@code RedisClusterClient}. */
class ClusterContractTests extends RedisPortContracts {

    static RedisClusterProcess cluster;
    static UnifiedJedis jedis;

    @Override
    UnifiedJedis jedis() {
        return jedis;
    }

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
            new RedisStreamAppend(jedis, new Snowflake(1, Clock.systemUTC())).append(StreamKey.of(queue, "s"), LinkedHashMap.of("i", "1"));
            masters.add(cluster.masters().indexOf(cluster.masterOf(HashSlot.of(StreamKey.hashTag(queue)))));
            assertThat(new RedisStreamState(jedis).state(StreamKey.of(queue, "s")).get().length()).isEqualTo(1);
        }
        assertThat(masters).containsExactlyInAnyOrder(0, 1, 2);
    }
}
