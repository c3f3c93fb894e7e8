package echomq.spring.boot;

import echomq.domain.checkpoint.CheckpointPort;
import echomq.domain.closing.BucketMarkPort;
import echomq.domain.closing.ServerClockPort;
import echomq.domain.group.ConsumerGroup;
import echomq.domain.group.ConsumerGroupPort;
import echomq.domain.id.Snowflake;
import echomq.domain.observe.EchoListener;
import echomq.domain.retention.RetentionPolicy;
import echomq.domain.retention.SafeRetention;
import echomq.domain.retention.StreamReadersPort;
import echomq.domain.retention.StreamRetentionPort;
import echomq.domain.stream.StreamAppendPort;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.StreamStatePort;
import echomq.domain.tail.StreamTailPort;
import echomq.domain.window.StreamWindows;
import echomq.engine.live.StreamFollowers;
import echomq.engine.projection.ProjectionReader;
import echomq.engine.retention.RetentionDriver;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Import;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * EchoMQ's beans, each made only while the application has none of its type (declare your own to
 * replace one):
 * <table>
 *   <caption>The beans</caption>
 *   <tr><th>bean</th><th>made</th></tr>
 *   <tr><td>{@link EchoMqConnection}</td><td>from {@code echomq.redis.url}, else Spring Data Redis' factory (see {@link EchoMqProperties.Redis})</td></tr>
 *   <tr><td>{@link StreamRangePort}, {@link StreamRetentionPort}, {@link StreamStatePort}, {@link StreamReadersPort},
 *       {@link CheckpointPort}, {@link StreamTailPort}, {@link ServerClockPort}, {@link BucketMarkPort}</td><td>always</td></tr>
 *   <tr><td>{@link StreamAppendPort}</td><td>unless {@code echomq.appender.enabled=false}; mints with {@code echomq.node-id}, or a node leased from Redis; acknowledges as {@code echomq.durability.*} says</td></tr>
 *   <tr><td>{@link ConsumerGroupPort}</td><td>when {@code echomq.consumer-group.name} and {@code .stream} (or {@code .key}) are set</td></tr>
 *   <tr><td>{@link StreamWindows}, {@link ProjectionReader}, {@link StreamFollowers}</td><td>always</td></tr>
 *   <tr><td>{@link EchoMqRollups}</td><td>when a rollup is set under {@code echomq.rollups[i]}; run on a thread of its own per rollup</td></tr>
 *   <tr><td>{@link EchoMqEventTimes}</td><td>always: the streams' event times of {@code echomq.event-times[i]} (none: every stream by its ids' time)</td></tr>
 *   <tr><td>{@link RetentionDriver}</td><td>when a rule is set under {@code echomq.retention}; run on a thread of its own</td></tr>
 *   <tr><td>{@code EchoSql} ({@link EchoMqSqlAutoConfiguration})</td><td>when {@code echomq-sql} is on the class path; literals read in {@code echomq.sql.zone}</td></tr>
 * </table>
 * Every {@link EchoListener} bean (the Micrometer one of {@link EchoMqMetricsAutoConfiguration}
 * among them; declare a {@code MicrometerObservations} bean for Observations) hears the reader, the appender, the readers port, the followers and the retention.
 * A {@link Clock} bean, when there is exactly one, is the reader's and the retention's clock.
 * What the starter made is stopped before Spring Data Redis' factory: followers and retention,
 * then the connection (a shared client is never closed).
 */
