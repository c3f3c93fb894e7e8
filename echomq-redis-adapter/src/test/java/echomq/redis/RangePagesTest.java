package echomq.redis;

import echomq.domain.fold.Fold;
import echomq.domain.id.Snowflake;
import echomq.domain.id.StreamId;
import echomq.domain.partition.HashSlot;
import echomq.domain.stream.RangePages;
import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.StreamWindows;
import echomq.domain.window.Window;
import echomq.testkit.RedisClusterProcess;
import echomq.testkit.RedisServerProcess;
import echomq.testkit.TestRedis;
import io.vavr.collection.LinkedHashMap;
import io.vavr.control.Option;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The pages with the next one in flight ({@link RedisRangePages}) on real Redis: the same entries as
 * one range call, and the pooled connection left clean however the caller stops (done, closed with a
 * page in flight, a fold that throws), on a pool of one connection so any leftover reply would be
 * read by the next command; each on a client of Jedis' own connections (the reply decoded after
 * the next request went out) and on one {@link RedisConnections} built (the reply read straight
 * into entries, {@link EntriesConnection}).
 */
class RangePagesTest {

    static RedisClient onePooled;
    static RedisClient oneOfOurs;
    static final String QUEUE = "pages" + System.nanoTime();

    @BeforeAll
    static void load() {
        URI uri = URI.create(TestRedis.uri());
        GenericObjectPoolConfig<Connection> pool = onePool();
        onePooled = RedisClient.builder().hostAndPort(new HostAndPort(uri.getHost(), uri.getPort()))
                .clientConfig(DefaultJedisClientConfig.builder().socketTimeoutMillis(5000).build())
                .poolConfig(pool).build();
        oneOfOurs = RedisConnections.server(new HostAndPort(uri.getHost(), uri.getPort()),
                DefaultJedisClientConfig.builder().socketTimeoutMillis(5000).build(), onePool());
        RedisStreamAppend append = new RedisStreamAppend(onePooled, new Snowflake(3, Clock.systemUTC()));
        List<LinkedHashMap<String, String>> records = new ArrayList<>();
        for (int i = 0; i < 2_345; i++) {
            records.add(LinkedHashMap.of("n", Integer.toString(i), "tag", "t" + (i % 7)));
        }
        append.appendBatch(StreamKey.of(QUEUE, "s"), records);
    }

    static redis.clients.jedis.ConnectionPoolConfig onePool() {
        redis.clients.jedis.ConnectionPoolConfig pool = new redis.clients.jedis.ConnectionPoolConfig();
        pool.setMaxTotal(1);
        pool.setMaxWait(Duration.ofSeconds(2));
        return pool;
    }

    static List<RedisClient> clients() {
        return List.of(onePooled, oneOfOurs);
    }

    @AfterAll
    static void close() {
        onePooled.close();
        oneOfOurs.close();
    }

    @Test
    void theClientsRedisConnectionsBuildsReadPagesAsTheyArrive() {
        try (Connection c = oneOfOurs.getPool().getResource()) {
            assertThat(c).isInstanceOf(EntriesConnection.class);
        }
        try (Connection c = onePooled.getPool().getResource()) {
            assertThat(c).isNotInstanceOf(EntriesConnection.class);
        }
    }

    /**
     * A pooled connection the server closed while it sat idle (a restart, a failover, a
     * {@code CLIENT KILL}) fails at its first use: the read asks again on a new connection, as Jedis'
     * own cluster commands do, and hands out every entry once, on both kinds of pooled connection.
     */
    @Test
    void aPooledConnectionTheServerClosedWhileIdleIsReplacedAndTheReadGoesOn() {
        try (RedisServerProcess own = TestRedis.privateServer()) {
            URI uri = URI.create(own.uri());
            HostAndPort at = new HostAndPort(uri.getHost(), uri.getPort());
            DefaultJedisClientConfig config = DefaultJedisClientConfig.builder().socketTimeoutMillis(5000).build();
            try (RedisClient plain = RedisClient.builder().hostAndPort(at).clientConfig(config).poolConfig(onePool()).build();
                 RedisClient ours = RedisConnections.server(at, config, onePool());
                 UnifiedJedis admin = RedisConnections.connect(own.uri())) {
                StreamKey key = StreamKey.of("stale", "s");
                List<LinkedHashMap<String, String>> records = new ArrayList<>();
                for (int i = 0; i < 25; i++) {
                    records.add(LinkedHashMap.of("n", Integer.toString(i)));
                }
                new RedisStreamAppend(plain, new Snowflake(4, Clock.systemUTC())).appendBatch(key, records);
                for (RedisClient client : List.of(plain, ours)) {
                    List<StreamId> before = readAll(client, key); // leaves the pool's one connection idle
                    assertThat(before).hasSize(25);
                    Object killed = admin.sendCommand(redis.clients.jedis.Protocol.Command.CLIENT, "KILL", "TYPE", "normal", "SKIPME", "yes");
                    assertThat((Long) killed).as("connections the server closed").isPositive();
                    assertThat(readAll(client, key)).as("read again after the kill").isEqualTo(before);
                }
            }
        }
    }

