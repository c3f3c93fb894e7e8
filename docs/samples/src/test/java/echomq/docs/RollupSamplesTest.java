package echomq.docs;

import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamKey;
import echomq.engine.rollup.Rollup;
import echomq.engine.rollup.RollupReport;
import echomq.redis.RedisConnections;
import echomq.redis.RedisServerClock;
import echomq.redis.RedisStreamRange;
import echomq.sketches.AggregateState;
import echomq.testkit.TestRedis;

import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.XAddParams;

import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The rollup sample on a real Redis: the backfill writes each closed minute of an existing key once. */
class RollupSamplesTest {

    @Test
    void theBackfillWritesEachClosedMinuteOnce() {
        try (UnifiedJedis jedis = RedisConnections.connect(TestRedis.uri())) {
            String orders = "orders:" + UUID.randomUUID();
            long start = new RedisServerClock(jedis).now(StreamKey.existing(orders)).toEpochMilli() - 600_000;
            start -= start % 60_000;
            for (int i = 0; i < 5; i++) {
                jedis.xadd(orders, XAddParams.xAddParams().id((start + i * 60_000L + 7) + "-1"), Map.of("amount", Integer.toString(10 + i)));
            }
            RollupSamples samples = new RollupSamples();
            Rollup<AggregateState>.Running live = samples.rollup(jedis, orders, orders + ":1m");
            live.close();
            RollupReport backfill = (RollupReport) samples.shown.get(0);
            assertThat(backfill.written()).isEqualTo(5);
            assertThat(new RedisStreamRange(jedis).rangeFrom(StreamKey.existing(orders + ":1m"), StreamId.MIN, 10))
                    .extracting(e -> e.field("sum_amount").get()).containsExactly("10", "11", "12", "13", "14");
        }
    }
}