@AutoConfiguration(afterName = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration")
@ConditionalOnBooleanProperty(name = "echomq.enabled", matchIfMissing = true)
@EnableConfigurationProperties(EchoMqProperties.class)
@Import({EchoMqConnectionConfigurations.FromUrl.class, EchoMqConnectionConfigurations.OnLettuceFactory.class,
        EchoMqConnectionConfigurations.OnJedisFactory.class, EchoMqConnectionConfigurations.NoRedis.class})
public class EchoMqAutoConfiguration {

    /** For Spring. */
    public EchoMqAutoConfiguration() {
    }

    /** What the starter made, stopped in order when the context closes (not a bean an application declares). */
    @Bean
    static EchoMqResources echoMqResources() {
        return new EchoMqResources();
    }

    /**
     * The range port.
     *
     * @param connection the client
     * @return the port
     */
    @Bean
    @ConditionalOnMissingBean
    public StreamRangePort echoMqStreamRange(EchoMqConnection connection) {
        return connection.range();
    }

    /**
     * The appender, minting with {@code echomq.node-id}; without one, with a node leased from Redis
     * for as long as the context runs ({@code emq:{echomq}:nodes}, renewed every 10 s, released at
     * shutdown; appends stop if the lease lapses), so two writers never share a node and none needs
     * the property.
     *
     * @param connection the client
     * @param properties the properties
     * @param listeners  who hears the appends
     * @param resources  what the starter closes at shutdown (the lease, before the connection)
     * @return the port
     * @throws EchoMqConfigurationException naming {@code echomq.node-id} when it is not 0..1023, or when every node is leased;
     *                                      naming {@code echomq.durability} when it is not valid
     */
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBooleanProperty(name = "echomq.appender.enabled", matchIfMissing = true)
    public StreamAppendPort echoMqStreamAppend(EchoMqConnection connection, EchoMqProperties properties,
                                               ObjectProvider<EchoListener> listeners, EchoMqResources resources) {
        Integer node = properties.getNodeId();
        echomq.domain.stream.Durability durability = properties.getDurability().toDurability(); // checked before a node is leased
        if (node == null) {
            NodeLease lease = resources.runner(NodeLease.acquire(connection));
            return lease.guard(connection.appender(new Snowflake(lease.node(), Clock.systemUTC()), listener(listeners), durability));
        }
        Snowflake minter;
        try {
            minter = new Snowflake(node, Clock.systemUTC());
        } catch (IllegalArgumentException e) {
            throw new EchoMqConfigurationException("echomq.node-id must be 0.." + Snowflake.MAX_NODE + ", got " + node + ".",
                    "Set echomq.node-id to a number 0.." + Snowflake.MAX_NODE + " that no other writing process uses, or leave it "
                            + "unset to lease a free one from Redis.", e);
        }
        return connection.appender(minter, listener(listeners), durability);
    }

    /**
     * The plain retention port (the driver trims through a {@link SafeRetention} over it).
     *
     * @param connection the client
     * @return the port
     */
    @Bean
    @ConditionalOnMissingBean
    public StreamRetentionPort echoMqStreamRetention(EchoMqConnection connection) {
        return connection.retention();
    }

    /**
     * The state port.
     *
     * @param connection the client
     * @return the port
     */
    @Bean
    @ConditionalOnMissingBean
    public StreamStatePort echoMqStreamState(EchoMqConnection connection) {
        return connection.states();
    }

    /**
     * The readers port (consumer groups' positions).
     *
     * @param connection the client
     * @param listeners  who hears the groups' pending and lag
     * @return the port
     */
    @Bean
    @ConditionalOnMissingBean
    public StreamReadersPort echoMqStreamReaders(EchoMqConnection connection, ObjectProvider<EchoListener> listeners) {
        return connection.readers(listener(listeners));
    }

    /**
     * The checkpoint port.
     *
     * @param connection the client
     * @return the port
     */
    @Bean
    @ConditionalOnMissingBean
    public CheckpointPort echoMqCheckpoints(EchoMqConnection connection) {
        return connection.checkpoints();
    }

    /**
     * The tail port.
     *
     * @param connection the client
     * @return the port
     */
    @Bean
    @ConditionalOnMissingBean
    public StreamTailPort echoMqStreamTail(EchoMqConnection connection) {
        return connection.tail();
    }

    /**
     * The store's clock.
     *
     * @param connection the client
     * @return the port
     */
    @Bean
    @ConditionalOnMissingBean
    public ServerClockPort echoMqServerClock(EchoMqConnection connection) {
        return connection.serverClock();
    }

    /**
     * The closing subscriptions' marks.
     *
     * @param connection the client
     * @return the port
     */
    @Bean
    @ConditionalOnMissingBean
    public BucketMarkPort echoMqBucketMarks(EchoMqConnection connection) {
        return connection.bucketMarks();
    }

    /**
     * The consumer group port of {@code echomq.consumer-group.*}: {@code .name} and the stream it reads,
     * {@code .stream} ({@code queue:name}) or {@code .key} (an existing key). The group is not created: call {@code ensure()}.
     *
     * @param connection the client
     * @param properties the properties
     * @return the port
     * @throws EchoMqConfigurationException naming the property that is wrong, or {@code echomq.consumer-group.consumer}
     *                                      when neither it nor {@code echomq.node-id} is set
     */
    @Bean
    @ConditionalOnMissingBean
    @Conditional(ConsumerGroupConfigured.class)
    public ConsumerGroupPort echoMqConsumerGroup(EchoMqConnection connection, EchoMqProperties properties) {
        EchoMqProperties.ConsumerGroup g = properties.getConsumerGroup();
        String consumer = g.getConsumer() != null ? g.getConsumer()
                : properties.getNodeId() != null ? "node-" + properties.getNodeId() : null;
        if (consumer == null) {
            throw new EchoMqConfigurationException("The consumer group " + g.getName() + " needs this process's consumer name: "
                    + "echomq.consumer-group.consumer is not set, nor echomq.node-id (which would name it node-<id>).",
                    "Set echomq.consumer-group.consumer (or echomq.node-id).");
        }
        try {
            return connection.consumerGroup(ConsumerGroup.of(StreamRefs.consumerGroup(g).get(), g.getName()).consumer(consumer));
        } catch (IllegalArgumentException e) {
            throw new EchoMqConfigurationException("echomq.consumer-group is not valid: " + e.getMessage(),
                    "Name the group and the consumer with 1..200 printable ASCII characters without spaces.", e);
        }
    }

    /** Matches when {@code echomq.consumer-group.name} is set, and {@code .stream} or {@code .key}. */
    static final class ConsumerGroupConfigured extends org.springframework.boot.autoconfigure.condition.SpringBootCondition {

        @Override
        public org.springframework.boot.autoconfigure.condition.ConditionOutcome getMatchOutcome(
                org.springframework.context.annotation.ConditionContext context, org.springframework.core.type.AnnotatedTypeMetadata metadata) {
            EchoMqProperties.ConsumerGroup g = org.springframework.boot.context.properties.bind.Binder.get(context.getEnvironment())
                    .bind("echomq.consumer-group", EchoMqProperties.ConsumerGroup.class).orElse(new EchoMqProperties.ConsumerGroup());
            return g.getName() != null && (g.getStream() != null || g.getKey() != null)
                    ? org.springframework.boot.autoconfigure.condition.ConditionOutcome.match("echomq.consumer-group.name and its stream are set")
                    : org.springframework.boot.autoconfigure.condition.ConditionOutcome.noMatch(
                            "echomq.consumer-group.name, and .stream or .key, are not set");
        }
    }

    /**
     * The rollups of {@code echomq.rollups[i].*}, each written continuously from the context's start
     * to its close (a pass every {@code .every}, on a daemon thread of its own), on the store's clock.
     * Every property is checked here, before anything reaches Redis.
     *
     * @param connection the client
     * @param properties the properties
     * @param resources  what the starter starts and stops
     * @param eventTimes the streams' event times: a rollup of one of them goes by it
     * @return the rollups
     * @throws EchoMqConfigurationException naming the property that is missing or bad
     */
    @Bean
    @ConditionalOnMissingBean
    @Conditional(RollupRules.Configured.class)
    public EchoMqRollups echoMqRollups(EchoMqConnection connection, EchoMqProperties properties, EchoMqResources resources,
                                       EchoMqEventTimes eventTimes) {
        java.util.List<RollupRules.Rule> rules = RollupRules.rules(properties.getRollups(), eventTimes);
        java.util.List<echomq.engine.rollup.Rollup<echomq.sketches.AggregateState>> rollups = rules.stream()
                .map(r -> new echomq.engine.rollup.Rollup<>(r.spec(), r.folds().rollup(), connection.range(), connection.states(),
                        connection.rollupAppends(), connection.serverClock()))
                .toList();
        EchoMqRollups bean = new EchoMqRollups(rules, rollups);
        resources.onStart(() -> {
            bean.start();
            resources.runner(bean);
        });
        return bean;
    }

    /**
     * The streams' event times of {@code echomq.event-times[i].*} (none declared: every stream goes by its ids' time).
     * Every property is checked here, before anything reaches Redis.
     *
     * @param properties the properties
     * @return the event times
     * @throws EchoMqConfigurationException naming the property that is missing or bad
     */
    @Bean
    @ConditionalOnMissingBean
    public EchoMqEventTimes echoMqEventTimes(EchoMqProperties properties) {
        return EchoMqEventTimes.of(properties.getEventTimes());
    }

    /**
     * Paged window reads and folds, without a cache.
     *
     * @param range the range port
     * @param clock a {@link Clock} bean, when there is one
     * @return the windows
     */
    @Bean
    @ConditionalOnMissingBean
    public StreamWindows echoMqStreamWindows(StreamRangePort range, ObjectProvider<Clock> clock) {
        return new StreamWindows(range, clock.getIfUnique(Clock::systemUTC));
    }

    /**
     * The caching reader: {@code fold(source, window, fold)} for every kind of window and series.
     *
     * @param range       the range port
     * @param states      the state port
     * @param checkpoints the checkpoint port, used when {@code echomq.reader.checkpoint-ttl} is set
     * @param clock       a {@link Clock} bean, when there is one
     * @param properties  the properties
     * @param listeners   who hears the reads
     * @return the reader
     */
    @Bean
    @ConditionalOnMissingBean
    public ProjectionReader echoMqProjectionReader(StreamRangePort range, StreamStatePort states, ObjectProvider<CheckpointPort> checkpoints,
                                                   ObjectProvider<Clock> clock, EchoMqProperties properties,
                                                   ObjectProvider<EchoListener> listeners) {
        EchoMqProperties.Reader r = properties.getReader();
        Clock c = clock.getIfUnique(Clock::systemUTC);
        ProjectionReader reader = r.getCheckpointTtl() == null
                ? new ProjectionReader(range, states, c, r.getMaxCachedFolds(), r.getPageSize())
                : new ProjectionReader(range, states, c, r.getMaxCachedFolds(), r.getPageSize(), checkpoints.getObject(), r.getCheckpointTtl());
        return reader.observedBy(listener(listeners));
    }

    /**
     * One follower per stream per process, for live values and closing buckets; closed with the context.
     *
     * @param tails      the tail port
     * @param states     the state port
     * @param properties the properties
     * @param listeners  who hears reconnects and conflations
     * @param resources  what the starter stops
     * @return the followers
     */
    @Bean
    @ConditionalOnMissingBean
    public StreamFollowers echoMqStreamFollowers(StreamTailPort tails, StreamStatePort states, EchoMqProperties properties,
                                                 ObjectProvider<EchoListener> listeners, EchoMqResources resources) {
        return resources.runner(new StreamFollowers(tails, states, properties.getFollowers().getBlock()).observedBy(listener(listeners)));
    }

    /**
     * The retention of {@code echomq.retention}, trimming through a {@link SafeRetention} (never past
     * what a consumer group has not acknowledged), run on a daemon thread of its own from the
     * context's start to its close.
     *
     * @param port        the plain retention port
     * @param readers     the readers port
     * @param checkpoints the checkpoint port
     * @param states      the state port
     * @param clock       a {@link Clock} bean, when there is one
     * @param properties  the properties
     * @param listeners   who hears the trims
     * @param resources   what the starter starts and stops
     * @return the driver
     * @throws EchoMqConfigurationException naming a rule that is not valid
     */
    @Bean
    @ConditionalOnMissingBean
    @Conditional(RetentionRules.Configured.class)
    public RetentionDriver echoMqRetentionDriver(StreamRetentionPort port, StreamReadersPort readers, CheckpointPort checkpoints,
                                                 StreamStatePort states, ObjectProvider<Clock> clock, EchoMqProperties properties,
                                                 ObjectProvider<EchoListener> listeners, EchoMqResources resources) {
        RetentionPolicy policy = RetentionRules.policy(properties.getRetention());
        SafeRetention safe = new SafeRetention(port, readers, checkpoints, states, io.vavr.collection.HashMap.empty())
                .observedBy(listener(listeners));
        RetentionDriver driver = new RetentionDriver(policy, safe, clock.getIfUnique(Clock::systemUTC), RetentionRules::log);
        Duration tick = RetentionRules.tick(policy);
        resources.onStart(() -> {
            ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "echomq-retention");
                t.setDaemon(true);
                return t;
            });
            resources.runner(new RetentionSchedule(driver.start(scheduler, tick), scheduler));
        });
        return driver;
    }

    /** The retention driver's runs on its own thread: cancelled, and the thread ended, when the context closes. */
    private record RetentionSchedule(ScheduledFuture<?> runs, ScheduledExecutorService scheduler) implements AutoCloseable {

        @Override
        public void close() {
            runs.cancel(false);
            scheduler.shutdownNow();
            try {
                scheduler.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public String toString() {
            return "the retention schedule";
        }
    }

    /**
     * Every listener bean at once, in their order ({@link EchoListener#and}: each hears every event
     * and opens its span, so a {@code MicrometerObservations} bean beside the meters works); none is
     * {@link EchoListener#NONE}.
     */
    static EchoListener listener(ObjectProvider<EchoListener> listeners) {
        return listeners.orderedStream().reduce(EchoListener::and).orElse(EchoListener.NONE);
    }
}
