package echomq.wire;

import echomq.domain.ports.EchoPorts;

import java.util.List;

/**
 * A connection to Redis that owns its client (Jedis or Lettuce; one server, TLS, ACL or a cluster):
 * every port of the library over it, its script runner, and its close. The app, the starter and the
 * command line each open one and use it; the client's pool, timeouts and retries are chosen where it
 * is opened ({@code RedisPorts.open}, {@code LettucePorts.open}), once.
 * <pre>{@code
 * try (EchoConnection redis = RedisPorts.open("redis://localhost:6379")) {
 *     redis.append(minter, EchoListener.NONE).append(key, LinkedHashMap.of("word", "tree"));
 * }
 * }</pre>
 */
public interface EchoConnection extends EchoPorts, AutoCloseable {

    /**
     * What the connection is, for logs and the health check: its client and where it goes, password masked.
     *
     * @return e.g. {@code jedis, on redis://:***@localhost:6379}
     */
    String description();

    /**
     * Runs {@code script} with its keys and arguments, by its SHA-1 (loaded once when Redis does not know it).
     *
     * @param script the script
     * @param keys   its {@code KEYS}
     * @param argv   its {@code ARGV}
     * @return Redis' reply, as the client decodes it
     */
    Object run(LuaScript script, List<String> keys, List<String> argv);

    /** Closes the client when this connection owns it; a connection over a client it was lent closes nothing. */
    @Override
    void close();
}
