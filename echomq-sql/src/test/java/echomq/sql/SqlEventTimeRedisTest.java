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
 * The property of {@link SqlEventTimePropertiesTest} on a real Redis: the same streams by event time
 * written with {@code XADD} at their ids (left-out entries among them), the same queries answered
 * through the Jedis ports and the event-time view, each answer the brute force by the rows' own time.
 */
class SqlEventTimeRedisTest {

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
    Stream<DynamicTest> everyAnswerByEventTimeOnRedisIsTheBruteForceAnswer() {
        Random seeds = Seeded.random("SqlEventTimeRedisTest");
        AtomicInteger n = new AtomicInteger();
        return IntStream.range(0, Math.max(30, Seeded.CASES / 15)).mapToObj(i -> EventTimeCases.next(seeds, "orders:" + n.incrementAndGet()))
                .map(c -> DynamicTest.dynamicTest(c.toString(), () -> {
                    String key = c.sql().replaceAll("(?s).*TABLE `([^`]*)`.*", "$1").replaceAll("(?s).*FROM `([^`]*)`.*", "$1");
                    try (AbstractPipeline p = jedis.pipelined()) {
                        for (EventTimeCases.Entry e : c.entries()) {
                            p.xadd(key, XAddParams.xAddParams().id(new StreamEntryID(e.ms(), e.seq())), new LinkedHashMap<>(e.fields()));
                        }
                        p.sync();
                    }
                    Answer got = sql.withEventTime(c.time()).query(c.sql());
                    SqlPropertiesTest.assertEqual(c.base(), got, Oracle.answer(c.base().spec(), c.base().rows(), 0));
                    SqlEventTimePropertiesTest.assertLeftOut(c, got);
                }));
    }
}