    private static List<StreamId> readAll(RedisClient client, StreamKey key) {
        List<StreamId> ids = new ArrayList<>();
        try (RangePages p = new RedisStreamRange(client).pages(key, StreamId.MIN, Option.none(), 10)) {
            for (List<StreamEntry> page = p.next(); !page.isEmpty(); page = p.next()) {
                page.forEach(e -> ids.add(e.id()));
            }
        }
        return ids;
    }

    @Test
    void anErrorReplyToAPageLeavesOurConnectionInStep() {
        String text = "str" + System.nanoTime();
        oneOfOurs.set("emq:{" + text + "}:stream:s", "not a stream");
        try (RangePages p = new RedisStreamRange(oneOfOurs).pages(StreamKey.of(text, "s"), StreamId.MIN, Option.none(), 10)) {
            assertThatThrownBy(p::next).isInstanceOf(echomq.domain.stream.StreamStoreException.WrongType.class)
                    .hasMessageContaining(text);
        }
        assertThat(oneOfOurs.ping()).isEqualTo("PONG");
        assertThat(all(oneOfOurs)).hasSize(2_345);
    }

    static List<StreamEntry> all(UnifiedJedis jedis) {
        return new RedisStreamRange(jedis).rangeFrom(StreamKey.of(QUEUE, "s"), StreamId.MIN, 10_000);
    }

    @Test
    void pagesHoldTheSameEntriesAsOneRangeAtEveryPageSize() {
        for (RedisClient client : clients()) {
            pagesHoldTheSameEntriesAsOneRange(client);
        }
    }

    private void pagesHoldTheSameEntriesAsOneRange(RedisClient onePooled) {
        RedisStreamRange range = new RedisStreamRange(onePooled);
        List<StreamEntry> expected = all(onePooled);
        assertThat(expected).hasSize(2_345);
        for (int pageSize : new int[] {1, 2, 7, 100, 1000, 2_344, 2_345, 2_346, 10_000}) {
            List<StreamEntry> got = new ArrayList<>();
            int pages = 0;
            try (RangePages p = range.pages(StreamKey.of(QUEUE, "s"), StreamId.MIN, Option.none(), pageSize)) {
                for (List<StreamEntry> page = p.next(); !page.isEmpty(); page = p.next()) {
                    assertThat(page.size()).isLessThanOrEqualTo(pageSize);
                    got.addAll(page);
                    pages++;
                }
                assertThat(p.next()).as("done stays done").isEmpty();
            }
            assertThat(got).as("page size %d", pageSize).isEqualTo(expected);
            // slices may come back short of a page (never empty mid-range: the loop would have stopped)
            assertThat(pages).isBetween((2_345 + pageSize - 1) / pageSize, 2_345);
        }
        StreamId upper = expected.get(1_500).id();
        try (RangePages p = range.pages(StreamKey.of(QUEUE, "s"), expected.get(10).id(), Option.some(upper), 100)) {
            List<StreamEntry> got = new ArrayList<>();
            for (List<StreamEntry> page = p.next(); !page.isEmpty(); page = p.next()) {
                got.addAll(page);
            }
            assertThat(got).isEqualTo(expected.subList(10, 1_501));
        }
        assertThat(all(onePooled)).isEqualTo(expected);
    }

