package codemojex.app.redis;

import codemojex.projections.Board;
import codemojex.projections.testkit.BoardContract;
import echomq.redis.RedisConnections;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import redis.clients.jedis.UnifiedJedis;

/** The {@link Board} contract on the app's Redis board. */
class RedisBoardContractTest extends BoardContract {

    static UnifiedJedis jedis;

    @BeforeAll
    static void connect() {
        jedis = RedisConnections.connect(TestRedis.uri());
    }

    @AfterAll
    static void close() {
        jedis.close();
    }

    @Override
    protected Board board() {
        return new RedisBoard(jedis);
    }
}
