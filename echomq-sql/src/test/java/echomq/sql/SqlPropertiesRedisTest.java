package echomq.sql;

import echomq.redis.RedisConnections;
import echomq.redis.RedisPorts;
import echomq.sql.result.Answer;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.Seeded;
import echomq.testkit.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.XAddParams;

import java.util.LinkedHashMap;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The property of {@link SqlPropertiesTest} on a real Redis: the same random streams written with
 * {@code XADD} at their ids, the same queries answered through the Jedis ports (paged reads, the
 * server's replies), each answer the brute-force one.
 */
class SqlPropertiesRedisTest {

    static RedisServerProcess server;
    static UnifiedJedis jedis;
    static EchoSql sql;

    @BeforeAll
    static void start() {
        server = TestRedis.privateServer();
        jedis = RedisConnections.connect(server.uri());
        sql = EchoSql.over(RedisPorts.over(jedis));
    }

    @AfterAll
    static void stop() {
        jedis.close();
        server.close();
    }

    @TestFactory
    Stream<DynamicTest> everyAnswerOnRedisIsTheBruteForceAnswer() {
        Random seeds = Seeded.random("SqlPropertiesRedisTest");
        AtomicInteger n = new AtomicInteger();
        return IntStream.range(0, Math.max(30, Seeded.CASES / 15)).mapToObj(i -> Queries.next(seeds, "orders:" + n.incrementAndGet()))
                .map(c -> DynamicTest.dynamicTest(c.toString(), () -> {
                    String key = c.sql().replaceAll("(?s).*TABLE `([^`]*)`.*", "$1").replaceAll("(?s).*FROM `([^`]*)`.*", "$1");
                    try (AbstractPipeline p = jedis.pipelined()) {
                        for (Oracle.Row r : c.rows()) {
                            p.xadd(key, XAddParams.xAddParams().id(new StreamEntryID(r.ms(), r.seq())), new LinkedHashMap<>(r.fields()));
                        }
                        p.sync();
                    }
                    Answer got = sql.query(c.sql());
                    SqlPropertiesTest.assertEqual(c, got, Oracle.answer(c.spec(), c.rows(), 0));
                }));
    }
}