    /**
     * A long range below the stream's top is read in slices ({@link echomq.domain.stream.PagePlan}):
     * one read of the top, then about one request per page (slightly more: slices aim a little short
     * of a page), as the server itself counts them; the pages are the range's entries in order.
     */
    @Test
    void aLongRangeBelowTheTopIsReadInSlicesAfterOneReadOfTheTop() {
        try (RedisServerProcess own = TestRedis.privateServer();
             UnifiedJedis ours = RedisConnections.connect(own.uri())) {
            echomq.testkit.SlicedRangeReads.check(own, new RedisStreamRange(ours), StreamKey.of("slices", "s"), (stream, ids, firstN) -> {
                var pipeline = ours.pipelined();
                for (int i = 0; i < ids.size(); i++) {
                    pipeline.xadd(stream.toString(), new redis.clients.jedis.StreamEntryID(ids.get(i).ms(), ids.get(i).seq()),
                            java.util.Map.of("n", Integer.toString(firstN + i)));
                }
                pipeline.sync();
            });
        }
    }

    @Test
    void closingWithAPageInFlightLeavesTheConnectionClean() {
        for (RedisClient client : clients()) {
            closingWithAPageInFlight(client);
        }
    }

    private void closingWithAPageInFlight(RedisClient onePooled) {
        RedisStreamRange range = new RedisStreamRange(onePooled);
        List<StreamEntry> expected = all(onePooled);
        for (int stopAfter = 1; stopAfter <= 4; stopAfter++) {
            try (RangePages p = range.pages(StreamKey.of(QUEUE, "s"), StreamId.MIN, Option.none(), 500)) {
                for (int i = 0; i < stopAfter; i++) {
                    // the next requests are now in flight (the top and a page after the first; up to two slices after)
                    assertThat(p.next()).isNotEmpty().hasSizeLessThanOrEqualTo(500);
                }
            }
            // the one pooled connection must answer this command, not the dropped page
            assertThat(onePooled.ping()).isEqualTo("PONG");
            assertThat(all(onePooled)).isEqualTo(expected);
        }
    }

    @Test
    void aFoldThatThrowsMidRangeLeavesTheConnectionClean() {
        for (RedisClient client : clients()) {
            aFoldThatThrowsMidRange(client);
        }
    }

    private void aFoldThatThrowsMidRange(RedisClient onePooled) {
        StreamWindows windows = new StreamWindows(new RedisStreamRange(onePooled));
        Fold<Long> throwing = Fold.of("throws", 0L, (acc, e) -> {
            if (e.field("n").contains("1234")) {
                throw new IllegalStateException("a step that fails at 1234");
            }
            return acc + 1;
        });
        assertThatThrownBy(() -> windows.foldWindow(StreamKey.of(QUEUE, "s"), Window.since(Instant.EPOCH), throwing, 100))
                .hasMessageContaining("1234");
        assertThat(onePooled.ping()).isEqualTo("PONG");
        long n = windows.foldWindow(StreamKey.of(QUEUE, "s"), Window.since(Instant.EPOCH), Fold.of("count", 0L, (acc, e) -> acc + 1), 100);
        assertThat(n).isEqualTo(2_345);
    }

    /**
     * Entries whose items straddle every read the connection makes: values from empty to larger
     * than its buffer and Jedis' input buffer, names that change, grow, repeat and are not ASCII,
     * a foreign entry without an {@code id}; read in pages on a connection of ours, they are what
     * Jedis' own parser reads.
     */
    @Test
    void itemsOfEverySizeAreReadAsJedisReadsThem() {
        String queue = "sizes" + System.nanoTime();
        String key = "emq:{" + queue + "}:stream:s";
        java.util.Random r = echomq.testkit.Seeded.random("RangePagesTest.sizes");
        int[] sizes = {0, 1, 2, 13, 100, 8_191, 8_192, 8_193, 16_383, 16_384, 16_385, 70_000, 300_000};
        String[] names = {"a", "n", "ñame", "日本", "a-much-longer-field-name", ""};
        for (int i = 0; i < 60; i++) {
            java.util.Map<byte[], byte[]> fields = new java.util.LinkedHashMap<>();
            int n = 1 + r.nextInt(5);
            for (int f = 0; f < n; f++) {
                byte[] value = new byte[sizes[r.nextInt(sizes.length)]];
                for (int b = 0; b < value.length; b++) {
                    value[b] = (byte) ('a' + (b + i) % 26);
                }
                fields.put((names[r.nextInt(names.length)] + f).getBytes(java.nio.charset.StandardCharsets.UTF_8), value);
            }
            if (r.nextBoolean()) {
                fields.put("id".getBytes(), ("EVT" + i).getBytes());
            }
            oneOfOurs.xadd(key.getBytes(), redis.clients.jedis.params.XAddParams.xAddParams(), fields);
        }
        List<StreamEntry> expected = new RedisStreamRange(onePooled).rangeFrom(StreamKey.of(queue, "s"), StreamId.MIN, 1000);
        assertThat(expected).hasSize(60);
        for (int pageSize : new int[] {1, 7, 60, 100}) {
            List<StreamEntry> got = new ArrayList<>();
            try (RangePages p = new RedisStreamRange(oneOfOurs).pages(StreamKey.of(queue, "s"), StreamId.MIN, Option.none(), pageSize)) {
                for (List<StreamEntry> page = p.next(); !page.isEmpty(); page = p.next()) {
                    got.addAll(page);
                }
            }
            assertThat(got).as("page size %d", pageSize).isEqualTo(expected);
            for (int i = 0; i < got.size(); i++) {
                assertThat(got.get(i).fields().toList()).isEqualTo(expected.get(i).fields().toList());
                assertThat(got.get(i).fieldCount()).isEqualTo(expected.get(i).fieldCount());
            }
        }
        assertThat(oneOfOurs.ping()).isEqualTo("PONG");
    }

