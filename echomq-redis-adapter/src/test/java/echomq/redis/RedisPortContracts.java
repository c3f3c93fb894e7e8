package echomq.redis;

import echomq.domain.id.StreamId;
import echomq.domain.ports.EchoPorts;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.testkit.EchoPortsContracts;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;

/** Every port contract on the Jedis adapters, as {@link RedisPorts} builds them; subclasses say which Redis (one server, a cluster). */
abstract class RedisPortContracts extends EchoPortsContracts {

    /** The client the adapters under test use. */
    abstract UnifiedJedis jedis();

    @Override
    protected EchoPorts ports() {
        return RedisPorts.over(jedis());
    }

    @org.junit.jupiter.api.Test
    void theFactoryNamesItsClient() {
        org.assertj.core.api.Assertions.assertThat(ports().client()).isEqualTo("jedis");
    }

    @Override
    protected void xadd(StreamKey key, StreamEntry e) {
        RawStreams.xadd(jedis(), key, e);
    }

    @Override
    protected void delete(StreamKey key) {
        jedis().del(key.toString());
    }

    @Override
    protected void deleteEntry(StreamKey key, StreamId id) {
        jedis().sendCommand(key.toString(), Protocol.Command.XDEL, key.toString(), id.toString());
    }
}
