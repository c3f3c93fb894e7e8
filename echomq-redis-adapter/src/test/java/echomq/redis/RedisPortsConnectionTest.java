package echomq.redis;

import echomq.testkit.OwnedConnectionContract;
import echomq.wire.EchoConnection;
import echomq.wire.LuaScript;
import redis.clients.jedis.UnifiedJedis;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** The library's one connection on Jedis ({@link RedisPorts} as an {@link EchoConnection}): it owns what it opened, runs scripts, closes. */
class RedisPortsConnectionTest extends OwnedConnectionContract<RedisPorts> {

    static final LuaScript SET_AND_GET = LuaScript.load(RedisPortsConnectionTest.class, "set-and-get.lua");

    @Override
    protected RedisPorts open(String uri) {
        return RedisPorts.open(uri);
    }

    @Override
    protected Lent<RedisPorts> lend(String uri) {
        UnifiedJedis jedis = RedisConnections.connect(uri);
        RedisPorts lent = RedisPorts.over(jedis);
        return new Lent<>() {
            @Override
            public RedisPorts connection() {
                return lent;
            }

            @Override
            public boolean clientServes() {
                return "PONG".equals(jedis.ping());
            }

            @Override
            public void close() {
                jedis.close();
            }
        };
    }

    @Override
    protected String description(RedisPorts connection) {
        return connection.description();
    }

    @Override
    protected String setAndGet(RedisPorts connection, String key, String value) {
        Object reply = connection.run(SET_AND_GET, List.of(key), List.of(value));
        return reply instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(reply);
    }

    @Override
    protected void close(RedisPorts connection) {
        connection.close();
    }

    @Override
    protected String describedAs() {
        return "jedis, on ";
    }
}
