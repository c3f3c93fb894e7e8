package echomq.lettuce;

import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Every port contract, run against the Lettuce adapters on a real Redis. */
class LettuceContractTests extends LettucePortContracts {

    static RedisServerProcess server;
    static LettuceRedis redis;

    @BeforeAll
    static void start() {
        server = TestRedis.privateServer();
        redis = LettuceConnections.connect(server.uri());
    }

    @AfterAll
    static void stop() {
        redis.close();
        server.stop();
    }

    @Override
    LettuceRedis redis() {
        return redis;
    }
}
