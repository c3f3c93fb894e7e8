package echomq.spring.boot;

import echomq.sql.EchoSql;
import echomq.sql.result.Answer;
import echomq.testkit.RedisExtension;
import echomq.testkit.RedisUri;
import io.lettuce.core.RedisClient;
import io.lettuce.core.XAddArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The starter's {@link EchoSql} bean: there with {@code echomq-sql} on the class path, answering over its ports on a real Redis. */
@ExtendWith(RedisExtension.class)
class EchoMqSqlAutoConfigurationTest {

    static ApplicationContextRunner runner(RedisUri redis) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(EchoMqAutoConfiguration.class, EchoMqSqlAutoConfiguration.class))
                .withPropertyValues("echomq.redis.url=" + redis.uri(), "echomq.node-id=1");
    }

    @Test
    void theSqlBeanAnswersATumblingCountOverTheStartersPortsAsCountedByHand(RedisUri redis) {
        String orders = "orders:" + UUID.randomUUID();
        long t0 = Instant.parse("2026-12-04T10:00:00Z").toEpochMilli();
        Map<Long, Integer> byMinute = new TreeMap<>();
        RedisClient client = RedisClient.create(redis.uri());
        try (StatefulRedisConnection<String, String> c = client.connect()) {
            for (int i = 0; i < 50; i++) {
                long ms = t0 + i * 7_919L; // 50 entries over about 6.6 minutes
                c.sync().xadd(orders, new XAddArgs().id(ms + "-0"), Map.of("amount", Integer.toString(i)));
                byMinute.merge(ms - ms % 60_000, 1, Integer::sum);
            }
        } finally {
            client.shutdown();
        }
        runner(redis).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(EchoSql.class);
            Answer a = context.getBean(EchoSql.class).query("SELECT window_start, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE `" + orders
                    + "`, DESCRIPTOR(_time), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end");
            assertThat(a.names()).containsExactly("window_start", "n");
            assertThat(a.rows().map(r -> r.get(1).text()).toJavaList())
                    .containsExactlyElementsOf(byMinute.values().stream().map(String::valueOf).toList());
            assertThat(a.rows().size()).isEqualTo(byMinute.size());
        });
    }

    @Test
    void aBadZoneIsNamedAndNoBeanIsMadeWithoutTheSqlModule(RedisUri redis) {
        runner(redis).withPropertyValues("echomq.sql.zone=Mars/Olympus").run(context ->
                assertThat(EchoMqRollupPropertiesTest.configurationFailure(context.getStartupFailure()))
                        .isInstanceOf(EchoMqConfigurationException.class).hasMessageContaining("echomq.sql.zone").hasMessageContaining("Mars/Olympus"));
        runner(redis).withClassLoader(new FilteredClassLoader("echomq.sql.")).run(context ->
                assertThat(context).hasNotFailed().doesNotHaveBean("echoMqSql"));
    }
}
