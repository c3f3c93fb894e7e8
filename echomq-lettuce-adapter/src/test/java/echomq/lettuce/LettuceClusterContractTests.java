package echomq.lettuce;

import echomq.domain.id.Snowflake;
import echomq.domain.partition.HashSlot;
import echomq.domain.stream.StreamKey;
import echomq.testkit.RedisClusterProcess;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/** Every port contract again, on a local three-master Redis Cluster through Lettuce's cluster client. */
class LettuceClusterContractTests extends LettucePortContracts {

    static RedisClusterProcess cluster;
    static LettuceRedis redis;

    @BeforeAll
    static void start() {
        cluster = RedisClusterProcess.start();
        redis = LettuceConnections.connect(cluster.uri());
    }

    @AfterAll
    static void stop() {
        redis.close();
        cluster.close();
    }

    @Override
    LettuceRedis redis() {
        return redis;
    }

    @Test
    void theNodesConnectionsFramePagesFromRawBytes() {
        new LettuceStreamAppend(redis, new echomq.domain.id.Snowflake(3, java.time.Clock.systemUTC()))
                .append(echomq.domain.stream.StreamKey.of("q", "pages"), io.vavr.collection.LinkedHashMap.of("k", "v"));
        ReplyBytes reply = LettuceRangePagesTest.xrange(redis);
        org.assertj.core.api.Assertions.assertThat(reply.framed()).isTrue();
        org.assertj.core.api.Assertions.assertThat(reply.entries()).isNotEmpty();
    }

    @Test
    void streamsOfManyQueuesSpreadOverAllThreeMasters() {
        java.util.Set<Integer> masters = new java.util.HashSet<>();
        LettuceStreamAppend append = new LettuceStreamAppend(redis, new Snowflake(1, Clock.systemUTC()));
        for (int i = 0; i < 30; i++) {
            String queue = "spread" + i;
            append.append(StreamKey.of(queue, "s"), LinkedHashMap.of("i", "1"));
            masters.add(cluster.masters().indexOf(cluster.masterOf(HashSlot.of(StreamKey.hashTag(queue)))));
            assertThat(new LettuceStreamState(redis).state(StreamKey.of(queue, "s")).get().length()).isEqualTo(1);
        }
        assertThat(masters).containsExactlyInAnyOrder(0, 1, 2);
    }
}
