package echomq.spring.boot;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code echomq.*} properties of a Spring Boot application (IDEs complete them from the
 * metadata the configuration processor writes into the starter's jar).
 * <pre>
 * echomq.node-id=7
 * echomq.redis.url=redis://127.0.0.1:6379        # only when Spring Data Redis' factory is not the Redis to use
 * echomq.retention.cm.guess-scored.keep-age=7d
 * echomq.retention.cm.guess-scored.interval=10m
 * echomq.health.streams=cm:guess-scored
 * echomq.event-times[0].stream=orders             # orders carry their own time in ts: windows and rollups go by it
 * echomq.event-times[0].field=ts
 * echomq.event-times[0].lateness=5m
 * </pre>
 */
@ConfigurationProperties(prefix = "echomq")
public class EchoMqProperties {

    /** The name of these properties' prefix, as messages name a property. */
    static final String PREFIX = "echomq";

    /** Whether EchoMQ is configured at all. */
    private boolean enabled = true;

    /**
     * This process's snowflake node, 0..1023: every writing process of a stream needs its own. When
     * unset, the appender leases a free node from Redis ({@code emq:{echomq}:nodes}) for as long as
     * the process runs: never a default two processes could share.
     */
    private Integer nodeId;

    /** Where the ports run. */
    private final Redis redis = new Redis();

    /** The appender. */
    private final Appender appender = new Appender();

    /** When an append is acknowledged: as Redis answers it, or once replicas hold it. */
    private final Durability durability = new Durability();

    /** The caching projection reader. */
    private final Reader reader = new Reader();

    /** The stream followers (live values, closing buckets). */
    private final Followers followers = new Followers();

    /** The consumer group the {@code ConsumerGroupPort} bean reads as, when one is named. */
    private final ConsumerGroup consumerGroup = new ConsumerGroup();

    /** The Actuator health indicator. */
    private final Health health = new Health();

    /** The {@code EchoSql} bean, made when {@code echomq-sql} is on the class path. */
    private final Sql sql = new Sql();

    /**
     * Retention rules by queue, then by stream name: {@code echomq.retention.<queue>.<stream>.keep-age=7d}
     * (or {@code keep-newest=100000}), {@code .interval=10m}. A name with dots goes in brackets:
     * {@code echomq.retention.cm.[a.b].keep-age}. With none, there is no retention driver.
     */
    private final Map<String, Map<String, Retention>> retention = new LinkedHashMap<>();

    /**
     * Rollups written continuously while the context runs, one per index:
     * {@code echomq.rollups[0].stream=orders}, {@code .bucket=1m}, {@code .folds=count,sum:amount,p99:amount},
     * {@code .into=orders:1m}. With none, there is no rollup bean.
     */
    private final List<Rollup> rollups = new ArrayList<>();

    /**
     * Streams whose entries carry their own time, one per index: {@code echomq.event-times[0].stream=orders},
     * {@code .field=ts}, {@code .format=ms} (or {@code s}, {@code iso}), {@code .lateness=5m}, {@code .lead=1s}.
     * A rollup of such a stream goes by that time; the {@code EchoMqEventTimes} bean reads windows by it.
     */
    private final List<StreamTime> eventTimes = new ArrayList<>();

    /** For binding. */
    public EchoMqProperties() {
    }

    /**
     * Whether EchoMQ is configured at all ({@code echomq.enabled}, true by default).
     *
     * @return whether the auto-configuration applies
     */
    public boolean isEnabled() {
        return enabled;
    }

    /**
     * Sets {@code echomq.enabled}.
     *
     * @param enabled whether the auto-configuration applies
     */
    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    /**
     * This process's snowflake node ({@code echomq.node-id}), or null when unset: then the appender
     * leases a free node from Redis for as long as the process runs.
     *
     * @return the node, 0..1023, or null
     */
    public Integer getNodeId() {
        return nodeId;
    }

    /**
     * Sets {@code echomq.node-id}.
     *
     * @param nodeId the node, 0..1023
     */
    public void setNodeId(Integer nodeId) {
        this.nodeId = nodeId;
    }

    /**
     * {@code echomq.redis.*}.
     *
     * @return where the ports run
     */
    public Redis getRedis() {
        return redis;
    }

    /**
     * {@code echomq.appender.*}.
     *
     * @return the appender's settings
     */
    public Appender getAppender() {
        return appender;
    }

    /**
     * {@code echomq.durability.*}.
     *
     * @return when the appender's appends are acknowledged
     */
    public Durability getDurability() {
        return durability;
    }

    /**
     * {@code echomq.reader.*}.
     *
     * @return the reader's settings
     */
    public Reader getReader() {
        return reader;
    }

    /**
     * {@code echomq.followers.*}.
     *
     * @return the followers' settings
     */
    public Followers getFollowers() {
        return followers;
    }

    /**
     * {@code echomq.consumer-group.*}.
     *
     * @return the consumer group's settings
     */
    public ConsumerGroup getConsumerGroup() {
        return consumerGroup;
    }

    /**
     * {@code echomq.health.*}.
     *
     * @return the health indicator's settings
     */
    public Health getHealth() {
        return health;
    }

    /**
     * {@code echomq.sql.*}.
     *
     * @return the SQL bean's settings
     */
    public Sql getSql() {
        return sql;
    }

    /**
     * {@code echomq.rollups[i].*}.
     *
     * @return the rollups, in index order
     */
    public List<Rollup> getRollups() {
        return rollups;
    }

    /**
     * {@code echomq.event-times[i].*}.
     *
     * @return the streams' event times, in index order
     */
    public List<StreamTime> getEventTimes() {
        return eventTimes;
    }

    /**
     * {@code echomq.retention.<queue>.<stream>.*}.
     *
     * @return the rules by queue, then by stream name
     */
    public Map<String, Map<String, Retention>> getRetention() {
        return retention;
    }

    /** Which client the ports run on when {@code echomq.redis.url} is set. */
    public enum Client {
        /** Lettuce: one multiplexed connection (the default). */
        LETTUCE,
        /** Jedis 8: a pool of connections. */
        JEDIS
    }

    /** {@code echomq.redis.*}: where the ports run. */
    public static class Redis {

        /**
         * A Redis of EchoMQ's own: {@code redis://[user[:password]@]host[:port][/db]}, {@code rediss://…}
         * (TLS), {@code redis-cluster://host:port,host:port} (or {@code rediss-cluster://}). When set it
         * wins over Spring Data Redis' connection factory; the starter owns and closes this client.
         */
        private String url;

        /** The client for {@code echomq.redis.url}. */
        private Client client = Client.LETTUCE;

        /** How long a command may take: Lettuce's command timeout, Jedis' socket timeout. */
        private Duration timeout = Duration.ofSeconds(10);

        /** How long a Jedis connection may take to open. */
        private Duration connectTimeout = Duration.ofSeconds(2);

        /**
         * The most connections a Jedis client of the starter pools (per node): each stream a
         * follower reads holds one in its blocking read.
         */
        private int maxConnections = 16;

        /** For binding. */
        public Redis() {
        }

        /**
         * {@code echomq.redis.url}.
         *
         * @return the URI, or null
         */
        public String getUrl() {
            return url;
        }

        /**
         * Sets {@code echomq.redis.url}.
         *
         * @param url the URI
         */
        public void setUrl(String url) {
            this.url = url;
        }

        /**
         * {@code echomq.redis.client}.
         *
         * @return the client for the URI
         */
        public Client getClient() {
            return client;
        }

        /**
         * Sets {@code echomq.redis.client}.
         *
         * @param client the client for the URI
         */
        public void setClient(Client client) {
            this.client = client;
        }

        /**
         * {@code echomq.redis.timeout}.
         *
         * @return how long a command may take
         */
        public Duration getTimeout() {
            return timeout;
        }

        /**
         * Sets {@code echomq.redis.timeout}.
         *
         * @param timeout how long a command may take
         */
        public void setTimeout(Duration timeout) {
            this.timeout = timeout;
        }

        /**
         * {@code echomq.redis.connect-timeout}.
         *
         * @return how long a Jedis connection may take to open
         */
        public Duration getConnectTimeout() {
            return connectTimeout;
        }

        /**
         * Sets {@code echomq.redis.connect-timeout}.
         *
         * @param connectTimeout how long a Jedis connection may take to open
         */
        public void setConnectTimeout(Duration connectTimeout) {
            this.connectTimeout = connectTimeout;
        }

        /**
         * {@code echomq.redis.max-connections}.
         *
         * @return the most pooled Jedis connections (per node)
         */
        public int getMaxConnections() {
            return maxConnections;
        }

        /**
         * Sets {@code echomq.redis.max-connections}.
         *
         * @param maxConnections the most pooled Jedis connections (per node)
         */
        public void setMaxConnections(int maxConnections) {
            this.maxConnections = maxConnections;
        }
    }

    /** {@code echomq.appender.*}. */
    public static class Appender {

        /** Whether there is an appender bean (a process that only reads sets false and needs no node id). */
        private boolean enabled = true;

        /** For binding. */
        public Appender() {
        }

        /**
         * {@code echomq.appender.enabled}.
         *
         * @return whether there is an appender bean
         */
        public boolean isEnabled() {
            return enabled;
        }

        /**
         * Sets {@code echomq.appender.enabled}.
         *
         * @param enabled whether there is an appender bean
         */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /**
     * {@code echomq.durability.*}: when the appender bean acknowledges an append. {@code mode=none}
     * (the default): as Redis answers it, and a write its master had not yet sent its replicas dies
     * with the master; {@code replicated}: once {@code replicas} replicas hold it ({@code WAIT}, one per
     * group commit batch), waiting at most {@code timeout}, fewer being a
     * {@code StreamStoreException.NotReplicated}; {@code replicated-fsync}: once they wrote it to their
     * append-only files ({@code WAITAOF}, Redis 7.2+; {@code WAIT} on an older server).
     */
    public static class Durability {

        /** {@code none}, {@code replicated} or {@code replicated-fsync}. */
        private String mode = "none";

        /** How many replicas must hold an append, with {@code replicated}. */
        private int replicas = 1;

        /** How long an append waits for its replicas, with {@code replicated}; below the client's command timeout. */
        private Duration timeout = Duration.ofSeconds(1);

        /** For binding. */
        public Durability() {
        }

        /**
         * {@code echomq.durability.mode}.
         *
         * @return {@code none}, {@code replicated} or {@code replicated-fsync}
         */
        public String getMode() {
            return mode;
        }

        /**
         * Sets {@code echomq.durability.mode}.
         *
         * @param mode {@code none}, {@code replicated} or {@code replicated-fsync}
         */
        public void setMode(String mode) {
            this.mode = mode;
        }

        /**
         * {@code echomq.durability.replicas}.
         *
         * @return how many replicas must hold an append
         */
        public int getReplicas() {
            return replicas;
        }

        /**
         * Sets {@code echomq.durability.replicas}.
         *
         * @param replicas how many replicas must hold an append, 1..100
         */
        public void setReplicas(int replicas) {
            this.replicas = replicas;
        }

        /**
         * {@code echomq.durability.timeout}.
         *
         * @return how long an append waits for its replicas
         */
        public Duration getTimeout() {
            return timeout;
        }

        /**
         * Sets {@code echomq.durability.timeout}.
         *
         * @param timeout how long an append waits for its replicas, 1 ms .. 60 s
         */
        public void setTimeout(Duration timeout) {
            this.timeout = timeout;
        }

        /**
         * The library's durability these properties spell.
         *
         * @return the durability
         * @throws EchoMqConfigurationException naming the property that is not valid
         */
        echomq.domain.stream.Durability toDurability() {
            try {
                return echomq.domain.stream.Durability.of(mode, replicas, timeout);
            } catch (IllegalArgumentException | NullPointerException e) {
                throw new EchoMqConfigurationException("echomq.durability is not valid (mode=" + mode + ", replicas=" + replicas + ", timeout="
                        + timeout + "): " + e.getMessage() + ".",
                        "Set echomq.durability.mode to none, replicated or replicated-fsync; with replicated, echomq.durability.replicas to "
                                + "1..100 and echomq.durability.timeout to 1ms..60s (below echomq.redis.timeout).", e);
            }
        }
    }

    /** {@code echomq.reader.*}: the caching {@code ProjectionReader}. */
    public static class Reader {

        /** The most folds (windows and panes) the reader keeps, least recently used out first. */
        private int maxCachedFolds = 10_000;

        /** Entries per range read. */
        private int pageSize = 1_000;

        /**
         * When set, the folds of sealed windows of checkpointable folds are kept in Redis checkpoints
         * for this long, so a restarted reader starts from them.
         */
        private Duration checkpointTtl;

        /** For binding. */
        public Reader() {
        }

        /**
         * {@code echomq.reader.max-cached-folds}.
         *
         * @return the most folds kept
         */
        public int getMaxCachedFolds() {
            return maxCachedFolds;
        }

        /**
         * Sets {@code echomq.reader.max-cached-folds}.
         *
         * @param maxCachedFolds the most folds kept, at least 1
         */
        public void setMaxCachedFolds(int maxCachedFolds) {
            this.maxCachedFolds = maxCachedFolds;
        }

        /**
         * {@code echomq.reader.page-size}.
         *
         * @return entries per range read
         */
        public int getPageSize() {
            return pageSize;
        }

        /**
         * Sets {@code echomq.reader.page-size}.
         *
         * @param pageSize entries per range read, at least 1
         */
        public void setPageSize(int pageSize) {
            this.pageSize = pageSize;
        }

        /**
         * {@code echomq.reader.checkpoint-ttl}.
         *
         * @return how long checkpoints are kept, or null for none
         */
        public Duration getCheckpointTtl() {
            return checkpointTtl;
        }

        /**
         * Sets {@code echomq.reader.checkpoint-ttl}.
         *
         * @param checkpointTtl how long checkpoints are kept
         */
        public void setCheckpointTtl(Duration checkpointTtl) {
            this.checkpointTtl = checkpointTtl;
        }
    }

    /** {@code echomq.sql.*}: the {@code EchoSql} bean. */
    public static class Sql {

        /** The zone {@code TIMESTAMP '…'} and {@code DATE '…'} literals are read in (Flink's session time zone): UTC unless set. */
        private String zone = "UTC";

        /** For binding. */
        public Sql() {
        }

        /**
         * {@code echomq.sql.zone}.
         *
         * @return the zone's name, e.g. {@code Europe/Berlin}
         */
        public String getZone() {
            return zone;
        }

        /**
         * Sets {@code echomq.sql.zone}.
         *
         * @param zone a zone's name
         */
        public void setZone(String zone) {
            this.zone = zone;
        }

        /**
         * The zone, read.
         *
         * @return the zone
         * @throws EchoMqConfigurationException naming {@code echomq.sql.zone} and its value when it is no zone
         */
        public java.time.ZoneId zone() {
            try {
                return java.time.ZoneId.of(zone == null ? "" : zone.trim());
            } catch (java.time.DateTimeException e) {
                throw new EchoMqConfigurationException("echomq.sql.zone is not a zone (\"" + zone + "\"): " + e.getMessage(),
                        "Set echomq.sql.zone to a zone such as UTC or Europe/Berlin.", e);
            }
        }
    }

    /** {@code echomq.followers.*}: the {@code StreamFollowers}. */
    public static class Followers {

        /** How long one follower's read waits for appends; keep it under the client's timeout. */
        private Duration block = Duration.ofSeconds(1);

        /** For binding. */
        public Followers() {
        }

        /**
         * {@code echomq.followers.block}.
         *
         * @return how long one read waits
         */
        public Duration getBlock() {
            return block;
        }

        /**
         * Sets {@code echomq.followers.block}.
         *
         * @param block how long one read waits, at least 1 ms
         */
        public void setBlock(Duration block) {
            this.block = block;
        }
    }

    /** {@code echomq.consumer-group.*}: the {@code ConsumerGroupPort} bean, made when stream and name are set. */
    public static class ConsumerGroup {

        /** The stream the group reads, {@code queue:name}. */
        private String stream;

        /** The stream the group reads, as an existing key ({@code orders}); instead of {@code stream}. */
        private String key;

        /** The group's name. */
        private String name;

        /** This process's consumer name; {@code node-<echomq.node-id>} when unset. */
        private String consumer;

        /** For binding. */
        public ConsumerGroup() {
        }

        /**
         * {@code echomq.consumer-group.stream}.
         *
         * @return the stream, {@code queue:name}, or null
         */
        public String getStream() {
            return stream;
        }

        /**
         * Sets {@code echomq.consumer-group.stream}.
         *
         * @param stream the stream, {@code queue:name}
         */
        public void setStream(String stream) {
            this.stream = stream;
        }

        /**
         * {@code echomq.consumer-group.key}.
         *
         * @return the stream's existing key, or null
         */
        public String getKey() {
            return key;
        }

        /**
         * Sets {@code echomq.consumer-group.key}.
         *
         * @param key the stream's existing key (any key, e.g. {@code orders}), instead of {@code stream}
         */
        public void setKey(String key) {
            this.key = key;
        }

        /**
         * {@code echomq.consumer-group.name}.
         *
         * @return the group's name, or null
         */
        public String getName() {
            return name;
        }

        /**
         * Sets {@code echomq.consumer-group.name}.
         *
         * @param name the group's name
         */
        public void setName(String name) {
            this.name = name;
        }

        /**
         * {@code echomq.consumer-group.consumer}.
         *
         * @return the consumer's name, or null
         */
        public String getConsumer() {
            return consumer;
        }

        /**
         * Sets {@code echomq.consumer-group.consumer}.
         *
         * @param consumer the consumer's name
         */
        public void setConsumer(String consumer) {
            this.consumer = consumer;
        }
    }

    /** {@code echomq.health.*}: the Actuator health indicator {@code echomq}. */
    public static class Health {

        /**
         * Streams ({@code queue:name}) whose consumer groups' pending and lag the indicator shows,
         * beside the consumer group's and the retention rules' streams.
         */
        private List<String> streams = new ArrayList<>();

        /** Streams under existing keys ({@code orders}) the indicator shows too, beside {@code streams}. */
        private List<String> keys = new ArrayList<>();

        /** When set, a group further behind than this many entries makes the status OUT_OF_SERVICE. */
        private Long maxLag;

        /** For binding. */
        public Health() {
        }

        /**
         * {@code echomq.health.streams}.
         *
         * @return the streams, {@code queue:name}
         */
        public List<String> getStreams() {
            return streams;
        }

        /**
         * Sets {@code echomq.health.streams}.
         *
         * @param streams the streams, {@code queue:name}
         */
        public void setStreams(List<String> streams) {
            this.streams = streams;
        }

        /**
         * {@code echomq.health.keys}.
         *
         * @return the existing keys of streams shown
         */
        public List<String> getKeys() {
            return keys;
        }

        /**
         * Sets {@code echomq.health.keys}.
         *
         * @param keys the existing keys of streams shown (any key, e.g. {@code orders})
         */
        public void setKeys(List<String> keys) {
            this.keys = keys;
        }

        /**
         * {@code echomq.health.max-lag}.
         *
         * @return the most lag that is healthy, or null for no limit
         */
        public Long getMaxLag() {
            return maxLag;
        }

        /**
         * Sets {@code echomq.health.max-lag}.
         *
         * @param maxLag the most lag that is healthy
         */
        public void setMaxLag(Long maxLag) {
            this.maxLag = maxLag;
        }
    }

    /** One stream's rule: {@code echomq.retention.<queue>.<stream>.*}; exactly one of keep-age and keep-newest. */
    public static class Retention {

        /** Keep the entries younger than this ({@code MINID}). */
        private Duration keepAge;

        /** Keep the newest this many entries ({@code MAXLEN}). */
        private Long keepNewest;

        /** How often the stream is trimmed. */
        private Duration interval = Duration.ofMinutes(5);

        /** Trim exactly ({@code =}) rather than to whole nodes ({@code ~}, cheaper). */
        private boolean exact;

        /** For binding. */
        public Retention() {
        }

        /**
         * {@code keep-age}.
         *
         * @return the age kept, or null
         */
        public Duration getKeepAge() {
            return keepAge;
        }

        /**
         * Sets {@code keep-age}.
         *
         * @param keepAge the age kept
         */
        public void setKeepAge(Duration keepAge) {
            this.keepAge = keepAge;
        }

        /**
         * {@code keep-newest}.
         *
         * @return the entries kept, or null
         */
        public Long getKeepNewest() {
            return keepNewest;
        }

        /**
         * Sets {@code keep-newest}.
         *
         * @param keepNewest the entries kept
         */
        public void setKeepNewest(Long keepNewest) {
            this.keepNewest = keepNewest;
        }

        /**
         * {@code interval}.
         *
         * @return how often the stream is trimmed
         */
        public Duration getInterval() {
            return interval;
        }

        /**
         * Sets {@code interval}.
         *
         * @param interval how often the stream is trimmed
         */
        public void setInterval(Duration interval) {
            this.interval = interval;
        }

        /**
         * {@code exact}.
         *
         * @return whether trims are exact
         */
        public boolean isExact() {
            return exact;
        }

        /**
         * Sets {@code exact}.
         *
         * @param exact whether trims are exact
         */
        public void setExact(boolean exact) {
            this.exact = exact;
        }
    }

    /**
     * {@code echomq.rollups[i].*}: a rollup written continuously (each closed bucket of {@code stream}
     * once, as an entry of {@code into} at {@code <bucket start ms>-0}), from the context's start to its close.
     */
    public static class Rollup {

        /** The stream rolled up, an existing key ({@code orders}, written with {@code XADD orders * amount 12}). */
        private String stream;

        /** The rollup stream, an existing key ({@code orders:1m}), another than {@code stream}. */
        private String into;

        /**
         * The buckets, as {@link echomq.domain.window.BucketSpelling} reads them: a duration ({@code 1m},
         * {@code 15m}, {@code 1h}: tumbling from the epoch), or {@code 1d}, {@code 1w}, {@code 1mo}: the
         * calendar days, ISO weeks or months of {@code zone}, from {@code day-starts}.
         */
        private String bucket;

        /** The zone of calendar buckets ({@code bucket=1d}, {@code 1w}, {@code 1mo}), e.g. {@code Europe/Berlin}; UTC when unset. */
        private String zone;

        /** The time of day calendar buckets start at, {@code HH:MM} ({@code 05:00}); midnight when unset. */
        private String dayStarts;

        /**
         * The folds, comma-separated ({@code count,sum:amount,p99:amount}), each of a kind in
         * {@link echomq.sketches.Aggregates#KINDS} (the list is there, and checked at start by
         * {@link echomq.sketches.Aggregates#parse(String)}).
         */
        private String folds;

        /** How far a writer's clock may lag Redis': a bucket is written once Redis' clock is past its end by more. */
        private Duration skew = Duration.ofMillis(100);

        /** The delay between two passes. */
        private Duration every = Duration.ofSeconds(1);

        /**
         * When {@code stream} has an event time ({@code echomq.event-times}): the existing key of a stream
         * each entry it leaves out (late, early, untimed) is copied to, once, at its own id.
         */
        private String lateInto;

        /** For binding. */
        public Rollup() {
        }

        /**
         * {@code echomq.rollups[i].late-into}.
         *
         * @return the key the left-out entries are copied to, or null
         */
        public String getLateInto() {
            return lateInto;
        }

        /**
         * Sets {@code echomq.rollups[i].late-into}.
         *
         * @param lateInto the existing key of the stream of left-out entries
         */
        public void setLateInto(String lateInto) {
            this.lateInto = lateInto;
        }

        /**
         * {@code echomq.rollups[i].stream}.
         *
         * @return the source's existing key, or null
         */
        public String getStream() {
            return stream;
        }

        /**
         * Sets {@code echomq.rollups[i].stream}.
         *
         * @param stream the source's existing key
         */
        public void setStream(String stream) {
            this.stream = stream;
        }

        /**
         * {@code echomq.rollups[i].into}.
         *
         * @return the rollup stream's existing key, or null
         */
        public String getInto() {
            return into;
        }

        /**
         * Sets {@code echomq.rollups[i].into}.
         *
         * @param into the rollup stream's existing key
         */
        public void setInto(String into) {
            this.into = into;
        }

        /**
         * {@code echomq.rollups[i].bucket}.
         *
         * @return the buckets as spelled ({@code 1m}, {@code 1d}, {@code 1mo}), or null
         */
        public String getBucket() {
            return bucket;
        }

        /**
         * Sets {@code echomq.rollups[i].bucket}.
         *
         * @param bucket the buckets as spelled: a duration, or {@code 1d}, {@code 1w}, {@code 1mo} of {@code zone}
         */
        public void setBucket(String bucket) {
            this.bucket = bucket;
        }

        /**
         * {@code echomq.rollups[i].day-starts}.
         *
         * @return the time of day calendar buckets start at ({@code 05:00}), or null for midnight
         */
        public String getDayStarts() {
            return dayStarts;
        }

        /**
         * Sets {@code echomq.rollups[i].day-starts}.
         *
         * @param dayStarts the time of day calendar buckets start at, {@code HH:MM}
         */
        public void setDayStarts(String dayStarts) {
            this.dayStarts = dayStarts;
        }

        /**
         * {@code echomq.rollups[i].zone}.
         *
         * @return the zone of calendar buckets, or null
         */
        public String getZone() {
            return zone;
        }

        /**
         * Sets {@code echomq.rollups[i].zone}.
         *
         * @param zone the zone of calendar buckets
         */
        public void setZone(String zone) {
            this.zone = zone;
        }

        /**
         * {@code echomq.rollups[i].folds}.
         *
         * @return the folds, or null
         */
        public String getFolds() {
            return folds;
        }

        /**
         * Sets {@code echomq.rollups[i].folds}.
         *
         * @param folds the folds, comma-separated
         */
        public void setFolds(String folds) {
            this.folds = folds;
        }

        /**
         * {@code echomq.rollups[i].skew}.
         *
         * @return the writers' skew
         */
        public Duration getSkew() {
            return skew;
        }

        /**
         * Sets {@code echomq.rollups[i].skew}.
         *
         * @param skew the writers' skew, at least zero
         */
        public void setSkew(Duration skew) {
            this.skew = skew;
        }

        /**
         * {@code echomq.rollups[i].every}.
         *
         * @return the delay between two passes
         */
        public Duration getEvery() {
            return every;
        }

        /**
         * Sets {@code echomq.rollups[i].every}.
         *
         * @param every the delay between two passes, above zero
         */
        public void setEvery(Duration every) {
            this.every = every;
        }
    }

    /**
     * {@code echomq.event-times[i].*}: a stream's event time (docs/03, "By the event's own time"). An
     * entry of id millisecond {@code m} whose {@code field} holds the time {@code e} belongs to the
     * windows of {@code e} when {@code m - lateness <= e <= m + lead}; any other is left out, and counted.
     */
    public static class StreamTime {

        /** The stream, an existing key ({@code orders}). */
        private String stream;

        /** The field holding each entry's own time ({@code ts}). */
        private String field;

        /** How the field writes it: {@code ms} (epoch milliseconds, the default), {@code s} (epoch seconds) or {@code iso} (ISO-8601 with an offset). */
        private String format = "ms";

        /** How long after its event time an entry may still be written: reads reach this far past their end, buckets close this much later. */
        private Duration lateness = Duration.ZERO;

        /** How far a writer's clock may run ahead of Redis': reads start this much before their start. */
        private Duration lead = echomq.domain.eventtime.EventTime.DEFAULT_LEAD;

        /** For binding. */
        public StreamTime() {
        }

        /**
         * {@code echomq.event-times[i].stream}.
         *
         * @return the stream's existing key, or null
         */
        public String getStream() {
            return stream;
        }

        /**
         * Sets {@code echomq.event-times[i].stream}.
         *
         * @param stream the stream's existing key
         */
        public void setStream(String stream) {
            this.stream = stream;
        }

        /**
         * {@code echomq.event-times[i].field}.
         *
         * @return the field holding the time, or null
         */
        public String getField() {
            return field;
        }

        /**
         * Sets {@code echomq.event-times[i].field}.
         *
         * @param field the field holding the time
         */
        public void setField(String field) {
            this.field = field;
        }

        /**
         * {@code echomq.event-times[i].format}.
         *
         * @return {@code ms}, {@code s} or {@code iso}
         */
        public String getFormat() {
            return format;
        }

        /**
         * Sets {@code echomq.event-times[i].format}.
         *
         * @param format {@code ms}, {@code s} or {@code iso}
         */
        public void setFormat(String format) {
            this.format = format;
        }

        /**
         * {@code echomq.event-times[i].lateness}.
         *
         * @return the lateness
         */
        public Duration getLateness() {
            return lateness;
        }

        /**
         * Sets {@code echomq.event-times[i].lateness}.
         *
         * @param lateness whole milliseconds, 0 to 3650 days
         */
        public void setLateness(Duration lateness) {
            this.lateness = lateness;
        }

        /**
         * {@code echomq.event-times[i].lead}.
         *
         * @return the lead
         */
        public Duration getLead() {
            return lead;
        }

        /**
         * Sets {@code echomq.event-times[i].lead}.
         *
         * @param lead whole milliseconds, 0 to 3650 days
         */
        public void setLead(Duration lead) {
            this.lead = lead;
        }
    }
}
