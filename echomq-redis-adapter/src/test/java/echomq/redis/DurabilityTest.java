package echomq.redis;

import echomq.domain.stream.Durability;
import echomq.testkit.DurabilityContract;
import echomq.wire.LuaScript;
import redis.clients.jedis.UnifiedJedis;

import java.time.Duration;
import java.util.List;

/** The durability contract through Jedis (a pipeline's WAIT on its own connection; a cluster's routed to the stream's master), on one server with a replica and a cluster. */
class DurabilityTest extends DurabilityContract {

    private static final RedisScript PROBE = RedisScript.of(LuaScript.load(DurabilityContract.class, PROBE_SCRIPT));

    @Override
    protected Client connect(String uri) {
        UnifiedJedis jedis = RedisConnections.connect(uri, Duration.ofSeconds(2), Duration.ofSeconds(15));
        RedisPorts ports = RedisPorts.over(jedis);
        return new Client() {
            @Override
            public RedisPorts ports() {
                return ports;
            }

            @Override
            public Object runProbe(String key, String value, Durability durability) {
                return PROBE.run(jedis, List.of(key), List.of(value), durability);
            }

            @Override
            public void close() {
                jedis.close();
            }
        };
    }
}
