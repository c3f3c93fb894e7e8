package echomq.example;

import echomq.lettuce.LettuceConnections;
import echomq.lettuce.LettuceRedis;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Every port contract of the Lettuce adapter on Boot's Lettuce (6.8.2), on a client built as Boot
 * builds its own (Lettuce's default options: RESP3) and shared as the starter shares it
 * ({@link LettuceConnections#on}): pages are read by Lettuce's own parser.
 */
class LettuceOnBootsVersionContractTests extends LettuceOnBootsVersionContracts {

    static RedisServerProcess server;
    static RedisClient client;
    static LettuceRedis redis;

    @BeforeAll
    static void start() {
        server = TestRedis.privateServer();
        client = RedisClient.create(RedisURI.create(server.uri()));
        redis = LettuceConnections.on(client);
    }

    @AfterAll
    static void stop() {
        redis.close();
        client.shutdown();
        server.stop();
    }

    @Override
    LettuceRedis redis() {
        return redis;
    }
}
