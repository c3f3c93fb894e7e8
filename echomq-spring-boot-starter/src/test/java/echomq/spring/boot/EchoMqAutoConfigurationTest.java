package echomq.spring.boot;

import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.fold.Fold;
import echomq.domain.group.ConsumerGroup;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.BrandedId;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamKey;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.tail.StreamTailPort;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.engine.live.StreamFollowers;
import echomq.engine.projection.ProjectionReader;
import echomq.engine.retention.RetentionDriver;
import echomq.micrometer.MicrometerEchoListener;
import echomq.testkit.InMemoryStreams;
import echomq.testkit.RedisExtension;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.RedisUri;
import echomq.testkit.TestRedis;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vavr.collection.LinkedHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.SmartLifecycle;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import redis.clients.jedis.RedisClient;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every condition of the auto-configuration, on a real {@code redis-server} (the testkit's), with
 * this build's clients (Lettuce 7, Jedis 8). What a Boot application gets with Boot's own versions
 * is {@code examples/page-views}'s to test.
 */
@ExtendWith(RedisExtension.class)
class EchoMqAutoConfigurationTest {

    static final List<Class<?>> ECHOMQ = List.of(EchoMqAutoConfiguration.class, EchoMqMetricsAutoConfiguration.class,
            EchoMqHealthAutoConfiguration.class);

    /** EchoMQ's auto-configurations, with Spring Data Redis' before them. */
    static ApplicationContextRunner withDataRedis(RedisUri redis) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, EchoMqAutoConfiguration.class,
                        EchoMqMetricsAutoConfiguration.class, EchoMqHealthAutoConfiguration.class))
                .withPropertyValues("spring.data.redis.url=" + redis.uri(), "echomq.node-id=1");
    }

    /** EchoMQ's auto-configurations alone: no Spring Data Redis factory. */
    static ApplicationContextRunner alone() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(EchoMqAutoConfiguration.class, EchoMqMetricsAutoConfiguration.class,
                        EchoMqHealthAutoConfiguration.class))
                .withPropertyValues("echomq.node-id=1");
    }

    static StreamKey fresh(String name) {
        return StreamKey.of("boot", name + "-" + UUID.randomUUID().toString().substring(0, 8));
    }

    static final Fold<Long> COUNT = Fold.of("count", 0L, (n, e) -> n + 1);

    /** Appends through the appender bean, reads back through the windows and the caching reader. */
    static void appendsAndReads(org.springframework.context.ApplicationContext context, String name) {
        StreamKey key = fresh(name);
        BrandedId id = context.getBean(StreamAppendPort.class).append(key, LinkedHashMap.of("player", "ada"));
        assertThat(context.getBean(StreamWindows.class).readWindow(key, Window.since(java.time.Instant.EPOCH), 10))
                .extracting(e -> e.branded().get()).containsExactly(id);
        assertThat(context.getBean(ProjectionReader.class).fold(key, Window.since(java.time.Instant.EPOCH), COUNT)).isEqualTo(1L);
    }

    @Test
    void onSpringDataRedisLettuceTheStarterSharesItsClientAndClosesOnlyItsOwnConnection(RedisUri redis) {
        withDataRedis(redis).run(context -> {
            assertThat(context).hasNotFailed();
            LettuceConnectionFactory factory = context.getBean(LettuceConnectionFactory.class);
            EchoMqConnection connection = context.getBean(EchoMqConnection.class);
            assertThat(connection).isInstanceOf(LettuceEchoMqConnection.class);
            assertThat(connection.description()).contains("shared with Spring Data Redis' LettuceConnectionFactory");
            assertThat(((LettuceEchoMqConnection) connection).redis().ownsClient()).isFalse();
            for (Class<?> port : List.of(StreamRangePort.class, StreamAppendPort.class, StreamRetentionPort.class, StreamStatePort.class,
                    StreamReadersPort.class, CheckpointPort.class, StreamTailPort.class, ServerClockPort.class, BucketMarkPort.class,
                    StreamWindows.class, ProjectionReader.class, StreamFollowers.class)) {
                assertThat(context).hasSingleBean(port);
            }
            appendsAndReads(context, "lettuce-factory");
            // stopped before the factory: Spring stops the highest phase first
            assertThat(context.getBean(EchoMqResources.class).getPhase()).isGreaterThan(factory.getPhase());

            StreamFollowers followers = context.getBean(StreamFollowers.class);
            followers.follow(fresh("followed"), id -> { });
            context.close();
            assertThat(((LettuceEchoMqConnection) connection).redis().isOpen()).isFalse();
            assertThatThrownBy(() -> followers.follow(fresh("late"), id -> { })).hasMessageContaining("closed");
        });
    }

    @Test
    void closingTheSharedConnectionLeavesSpringDataRedisRunning(RedisUri redis) {
        withDataRedis(redis).run(context -> {
            context.getBean(EchoMqConnection.class).close();
            assertThat(context.getBean(LettuceConnectionFactory.class).getConnection().ping()).isEqualTo("PONG");
        });
    }

    /** Jedis 8 (this build's): a RedisClient of the starter's own, with the factory's password and database. */
    @Test
    void onSpringDataRedisJedisWithJedis8TheStarterRunsOnAClientBuiltFromTheFactorysConfiguration() {
        try (RedisServerProcess server = TestRedis.privateServer("--requirepass", "s3cret")) {
            String url = "redis://:s3cret@127.0.0.1:" + server.port() + "/3";
            new ApplicationContextRunner()
                    .withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, EchoMqAutoConfiguration.class))
                    .withPropertyValues("spring.data.redis.url=" + url, "spring.data.redis.client-type=jedis", "echomq.node-id=2")
                    .run(context -> {
                        assertThat(context).hasNotFailed().hasSingleBean(JedisConnectionFactory.class);
                        EchoMqConnection connection = context.getBean(EchoMqConnection.class);
                        assertThat(connection).isInstanceOf(JedisEchoMqConnection.class);
                        assertThat(connection.description()).contains("from Spring Data Redis' JedisConnectionFactory").contains("/3");
                        StreamKey key = fresh("jedis-factory");
                        context.getBean(StreamAppendPort.class).append(key, LinkedHashMap.of("n", "1"));
                        try (RedisClient db3 = RedisClient.create(url)) {   // the entry is in the factory's database, behind its password
                            assertThat(db3.xlen(key.toString())).isEqualTo(1L);
                        }
                        assertThat(context.getBean(ProjectionReader.class).fold(key, Window.since(java.time.Instant.EPOCH), COUNT)).isEqualTo(1L);
                    });
        }
    }

    @Test
    void withoutAFactoryTheStarterRunsOnEchomqRedisUrlWithTheClientItNames(RedisUri redis) {
        alone().withPropertyValues("echomq.redis.url=" + redis.uri()).run(context -> {
            assertThat(context).hasNotFailed().doesNotHaveBean(LettuceConnectionFactory.class);
            EchoMqConnection connection = context.getBean(EchoMqConnection.class);
            assertThat(connection).isInstanceOf(LettuceEchoMqConnection.class);
            assertThat(((LettuceEchoMqConnection) connection).redis().ownsClient()).isTrue();
            appendsAndReads(context, "url-lettuce");
            context.close();
            assertThat(((LettuceEchoMqConnection) connection).redis().isOpen()).isFalse();
        });
        alone().withPropertyValues("echomq.redis.url=" + redis.uri(), "echomq.redis.client=jedis").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(EchoMqConnection.class)).isInstanceOf(JedisEchoMqConnection.class);
            appendsAndReads(context, "url-jedis");
        });
    }

    @Test
    void echomqRedisUrlWinsOverSpringDataRedis(RedisUri redis) {
        withDataRedis(redis).withPropertyValues("echomq.redis.url=" + redis.uri()).run(context -> {
            assertThat(context).hasSingleBean(LettuceConnectionFactory.class);
            assertThat(((LettuceEchoMqConnection) context.getBean(EchoMqConnection.class)).redis().ownsClient()).isTrue();
        });
    }

    @Test
    void withNeitherAFactoryNorAUrlTheStartFailsNamingTheProperty() {
        alone().run(context -> {
            assertThat(context).hasFailed();
            assertThat(rootCause(context.getStartupFailure())).isInstanceOf(EchoMqConfigurationException.class)
                    .hasMessageContaining("echomq.redis.url");
        });
    }

    @Test
    void withoutANodeIdTheAppenderLeasesAFreeNodeFromRedisAndGivesItBackAtShutdown(RedisUri redis) {
        ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(EchoMqAutoConfiguration.class))
                .withPropertyValues("echomq.redis.url=" + redis.uri());
        try (var jedis = echomq.redis.RedisConnections.connect(redis.uri())) {
            runner.run(one -> runner.run(two -> {
                assertThat(one).hasNotFailed();
                assertThat(two).hasNotFailed();
                StreamKey key = StreamKey.of("starter", "leased-" + java.util.UUID.randomUUID());
                echomq.domain.id.BrandedId a = one.getBean(StreamAppendPort.class).append(key, LinkedHashMap.of("k", "1"));
                echomq.domain.id.BrandedId b = two.getBean(StreamAppendPort.class).append(key, LinkedHashMap.of("k", "2"));
                int nodeA = echomq.domain.id.Snowflake.node(a.snowflake());
                int nodeB = echomq.domain.id.Snowflake.node(b.snowflake());
                assertThat(nodeA).as("two processes without a node id never share one").isNotEqualTo(nodeB);
                java.util.Map<String, String> leases = jedis.hgetAll(NodeLease.KEY);
                assertThat(leases).containsKeys(Integer.toString(nodeA), Integer.toString(nodeB));
                two.close();
                assertThat(jedis.hexists(NodeLease.KEY, Integer.toString(nodeB))).as("released at shutdown").isFalse();
                assertThat(jedis.hexists(NodeLease.KEY, Integer.toString(nodeA))).as("the other still held").isTrue();
            }));
        }
    }

    @Test
    void aLeaseLostToAnotherProcessStopsTheAppender(RedisUri redis) {
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(EchoMqAutoConfiguration.class))
                .withPropertyValues("echomq.redis.url=" + redis.uri())
                .run(context -> {
                    StreamAppendPort append = context.getBean(StreamAppendPort.class);
                    StreamKey key = StreamKey.of("starter", "lost-" + java.util.UUID.randomUUID());
                    int node = echomq.domain.id.Snowflake.node(append.append(key, LinkedHashMap.of("k", "1")).snowflake());
                    try (var jedis = echomq.redis.RedisConnections.connect(redis.uri())) {
                        // the lease lapsed and another process took the node
                        jedis.hset(NodeLease.KEY, Integer.toString(node), "another " + (System.currentTimeMillis() + 60_000));
                    }
                    context.getBean(EchoMqResources.class).runners(NodeLease.class).forEach(NodeLease::renew);
                    assertThatThrownBy(() -> append.append(key, LinkedHashMap.of("k", "2")))
                            .isInstanceOf(echomq.domain.stream.StreamStoreException.class).hasMessageContaining("lost to another process");
                });
    }

    @Test
    void anOutOfRangeNodeIdFailsTheStartNamingEchomqNodeId(RedisUri redis) {
        alone().withPropertyValues("echomq.redis.url=" + redis.uri(), "echomq.node-id=1024").run(context ->
                assertThat(rootCause(context.getStartupFailure())).hasMessageContaining("echomq.node-id must be 0..1023, got 1024"));
        // a process that only reads needs none
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(EchoMqAutoConfiguration.class))
                .withPropertyValues("echomq.redis.url=" + redis.uri(), "echomq.appender.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(StreamAppendPort.class).hasSingleBean(ProjectionReader.class));
    }

    /**
     * {@code echomq.durability.*} (#54): the appender bean waits for the replica on both clients (while the replication
     * link is held, an append is a typed {@code NotReplicated}, never a success); the default sends no {@code WAIT}; a
     * mode that is not one fails the start naming the property.
     */
    @Test
    void echomqDurabilityMakesTheAppenderWaitForItsReplicas() {
        try (echomq.testkit.ReplicatedRedis pair = echomq.testkit.ReplicatedRedis.start()) {
            for (String client : List.of("lettuce", "jedis")) {
                alone().withPropertyValues("echomq.redis.url=" + pair.master().uri(), "echomq.redis.client=" + client, "echomq.node-id=3",
                        "echomq.durability.mode=replicated", "echomq.durability.replicas=1", "echomq.durability.timeout=300ms").run(context -> {
                    assertThat(context).hasNotFailed();
                    StreamAppendPort append = context.getBean(StreamAppendPort.class);
                    StreamKey key = fresh("durable-" + client);
                    echomq.domain.id.BrandedId id = append.append(key, LinkedHashMap.of("k", "1"));
                    assertThat(pair.replica().command("XRANGE", key.toString(), "-", "+")).as("on the replica once answered").contains(id.toString());
                    pair.holdLink(java.time.Duration.ofSeconds(1));
                    assertThatThrownBy(() -> append.append(key, LinkedHashMap.of("k", "2")))
                            .isInstanceOf(echomq.domain.stream.StreamStoreException.NotReplicated.class).hasMessageContaining("0 of the 1 replica(s)");
                    Thread.sleep(2_200); // a chunk the proxy read at the end of the hold is held its whole length again
                    pair.awaitInSync();
                });
            }
            long waits = pair.master().calls("wait");
            alone().withPropertyValues("echomq.redis.url=" + pair.master().uri(), "echomq.node-id=3").run(context -> {
                context.getBean(StreamAppendPort.class).append(fresh("plain"), LinkedHashMap.of("k", "1"));
                assertThat(pair.master().calls("wait")).as("the default waits for nothing").isEqualTo(waits);
            });
            alone().withPropertyValues("echomq.redis.url=" + pair.master().uri(), "echomq.node-id=3", "echomq.durability.mode=all").run(context ->
                    assertThat(rootCause(context.getStartupFailure())).isInstanceOf(EchoMqConfigurationException.class)
                            .hasMessageContaining("echomq.durability is not valid").hasMessageContaining("\"all\""));
        }
    }

    @Test
    void retentionRulesMakeADriverThatTrimsAndNoRulesMakeNone(RedisUri redis) {
        StreamKey key = fresh("retained");
        withDataRedis(redis).run(context -> assertThat(context).doesNotHaveBean(RetentionDriver.class));
        withDataRedis(redis).withPropertyValues("echomq.retention." + key.queue() + "." + key.name() + ".keep-newest=2",
                        "echomq.retention." + key.queue() + "." + key.name() + ".exact=true",
                        "echomq.retention." + key.queue() + "." + key.name() + ".interval=100ms")
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(RetentionDriver.class);
                    StreamAppendPort append = context.getBean(StreamAppendPort.class);
                    for (int i = 0; i < 5; i++) {
                        append.append(key, LinkedHashMap.of("n", String.valueOf(i)));
                    }
                    StreamStatePort states = context.getBean(StreamStatePort.class);
                    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
                    while (states.state(key).get().length() > 2 && System.nanoTime() < deadline) {
                        Thread.sleep(20);
                    }
                    assertThat(states.state(key).get().length()).isEqualTo(2);   // trimmed on its own thread
                });
        withDataRedis(redis).withPropertyValues("echomq.retention.cm.scored.keep-age=1d", "echomq.retention.cm.scored.keep-newest=5")
                .run(context -> assertThat(rootCause(context.getStartupFailure())).isInstanceOf(EchoMqConfigurationException.class)
                        .hasMessageContaining("echomq.retention.cm.scored must set exactly one of keep-age and keep-newest"));
    }

    @Test
    void aMeterRegistryGetsEchoMqsMetersAndWithoutOneThereIsNoListener(RedisUri redis) {
        withDataRedis(redis).withBean(MeterRegistry.class, SimpleMeterRegistry::new).run(context -> {
            assertThat(context).hasSingleBean(MicrometerEchoListener.class);
            appendsAndReads(context, "metered");
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            assertThat(registry.find("echomq.append.records").counter().count()).isEqualTo(1.0);
            assertThat(registry.find("echomq.projection.reads").timer().count()).isEqualTo(1L);
        });
        withDataRedis(redis).run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(MicrometerEchoListener.class));
        withDataRedis(redis).withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .withClassLoader(new FilteredClassLoader(MicrometerEchoListener.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(MicrometerEchoListener.class));
    }

    @Test
    void withActuatorsHealthThereIsAnIndicatorShowingRedisAndEachGroupsLag(RedisUri redis) {
        StreamKey key = fresh("grouped");
        withDataRedis(redis).withPropertyValues("echomq.health.streams=" + key.queue() + ":" + key.name(),
                "echomq.consumer-group.stream=" + key.queue() + ":" + key.name(), "echomq.consumer-group.name=scorers").run(context -> {
            assertThat(context).hasNotFailed().hasBean("echomqHealthIndicator");
            ConsumerGroupPort group = context.getBean(ConsumerGroupPort.class);
            assertThat(group.consumer()).isEqualTo(ConsumerGroup.of(key, "scorers").consumer("node-1"));
            group.ensure();
            StreamAppendPort append = context.getBean(StreamAppendPort.class);
            for (int i = 0; i < 3; i++) {
                append.append(key, LinkedHashMap.of("n", String.valueOf(i)));
            }
            group.read(1, Duration.ZERO);
            Health health = context.getBean("echomqHealthIndicator", HealthIndicator.class).health(true);
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsKeys("client", "serverTime", "roundTripMillis");
            assertThat(health.getDetails().get("groups")).isEqualTo(
                    Map.of(key.queue() + ":" + key.name(), Map.of("scorers", Map.of("pending", 1L, "lag", 2L))));
        });
        withDataRedis(redis).withPropertyValues("echomq.health.streams=" + key.queue() + ":" + key.name(), "echomq.health.max-lag=1")
                .run(context -> assertThat(context.getBean("echomqHealthIndicator", HealthIndicator.class).health().getStatus())
                        .isEqualTo(Status.OUT_OF_SERVICE));
        withDataRedis(redis).withClassLoader(new FilteredClassLoader(HealthIndicator.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean("echomqHealthIndicator"));
        withDataRedis(redis).withPropertyValues("management.health.echomq.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean("echomqHealthIndicator"));
    }

    @Test
    void healthIsDownWhileRedisDoesNotAnswer() {
        try (RedisServerProcess server = TestRedis.privateServer()) {
            alone().withPropertyValues("echomq.redis.url=" + server.uri(), "echomq.redis.timeout=500ms").run(context -> {
                HealthIndicator health = context.getBean("echomqHealthIndicator", HealthIndicator.class);
                assertThat(health.health().getStatus()).isEqualTo(Status.UP);
                server.stop();
                assertThat(health.health().getStatus()).isEqualTo(Status.DOWN);
            });
        }
    }

    @Test
    void theApplicationsOwnBeansWin(RedisUri redis) {
        InMemoryStreams mine = new InMemoryStreams();
        // an in-memory store is a range and a state port: it replaces both
        withDataRedis(redis).withBean(InMemoryStreams.class, () -> mine).run(context -> {
            assertThat(context.getBean(StreamRangePort.class)).isSameAs(mine);
            assertThat(context.getBean(StreamStatePort.class)).isSameAs(mine);
            assertThat(context).hasSingleBean(StreamAppendPort.class);   // the rest still on Redis
            StreamKey key = fresh("mine");
            mine.append(key, new echomq.domain.id.Snowflake(9, java.time.Clock.systemUTC()).nextId(), LinkedHashMap.of("n", "1"));
            assertThat(context.getBean(StreamWindows.class).readWindow(key, Window.since(java.time.Instant.EPOCH), 10)).hasSize(1);
        });
        // a connection of the application's own: every port runs on it, and the starter does not take it as its own to close
        EchoMqConnection own = new LettuceEchoMqConnection(echomq.lettuce.LettuceConnections.connect(redis.uri()), "the application's");
        try {
            alone().withBean(EchoMqConnection.class, () -> own).run(context -> {
                assertThat(context.getBean(EchoMqConnection.class)).isSameAs(own);
                appendsAndReads(context, "own-connection");
                assertThat(context.getBean(EchoMqResources.class).holds(own)).isFalse();
                assertThat(context.getBean(EchoMqResources.class).holds(context.getBean(StreamFollowers.class))).isTrue();
            });
        } finally {
            own.close();
        }
        withDataRedis(redis).withBean("echomqHealthIndicator", HealthIndicator.class, () -> () -> Health.up().build())
                .run(context -> assertThat(context.getBean("echomqHealthIndicator")).isNotInstanceOf(EchoMqHealthIndicator.class));
    }

    @Test
    void echomqEnabledFalseConfiguresNothing(RedisUri redis) {
        withDataRedis(redis).withPropertyValues("echomq.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(EchoMqConnection.class)
                        .doesNotHaveBean(ProjectionReader.class).doesNotHaveBean("echomqHealthIndicator"));
    }

    @Test
    void theFailureReportSaysWhatIsWrongAndWhatToDo() {
        EchoMqConfigurationException e = new EchoMqConfigurationException("what", "do this");
        var analysis = new EchoMqFailureAnalyzer().analyze(new IllegalStateException("wrapped", e));
        assertThat(analysis.getDescription()).isEqualTo("what");
        assertThat(analysis.getAction()).isEqualTo("do this");
        assertThat(EchoMqResources.PHASE).isLessThan(SmartLifecycle.DEFAULT_PHASE - 2048);   // after the web server's stop
    }

    static Throwable rootCause(Throwable t) {
        Throwable c = t;
        while (c != null && !(c instanceof EchoMqConfigurationException) && c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c;
    }
}
