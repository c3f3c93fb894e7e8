package echomq.docs;

import echomq.redis.RedisConnections;
import echomq.sketches.AggregateState;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.UnifiedJedis;

import java.math.BigDecimal;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The page's samples over a stream another service wrote: what they show answers what was written. */
class ExistingStreamSamplesTest {

    @Test
    void aStreamWrittenWithStarIdsFoldsByTheSample() {
        try (UnifiedJedis jedis = RedisConnections.connect(TestRedis.uri())) {
            jedis.del("orders");
            jedis.xadd("orders", StreamEntryID.NEW_ENTRY, Map.of("amount", "12", "user", "u7"));
            jedis.xadd("orders", StreamEntryID.NEW_ENTRY, Map.of("user", "u8", "amount", "30.5"));
            jedis.xadd("orders", StreamEntryID.NEW_ENTRY, Map.of("amount", "7", "user", "u7"));
            ExistingStreamSamples samples = new ExistingStreamSamples();
            AggregateState lastHour = samples.window(jedis);
            assertThat(lastHour.entries()).isEqualTo(3);
            assertThat(lastHour.value("sum:amount").get()).isEqualByComparingTo(new BigDecimal("49.5"));
            assertThat(lastHour.value("distinct:user").get()).isEqualByComparingTo("2");
            java.util.List<?> first = (java.util.List<?>) samples.shown.get(0);
            assertThat(first.subList(0, 2)).isEqualTo(java.util.List.of(3L, new BigDecimal("49.5")));
            assertThat((BigDecimal) first.get(2)).as("p99 within 0.1%").isBetween(new BigDecimal("30.5"), new BigDecimal("30.531"));
            assertThat(samples.shown).hasSizeBetween(61, 62); // the window, then every minute of the hour
        }
    }
}