    /**
     * A redirection (the slot is served elsewhere) hands the rest of the range to the client's own
     * command path, which follows it: here the pages start on a master that does not own the slot.
     */
    @Test
    void aClusterRedirectionIsFollowedAndPagesAreReadOnConnectionsOfOurs() {
        try (RedisClusterProcess cluster = RedisClusterProcess.start()) {
            UnifiedJedis jedis = RedisConnections.connect(cluster.uri(), Duration.ofMillis(500), Duration.ofMillis(2000));
            String queue = "moved" + System.nanoTime();
            StreamKey key = StreamKey.of(queue, "s");
            RedisStreamAppend append = new RedisStreamAppend(jedis, new Snowflake(4, Clock.systemUTC()));
            List<LinkedHashMap<String, String>> records = new ArrayList<>();
            for (int i = 0; i < 250; i++) {
                records.add(LinkedHashMap.of("n", Integer.toString(i)));
            }
            append.appendBatch(StreamKey.of(queue, "s"), records);
            RedisStreamRange range = new RedisStreamRange(jedis);
            List<StreamEntry> expected = range.rangeFrom(key, StreamId.MIN, 1000);
            // the cluster client RedisConnections builds reads pages on connections of ours too
            try (Connection c = ((redis.clients.jedis.RedisClusterClient) jedis).getConnectionFromSlot(HashSlot.of(StreamKey.hashTag(queue)))) {
                assertThat(c).isInstanceOf(EntriesConnection.class);
            }
            for (int pageSize : new int[] {1, 7, 100, 250, 1000}) {
                List<StreamEntry> paged = new ArrayList<>();
                try (RangePages p = range.pages(key, StreamId.MIN, Option.none(), pageSize)) {
                    for (List<StreamEntry> page = p.next(); !page.isEmpty(); page = p.next()) {
                        paged.addAll(page);
                    }
                }
                assertThat(paged).as("page size %d on the cluster", pageSize).isEqualTo(expected);
            }
            RedisServerProcess owner = cluster.masterOf(HashSlot.of(StreamKey.hashTag(queue)));
            RedisServerProcess other = cluster.masters().stream().filter(m -> m != owner).findFirst().orElseThrow();
            HostAndPort wrong = new HostAndPort("127.0.0.1", other.port());
            DefaultJedisClientConfig config = DefaultJedisClientConfig.builder().build();
            List<java.util.function.Supplier<Connection>> connections = List.of(
                    () -> new Connection(wrong),
                    () -> new EntriesConnection.Maker().socketFactory(new redis.clients.jedis.DefaultJedisSocketFactory(wrong, config))
                            .clientConfig(config).build());
            for (java.util.function.Supplier<Connection> connection : connections) {
                List<StreamEntry> got = new ArrayList<>();
                try (RangePages p = new RedisRangePages(range, key, StreamId.MIN, Option.none(), 100, connection)) {
                    for (List<StreamEntry> page = p.next(); !page.isEmpty(); page = p.next()) {
                        got.addAll(page);
                    }
                }
                assertThat(got).isEqualTo(expected);
            }
            jedis.close();
        }
    }
}
