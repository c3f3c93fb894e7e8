package echomq.lettuce;

import echomq.testkit.OwnedConnectionContract;
import echomq.wire.EchoConnection;
import echomq.wire.LuaScript;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** The library's one connection on Lettuce ({@link LettucePorts} as an {@link EchoConnection}): it owns what it opened, runs scripts, closes. */
class LettucePortsConnectionTest extends OwnedConnectionContract<LettucePorts> {

    static final LuaScript SET_AND_GET = LuaScript.load(LettucePortsConnectionTest.class, "set-and-get.lua");

    @Override
    protected LettucePorts open(String uri) {
        return LettucePorts.open(uri);
    }

    @Override
    protected Lent<LettucePorts> lend(String uri) {
        LettuceRedis redis = LettuceConnections.connect(uri);
        LettucePorts lent = LettucePorts.over(redis);
        return new Lent<>() {
            @Override
            public LettucePorts connection() {
                return lent;
            }

            @Override
            public boolean clientServes() {
                return redis.isOpen();
            }

            @Override
            public void close() {
                redis.close();
            }
        };
    }

    @Override
    protected String description(LettucePorts connection) {
        return connection.description();
    }

    @Override
    protected String setAndGet(LettucePorts connection, String key, String value) {
        Object reply = connection.run(SET_AND_GET, List.of(key), List.of(value));
        return reply instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(reply);
    }

    @Override
    protected void close(LettucePorts connection) {
        connection.close();
    }

    @Override
    protected String describedAs() {
        return "lettuce, on ";
    }
}
