package echomq.spring.boot;

import echomq.domain.closing.ServerClockPort;
import echomq.domain.group.ConsumerGroup;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.sketches.AggregateState;
import echomq.sketches.Aggregates;
import echomq.testkit.RedisExtension;
import echomq.testkit.RedisUri;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.XAddArgs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code echomq.rollups[i].*} on a real Redis: the properties start a rollup that writes each closed
 * bucket of an existing key's stream to another key, and every bad value is named; the properties
 * that take existing keys ({@code echomq.health.keys}, {@code echomq.consumer-group.key}).
 */
@ExtendWith(RedisExtension.class)
class EchoMqRollupPropertiesTest {

    static ApplicationContextRunner runner(RedisUri redis) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(EchoMqAutoConfiguration.class, EchoMqHealthAutoConfiguration.class))
                .withPropertyValues("echomq.redis.url=" + redis.uri(), "echomq.node-id=1");
    }

    static Throwable rootCause(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null) {
            c = c.getCause();
        }
        return c;
    }

    /** The first EchoMqConfigurationException in {@code t}'s causes. */
    static Throwable configurationFailure(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof EchoMqConfigurationException) {
                return c;
            }
        }
        return t;
    }

    @Test
    void theRollupPropertiesStartARollupThatWritesEachClosedBucketOfAnExistingKey(RedisUri redis) {
        String orders = "orders:" + UUID.randomUUID();
        String into = orders + ":1m";
        RedisClient client = RedisClient.create(redis.uri());
        try (StatefulRedisConnection<String, String> c = client.connect()) {
            // an existing stream another service writes: 30 minutes of orders, an hour ago, under explicit ids, and one now under *
            List<String> time = c.sync().time();
            long now = Long.parseLong(time.get(0)) * 1000;
            long start = now - 3_600_000L;
            for (int i = 0; i < 90; i++) {
                c.sync().xadd(orders, new XAddArgs().id((start + i * 20_000L) + "-1"), Map.of("amount", Integer.toString(i), "user", "u" + i % 7));
            }
            c.sync().xadd(orders, Map.of("amount", "5"));
            runner(redis).withPropertyValues("echomq.rollups[0].stream=" + orders, "echomq.rollups[0].bucket=1m",
                    "echomq.rollups[0].folds=count,sum:amount,p99:amount,distinct:user", "echomq.rollups[0].into=" + into,
                    "echomq.rollups[0].every=20ms").run(context -> {
                assertThat(context).hasNotFailed().hasSingleBean(EchoMqRollups.class);
                StreamRangePort range = context.getBean(StreamRangePort.class);
                StreamKey target = StreamKey.existing(into);
                long expected = 30 + (start % 60_000 == 0 ? 0 : 1); // 90 entries 20 s apart span 30 minutes, or 31
                long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                while (range.rangeFrom(target, StreamId.MIN, 1_000).size() < 30) {
                    assertThat(System.nanoTime()).as("the rollup wrote within 10 s").isLessThan(deadline);
                    Thread.sleep(20);
                }
                List<StreamEntry> written = range.rangeFrom(target, StreamId.MIN, 1_000);
                // the minute of the entry written now closes too if the clock passes a minute while the test waits
                long hourAgo = written.stream().filter(w -> w.id().ms() <= start + 1_800_000L).count();
                assertThat(hourAgo).isBetween(30L, expected);
                assertThat(written.size() - hourAgo).as("buckets past the hour-old orders: the current minute's, once it closed").isBetween(0L, 1L);
                Aggregates folds = Aggregates.parse("count,sum:amount,p99:amount,distinct:user");
                List<StreamEntry> source = range.rangeFrom(StreamKey.existing(orders), StreamId.MIN, 1_000);
                for (StreamEntry w : written) {
                    long to = Long.parseLong(w.field("to").get());
                    AggregateState direct = folds.empty();
                    for (StreamEntry e : source) {
                        if (e.id().ms() >= w.id().ms() && e.id().ms() <= to) {
                            direct = folds.fold().step(direct, e);
                        }
                    }
                    assertThat(w.fields()).isEqualTo(direct.rollupFields(to));
                }
                assertThat(context.getBean(EchoMqRollups.class).rollups()).hasSize(1);
                ServerClockPort clock = context.getBean(ServerClockPort.class);
                assertThat(clock.now(target)).isNotNull();
            });
        } finally {
            client.shutdown();
        }
    }

    @Test
    void aBadRollupPropertyIsNamed(RedisUri redis) {
        String[] good = {"echomq.rollups[0].stream=orders", "echomq.rollups[0].bucket=1m", "echomq.rollups[0].folds=count",
                "echomq.rollups[0].into=orders:1m"};
        runner(redis).withPropertyValues(good).withPropertyValues("echomq.rollups[0].folds=count,bogus:amount").run(context ->
                assertThat(configurationFailure(context.getStartupFailure())).isInstanceOf(EchoMqConfigurationException.class)
                        .hasMessageContaining("echomq.rollups[0].folds").hasMessageContaining("bogus:amount")
                        .hasMessageContaining(echomq.sketches.Aggregates.spellings()));
        runner(redis).withPropertyValues(good).withPropertyValues("echomq.rollups[0].into=").run(context ->
                assertThat(configurationFailure(context.getStartupFailure())).isInstanceOf(EchoMqConfigurationException.class)
                        .hasMessageContaining("echomq.rollups[0].into is not set"));
        runner(redis).withPropertyValues(good).withPropertyValues("echomq.rollups[0].into=orders").run(context ->
                assertThat(configurationFailure(context.getStartupFailure())).hasMessageContaining("echomq.rollups[0].into is echomq.rollups[0].stream"));
        runner(redis).withPropertyValues(good).withPropertyValues("echomq.rollups[0].bucket=1d", "echomq.rollups[0].zone=Mars/Olympus").run(context ->
                assertThat(configurationFailure(context.getStartupFailure())).hasMessageContaining("echomq.rollups[0].zone is not a zone"));
        runner(redis).withPropertyValues(good).withPropertyValues("echomq.rollups[0].zone=Europe/Berlin").run(context ->
                assertThat(configurationFailure(context.getStartupFailure())).hasMessageContaining("echomq.rollups[0].zone is set"));
        runner(redis).withPropertyValues(good).withPropertyValues("echomq.rollups[0].stream=a}b").run(context ->
                assertThat(configurationFailure(context.getStartupFailure())).hasMessageContaining("echomq.rollups[0].stream names no valid key"));
        runner(redis).withPropertyValues(good).withPropertyValues("echomq.rollups[0].skew=-1s").run(context ->
                assertThat(configurationFailure(context.getStartupFailure())).hasMessageContaining("echomq.rollups[0].skew"));
        // calendar days in a zone, and no rollup at all, start
        runner(redis).withPropertyValues(good).withPropertyValues("echomq.rollups[0].bucket=1d", "echomq.rollups[0].zone=Europe/Berlin")
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(EchoMqRollups.class));
        runner(redis).run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(EchoMqRollups.class));
        // the bucket spellings of the command line and the app (#55): weeks and months of a zone, from a day start
        runner(redis).withPropertyValues(good).withPropertyValues("echomq.rollups[0].bucket=1mo", "echomq.rollups[0].zone=Europe/Berlin",
                "echomq.rollups[0].day-starts=05:00").run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(EchoMqRollups.class).rollups().get(0).spec().buckets()).isEqualTo(
                            echomq.domain.window.Buckets.calendar(java.time.temporal.ChronoUnit.MONTHS, java.time.ZoneId.of("Europe/Berlin"))
                                    .startingAt(java.time.LocalTime.of(5, 0)));
                });
        runner(redis).withPropertyValues(good).withPropertyValues("echomq.rollups[0].day-starts=05:00").run(context ->
                assertThat(configurationFailure(context.getStartupFailure())).hasMessageContaining("echomq.rollups[0].day-starts is set"));
        runner(redis).withPropertyValues(good).withPropertyValues("echomq.rollups[0].bucket=1w", "echomq.rollups[0].day-starts=25:00").run(context ->
                assertThat(configurationFailure(context.getStartupFailure())).hasMessageContaining("echomq.rollups[0].day-starts is not valid")
                        .hasMessageContaining("25:00"));
        runner(redis).withPropertyValues(good).withPropertyValues("echomq.rollups[0].bucket=1y").run(context ->
                assertThat(configurationFailure(context.getStartupFailure())).hasMessageContaining("echomq.rollups[0].bucket is not valid")
                        .hasMessageContaining("\"1y\""));
    }

    @Test
    void aRollupOfAnotherRollupsStreamWaitsForItsLastEntry(RedisUri redis) {
        runner(redis).withPropertyValues("echomq.rollups[0].stream=orders", "echomq.rollups[0].bucket=1m", "echomq.rollups[0].folds=count",
                "echomq.rollups[0].into=orders:1m", "echomq.rollups[0].every=2s",
                "echomq.rollups[1].stream=orders:1m", "echomq.rollups[1].bucket=1h", "echomq.rollups[1].folds=count",
                "echomq.rollups[1].into=orders:1h").run(context -> {
            assertThat(context).hasNotFailed();
            List<echomq.engine.rollup.Rollup<AggregateState>> rollups = context.getBean(EchoMqRollups.class).rollups();
            assertThat(rollups.get(0).spec().skew()).isEqualTo(Duration.ofMillis(100));
            assertThat(rollups.get(1).spec().skew()).isEqualTo(Duration.ofMillis(100).plusSeconds(2).plus(RollupRules.CHAIN_MARGIN));
        });
    }

    @Test
    void existingKeysNameTheConsumerGroupsStreamAndTheHealthsStreams(RedisUri redis) {
        String orders = "orders:" + UUID.randomUUID();
        runner(redis).withPropertyValues("echomq.consumer-group.key=" + orders, "echomq.consumer-group.name=billing",
                "echomq.health.keys=" + orders).run(context -> {
            assertThat(context).hasNotFailed();
            ConsumerGroupPort group = context.getBean(ConsumerGroupPort.class);
            assertThat(group.consumer()).isEqualTo(ConsumerGroup.of(StreamKey.existing(orders), "billing").consumer("node-1"));
            group.ensure();
            Health health = context.getBean("echomqHealthIndicator", HealthIndicator.class).health(true);
            @SuppressWarnings("unchecked")
            Map<String, Object> groups = (Map<String, Object>) health.getDetails().get("groups");
            assertThat(groups).containsOnlyKeys(orders);
        });
        runner(redis).withPropertyValues("echomq.consumer-group.key=orders", "echomq.consumer-group.stream=cm:orders",
                "echomq.consumer-group.name=billing").run(context ->
                assertThat(configurationFailure(context.getStartupFailure())).hasMessageContaining("are both set"));
        runner(redis).withPropertyValues("echomq.health.keys=a}b").run(context ->
                assertThat(configurationFailure(context.getStartupFailure())).hasMessageContaining("echomq.health.keys names no valid key"));
    }
}
