package echomq.example;

import echomq.lettuce.LettuceConnections;
import echomq.lettuce.LettuceRedis;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Every port contract of the Lettuce adapter on Boot's Lettuce (6.8.2), on a connection of the
 * adapter's own ({@link LettuceConnections#connect(String)}, as the starter opens one for
 * {@code echomq.redis.url}): its command handler, put in Lettuce's place by the client resources'
 * Netty customizer, frames the pages on this older Lettuce too.
 */
class LettuceConnectOnBootsVersionContractTests extends LettuceOnBootsVersionContracts {

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
