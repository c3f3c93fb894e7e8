package echomq.testkit;

import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.observe.EchoListener;
import echomq.domain.ports.EchoPorts;
import echomq.domain.stream.StreamKey;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;

import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The contract of the library's one connection type on a client (the wire's {@code EchoConnection}): opened,
 * it owns its client, runs scripts and closes it; over a client it was lent, it closes nothing; a bad URI is
 * refused naming it. Each adapter extends it once ({@code RedisPortsConnectionTest}, {@code LettucePortsConnectionTest}).
 *
 * @param <C> the adapter's connection
 */
public abstract class OwnedConnectionContract<C extends EchoPorts> {

    /** A client of the test's own, and the connection it was lent to. */
    public interface Lent<C> extends AutoCloseable {
        /**
         * The connection over the lent client.
         *
         * @return the connection
         */
        C connection();

        /**
         * Whether the lent client still serves (the connection's close left it alone).
         *
         * @return whether it does
         */
        boolean clientServes();

        /** Closes the client, the test's own. */
        @Override
        void close();
    }

    /**
     * A connection of its own to {@code uri}.
     *
     * @param uri the URI
     * @return the connection, owning its client
     */
    protected abstract C open(String uri);

    /**
     * A client of the test's own to {@code uri}, lent to a connection.
     *
     * @param uri the URI
     * @return the client and the connection
     */
    protected abstract Lent<C> lend(String uri);

    /**
     * The connection's description.
     *
     * @param connection the connection
     * @return its description
     */
    protected abstract String description(C connection);

    /**
     * Runs the adapter's {@code set-and-get.lua} ({@code KEYS[1]} set to {@code ARGV[1]}, then read) through the connection's script runner.
     *
     * @param connection the connection
     * @param key        the key
     * @param value      the value
     * @return the script's reply, as text
     */
    protected abstract String setAndGet(C connection, String key, String value);

    /**
     * Closes the connection.
     *
     * @param connection the connection
     */
    protected abstract void close(C connection);

    /**
     * How the adapter's descriptions start.
     *
     * @return e.g. {@code "jedis, on "}
     */
    protected abstract String describedAs();

    @Test
    void anOpenedConnectionOwnsItsClientRunsScriptsAndClosesIt() {
        try (RedisServerProcess server = TestRedis.privateServer("--requirepass", "s3cret")) {
            C redis = open("redis://:s3cret@127.0.0.1:" + server.port());
            assertThat(description(redis)).startsWith(describedAs()).doesNotContain("s3cret");
            StreamKey key = StreamKey.of("conn", "orders");
            redis.append(new Snowflake(1, Clock.systemUTC()), EchoListener.NONE).append(key, LinkedHashMap.of("sku", "a1"));
            assertThat(redis.range().range(key, StreamId.MIN, StreamId.MAX, 10)).hasSize(1);
            assertThat(setAndGet(redis, "conn:k", "v1")).isEqualTo("v1");
            close(redis);
            assertThatThrownBy(() -> redis.range().range(key, StreamId.MIN, StreamId.MAX, 10)).isInstanceOf(RuntimeException.class)
                    .isNotInstanceOf(NullPointerException.class);
        }
    }

    @Test
    void aConnectionOverALentClientLeavesItOpen() {
        try (Lent<C> lent = lend(TestRedis.uri())) {
            close(lent.connection());
            assertThat(lent.clientServes()).isTrue();
            assertThat(setAndGet(lent.connection(), "conn:lent", "still")).isEqualTo("still");
        }
    }

    @Test
    void aBadUriIsRefusedNamingItBeforeAnyConnection() {
        assertThatThrownBy(() -> open("http://127.0.0.1:1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("http://127.0.0.1:1");
    }
}
