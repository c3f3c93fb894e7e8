package echomq.lettuce;

import echomq.domain.stream.Durability;
import echomq.testkit.DurabilityContract;
import echomq.wire.LuaScript;

import java.time.Duration;
import java.util.List;

/** The durability contract through Lettuce (the writes and their WAITs on a connection of their own, to the stream's master), on one server with a replica and a cluster. */
class LettuceDurabilityTest extends DurabilityContract {

    private static final LuaScript PROBE = LuaScript.load(DurabilityContract.class, PROBE_SCRIPT);

    @Override
    protected Client connect(String uri) {
        LettuceRedis redis = LettuceConnections.connect(uri, Duration.ofSeconds(15));
        LettucePorts ports = LettucePorts.over(redis);
        return new Client() {
            @Override
            public LettucePorts ports() {
                return ports;
            }

            @Override
            public Object runProbe(String key, String value, Durability durability) {
                return redis.run(PROBE, List.of(key), List.of(value), durability);
            }

            @Override
            public void close() {
                redis.close();
            }
        };
    }
}
