package codemojex.app.redis;

import codemojex.app.redis.jedis.JedisCalls;
import codemojex.app.redis.lettuce.LettuceCalls;
import codemojex.projections.Board;
import codemojex.projections.testkit.BoardContract;
import echomq.lettuce.LettuceConnections;
import echomq.lettuce.LettuceRedis;
import echomq.redis.RedisConnections;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;
import redis.clients.jedis.UnifiedJedis;

/** The {@link Board} contract on the app's Redis board, through either client. */
class RedisBoardContractTest {

    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class OnJedis extends BoardContract {
        UnifiedJedis jedis;

        @BeforeAll
        void connect() {
            jedis = RedisConnections.connect(TestRedis.uri());
        }

        @AfterAll
        void close() {
            jedis.close();
        }

        @Override
        protected Board board() {
            return new RedisBoard(new JedisCalls(jedis));
        }
    }

    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class OnLettuce extends BoardContract {
        LettuceRedis lettuce;

        @BeforeAll
        void connect() {
            lettuce = LettuceConnections.connect(TestRedis.uri());
        }

        @AfterAll
        void close() {
            lettuce.close();
        }

        @Override
        protected Board board() {
            return new RedisBoard(new LettuceCalls(lettuce));
        }
    }
}
