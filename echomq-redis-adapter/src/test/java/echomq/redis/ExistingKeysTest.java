package echomq.redis;

import echomq.domain.checkpoint.Checkpoints;
import echomq.domain.fold.CombinableFold;
import echomq.domain.partition.HashSlot;
import echomq.domain.stream.StreamKey;
import echomq.domain.window.Buckets;
import echomq.domain.window.Series;
import echomq.domain.window.Window;
import echomq.engine.projection.ProjectionReader;
import echomq.testkit.RedisClusterProcess;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.resps.StreamEntry;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Streams another service writes, under keys of its own naming: {@code XADD orders * amount 12 user u7}
 * (Redis-minted ids, no branded {@code id} field, fields in any order) read, fold and checkpoint like the
 * library's own, on one server and on a cluster, where the library's keys for them share their slot.
 */
class ExistingKeysTest {

    /** The sum of {@code amount} (exact) and the count, as "sum/count". */
    static final CombinableFold<String> SUM = CombinableFold.of("amounts", 1, "0/0", (acc, e) -> {
        String[] p = acc.split("/");
        BigDecimal v = e.field("amount").map(BigDecimal::new).getOrElse(BigDecimal.ZERO);
        return new BigDecimal(p[0]).add(v).toPlainString() + "/" + (Long.parseLong(p[1]) + 1);
    }, (a, b) -> {
        String[] x = a.split("/");
        String[] y = b.split("/");
        return new BigDecimal(x[0]).add(new BigDecimal(y[0])).toPlainString() + "/" + (Long.parseLong(x[1]) + Long.parseLong(y[1]));
    });

    /** Writes as another service would: `*` ids, its own fields in a varying order, no `id`. */
    static void produce(UnifiedJedis jedis, String key, int n, Random r) {
        for (int i = 0; i < n; i++) {
            Map<String, String> f = new LinkedHashMap<>();
            if (r.nextBoolean()) {
                f.put("user", "u" + r.nextInt(9));
                f.put("amount", r.nextInt(100) + "." + r.nextInt(10));
            } else {
                f.put("amount", Integer.toString(r.nextInt(100)));
                f.put("user", "u" + r.nextInt(9));
            }
            jedis.xadd(key, StreamEntryID.NEW_ENTRY, f);
        }
    }

    /** The answer computed apart, from XRANGE. */
    static String independent(UnifiedJedis jedis, String key) {
        BigDecimal sum = BigDecimal.ZERO;
        List<StreamEntry> all = jedis.xrange(key, (StreamEntryID) null, (StreamEntryID) null);
        for (StreamEntry e : all) {
            sum = sum.add(new BigDecimal(e.getFields().get("amount")));
        }
        return sum.toPlainString() + "/" + all.size();
    }

    static void readsFoldsAndCheckpoints(UnifiedJedis jedis, String key, Random r) {
        produce(jedis, key, 200, r);
        StreamKey stream = StreamKey.existing(key);
        assertThat(stream.toString()).isEqualTo(key);
        ProjectionReader reader = new ProjectionReader(new RedisStreamRange(jedis), new RedisStreamState(jedis), Clock.systemUTC(), 1_000);
        String expected = independent(jedis, key);
        assertThat(reader.fold(stream, Window.since(Instant.EPOCH), SUM)).isEqualTo(expected);
        assertThat(reader.fold(stream, Window.last(Duration.ofHours(1)), SUM)).isEqualTo(expected);
        Series<String> perSecond = reader.fold(stream, Buckets.tumbling(Duration.ofSeconds(1)).within(Window.last(Duration.ofMinutes(1))), SUM);
        assertThat(perSecond.buckets().map(b -> b.value()).fold("0/0", SUM::combine)).isEqualTo(expected);

        // a checkpoint of it, saved by a script over the stream and the checkpoint keys: one slot, or a cluster refuses (CROSSSLOT)
        Checkpoints checkpoints = new Checkpoints(new RedisStreamRange(jedis), new RedisStreamState(jedis), new RedisCheckpoints(jedis),
                Clock.systemUTC());
        Checkpoints.Resumed<String> first = checkpoints.foldLog(stream, SUM, CheckpointsTest.TEXT, 1);
        assertThat(first.value()).isEqualTo(expected);
        assertThat(first.saved()).isTrue();
        produce(jedis, key, 20, r);
        Checkpoints.Resumed<String> second = checkpoints.foldLog(stream, SUM, CheckpointsTest.TEXT, 1);
        assertThat(second.from()).as("resumed from the checkpoint").isNotEmpty();
        assertThat(second.tailEntries()).isEqualTo(20);
        assertThat(second.value()).isEqualTo(independent(jedis, key));
    }

    @Test
    void aKeyOfAnotherServiceReadsFoldsAndCheckpointsOnOneServer() {
        Random r = new Random(7);
        UnifiedJedis jedis = SharedRedis.client();
        String plain = "orders-" + UUID.randomUUID();
        readsFoldsAndCheckpoints(jedis, plain, r);
        assertThat(jedis.keys("emq:{" + plain + "}:key:checkpoint*")).as("the checkpoint under the key's own prefix").isNotEmpty();
        String tagged = "shop:{eu-" + UUID.randomUUID() + "}:orders";
        readsFoldsAndCheckpoints(jedis, tagged, r);
        String tag = StreamKey.hashTagOf(tagged);
        assertThat(jedis.keys("emq:{" + tag + "}:key:checkpoint*")).isNotEmpty()
                .allSatisfy(k -> assertThat(HashSlot.of(k)).isEqualTo(HashSlot.of(tagged)));
    }

    @Test
    void onAClusterTheLibrarysKeysShareTheKeysSlot() {
        Random r = new Random(11);
        try (RedisClusterProcess cluster = RedisClusterProcess.start();
             UnifiedJedis jedis = RedisConnections.connect(cluster.uri(), Duration.ofMillis(500), Duration.ofMillis(2_000))) {
            readsFoldsAndCheckpoints(jedis, "orders", r);
            readsFoldsAndCheckpoints(jedis, "shop:{eu}:orders", r);
            readsFoldsAndCheckpoints(jedis, "payments with spaces", r);
        }
    }

    @Test
    void anIdFieldOfAnotherServiceIsReadByName() {
        UnifiedJedis jedis = SharedRedis.client();
        String key = "orders-" + UUID.randomUUID();
        jedis.xadd(key, StreamEntryID.NEW_ENTRY, Map.of("id", "o-17", "amount", "3"));
        jedis.xadd(key, StreamEntryID.NEW_ENTRY, Map.of("amount", "4", "id", "o-18"));
        jedis.xadd(key, StreamEntryID.NEW_ENTRY, Map.of("amount", "5"));
        java.util.List<echomq.domain.stream.StreamEntry> read = new RedisStreamRange(jedis)
                .rangeFrom(StreamKey.existing(key), echomq.domain.id.StreamId.MIN, 10);
        assertThat(read.stream().map(e -> e.field("id").getOrElse("-")).toList()).containsExactly("o-17", "o-18", "-");
        assertThat(read.get(0).fields().keySet().toJavaList()).containsExactly("amount");
    }
}
