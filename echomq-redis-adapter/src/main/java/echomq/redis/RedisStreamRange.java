package echomq.redis;

import echomq.wire.Replies;

import echomq.domain.stream.StreamEntry;
import echomq.domain.stream.StreamKey;
import echomq.domain.id.StreamId;
import echomq.domain.stream.StreamRangePort;
import echomq.domain.stream.RangePages;
import io.vavr.control.Option;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.util.JedisClusterCRC16;

import java.util.List;
import java.util.Objects;

import static echomq.wire.Replies.bytes;

/**
 * {@link StreamRangePort} over Jedis: one {@code XRANGE key <ms>-<seq> <ms>-<seq> COUNT n} per call,
 * the ids always rendered in full, the reply decoded in stream order into lean entries (fields kept
 * as the reply's bytes until read). {@link #pages} reads as {@link echomq.domain.stream.PagePlan} says: below the
 * stream's top, two requests in flight.
 */
public final class RedisStreamRange implements StreamRangePort {

    private static final byte[] PLUS = {'+'};

    private final UnifiedJedis jedis;

    /**
     * Over {@code jedis}.
     *
     * @param jedis the client (a server, or a cluster); not closed by this adapter
     */
    public RedisStreamRange(UnifiedJedis jedis) {
        this.jedis = Objects.requireNonNull(jedis, "jedis");
    }

    @Override
    public List<StreamEntry> range(StreamKey stream, StreamId from, StreamId to, int count) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        requireCount(count);
        byte[] k = bytes(key);
        return RedisFailures.on(key, () -> Replies.entries(key,
                jedis.xrange(k, bytes(from.toString()), bytes(to.toString()), count)));
    }

    @Override
    public List<StreamEntry> rangeFrom(StreamKey stream, StreamId from, int count) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        requireCount(count);
        byte[] k = bytes(key);
        return RedisFailures.on(key, () -> Replies.entries(key, jedis.xrange(k, bytes(from.toString()), PLUS, count)));
    }

    /**
     * The pages of the range, read as {@link echomq.domain.stream.PagePlan} says on one pooled connection
     * ({@link RedisRangePages}); on a client without a pool of its own, one {@code XRANGE} per page.
     */
    @Override
    public RangePages pages(StreamKey stream, StreamId from, Option<StreamId> to, int pageSize) {
        String key = Objects.requireNonNull(stream, "stream key").toString();
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        requireCount(pageSize);
        if (jedis instanceof RedisClient client) {
            return new RedisRangePages(this, stream, from, to, pageSize, () -> client.getPool().getResource());
        }
        if (jedis instanceof RedisClusterClient cluster) {
            int slot = JedisClusterCRC16.getSlot(key);
            return new RedisRangePages(this, stream, from, to, pageSize, () -> cluster.getConnectionFromSlot(slot),
                    () -> RedisRoutes.renew(cluster, bytes(key)));
        }
        return RangePages.oneByOne(this, stream, from, to, pageSize);
    }

    private static void requireCount(int count) {
        if (count <= 0) {
            throw new IllegalArgumentException("count must be > 0, got " + count);
        }
    }
}
